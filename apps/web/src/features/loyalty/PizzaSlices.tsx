import { yt } from './texts.ts';

const SIZE = 120;
const C = SIZE / 2;
const R = 54;

/** The point on the pizza's edge at `deg` degrees clockwise from twelve o'clock. */
function edge(deg: number, r = R): [number, number] {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [C + r * Math.cos(rad), C + r * Math.sin(rad)];
}

/** One wedge of `sweep` degrees from `from`, with its tip at the centre. */
function wedge(from: number, sweep: number): string {
  const [x1, y1] = edge(from);
  const [x2, y2] = edge(from + sweep);
  const f = (n: number) => n.toFixed(2);
  return `M${C} ${C}L${f(x1)} ${f(y1)}A${R} ${R} 0 0 1 ${f(x2)} ${f(y2)}Z`;
}

/**
 * Progress to the next free pizza drawn as a pizza of `total` slices, the `earned` ones baked (cheese and
 * toppings), the rest an outline; one image named "2 of 6 slices" for a screen reader.
 */
export function PizzaSlices({ earned, total }: { earned: number; total: number }) {
  const sweep = 360 / total;
  const label = yt('slicesOf', { n: earned, total });
  return (
    <svg
      className="slices"
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      width={SIZE}
      height={SIZE}
      role="img"
      aria-label={label}
      data-testid="pizza-slices"
    >
      {Array.from({ length: total }, (_, i) => {
        const from = i * sweep;
        const baked = i < earned;
        // a topping or two in the middle of each baked slice
        const [tx, ty] = edge(from + sweep / 2, R * 0.62);
        const [sx, sy] = edge(from + sweep * 0.3, R * 0.35);
        return (
          <g key={i} className={baked ? 'slice is-baked' : 'slice'}>
            <path d={wedge(from, sweep)} />
            {baked ? (
              <>
                <circle cx={tx} cy={ty} r={5.5} className="slice-pepperoni" />
                <circle cx={sx} cy={sy} r={3} className="slice-basil" />
              </>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
