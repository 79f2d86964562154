import { useEffect } from 'react';
import './confetti.css';

const PIECES = Array.from({ length: 28 }, (_, i) => i);
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
      {PIECES.map((i) => (
        <span key={i} />
      ))}
    </div>
  );
}
