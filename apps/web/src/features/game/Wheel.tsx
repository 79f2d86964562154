import type { GameSegment } from '@crust/contract/game';
import { labelPlacement, segmentPath, SPIN_MS } from './wheel-geometry.ts';
import { gt } from './texts.ts';

/** Labels longer than this are split on their last space before it, over two lines. */
const LINE = 12;

function lines(label: string): string[] {
  if (label.length <= LINE) return [label];
  const cut = label.lastIndexOf(' ', LINE);
  return cut > 0 ? [label.slice(0, cut), label.slice(cut + 1)] : [label];
}

/**
 * The wheel of SPEC §9's 8 colour pairs. It only shows: `rotation` comes from the segment the server chose, and the
 * turn is a CSS transform (none when `animate` is false: reduced motion, or a result already known).
 */
export function Wheel({
  segments,
  rotation,
  animate,
  onStopped,
}: {
  segments: readonly GameSegment[];
  rotation: number;
  animate: boolean;
  onStopped?: () => void;
}) {
  return (
    <div className="game-wheel">
      <svg className="game-pointer" viewBox="0 0 24 20" width="28" height="24" aria-hidden="true">
        <path d="M2 0H22L12 20Z" fill="#1d1d1f" stroke="#fff" strokeWidth="1.5" />
      </svg>
      <svg className="game-wheel-svg" viewBox="-104 -104 208 208" role="img" aria-label={gt('wheelLabel')}>
        <g
          data-testid="wheel-rotor"
          data-rotation={rotation}
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: animate ? `transform ${SPIN_MS}ms cubic-bezier(0.17, 0.67, 0.12, 0.99)` : 'none',
          }}
          onTransitionEnd={onStopped}
        >
          <circle r="103" fill="#1d1d1f" />
          {segments.map((s) => {
            const at = labelPlacement(s.index);
            const text = lines(s.label);
            return (
              <g key={s.index}>
                <path d={segmentPath(s.index)} fill={s.background} stroke="#fff" strokeWidth="1" />
                <text
                  x={at.x}
                  y={at.y}
                  fill={s.text}
                  fontSize="10"
                  fontWeight="700"
                  textAnchor="middle"
                  dominantBaseline="middle"
                  transform={`rotate(${at.rotate} ${at.x} ${at.y})`}
                >
                  {text.map((line, i) => (
                    <tspan key={i} x={at.x} dy={i === 0 ? (text.length - 1) * -5.5 : 11}>
                      {line}
                    </tspan>
                  ))}
                </text>
              </g>
            );
          })}
          <circle r="14" fill="#fff" stroke="#1d1d1f" strokeWidth="3" />
        </g>
      </svg>
    </div>
  );
}
