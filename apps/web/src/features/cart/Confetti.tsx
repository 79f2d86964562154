import { useEffect, type CSSProperties } from 'react';
import './confetti.css';

const COLOURS = ['#e8553e', '#ffd166', '#0b6e4f', '#1a73e8', '#f4a261', '#9b5de5', '#2e9e48'];
const COUNT = 28;

/**
 * Spread evenly across the width, each with its own colour, start and sideways drift; the scatter is a
 * fixed function of the index so every burst looks the same (and tests see the same page).
 */
const PIECES: CSSProperties[] = Array.from({ length: COUNT }, (_, i) => {
  const scatter = (i * 37) % 17; // 0–16, well mixed for consecutive pieces
  return {
    left: `${(((i + 0.5) / COUNT) * 100).toFixed(1)}%`,
    background: COLOURS[i % COLOURS.length],
    animationDelay: `${(scatter * 0.022).toFixed(2)}s`,
    ['--drift' as string]: `${(scatter - 8) * 6}px`,
  };
});
const BURST_MS = 2200;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** SPEC §5: a short burst of CSS confetti when the cart's offer comes good; none for reduced motion. */
export function Confetti({ onDone }: { onDone: () => void }) {
  const still = prefersReducedMotion();
  useEffect(() => {
    const id = window.setTimeout(onDone, still ? 0 : BURST_MS);
    return () => window.clearTimeout(id);
  }, [onDone, still]);
  if (still) return null;
  return (
    <div className="confetti" aria-hidden="true" data-testid="confetti">
      {PIECES.map((style, i) => (
        <span key={i} style={style} />
      ))}
    </div>
  );
}
