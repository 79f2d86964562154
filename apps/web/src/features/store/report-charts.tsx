/**
 * The Reports view's charts (docs/back-office.md "Reports"): plain SVG and CSS drawn here, no chart library, so
 * the back office's lazy chunk stays small and the customer's screens carry none of it. Each chart names what it
 * shows for a screen reader; the table beside it holds the same figures.
 */

export interface ChartPoint {
  /** the period's name under its bar ("3 Nov") */
  label: string;
  value: number | null;
  /** the figure as text ("₹1,250"), for the bar's tooltip */
  text: string;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 8 };

/** Every label when they fit, else every n-th so they do not run into each other (about 12 fit). */
const labelStep = (count: number) => Math.max(1, Math.ceil(count / 12));

/** A bar per period (net sales per day, say); periods with nothing are a gap on the axis. */
export function PeriodBars({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  const max = Math.max(0, ...points.map((p) => p.value ?? 0));
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const slot = inner.w / Math.max(points.length, 1);
  const bar = Math.max(2, Math.min(48, slot * 0.7));
  const step = labelStep(points.length);
  const base = PAD.top + inner.h;
  return (
    <figure className="bo-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="bo-chart-svg">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={base} y2={base} className="bo-chart-axis" />
        {points.map((p, i) => {
          const h = max > 0 && p.value !== null ? (Math.max(p.value, 0) / max) * inner.h : 0;
          const x = PAD.left + slot * i + (slot - bar) / 2;
          return (
            <g key={`${p.label}-${i}`}>
              {h > 0 ? (
                <rect x={x} y={base - h} width={bar} height={h} rx={2} className="bo-chart-bar">
                  <title>{`${p.label}: ${p.text}`}</title>
                </rect>
              ) : null}
              {i % step === 0 ? (
                <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" className="bo-chart-label">
                  {p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="visually-hidden">{title}</figcaption>
    </figure>
  );
}

/** A line through the periods' values on a fixed scale (NPS: −100 to 100), with its zero line; no value, no dot. */
export function TrendLine({
  title,
  points,
  min,
  max,
}: {
  title: string;
  points: readonly ChartPoint[];
  min: number;
  max: number;
}) {
  const inner = { w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const slot = inner.w / Math.max(points.length, 1);
  const xOf = (i: number) => PAD.left + slot * i + slot / 2;
  const yOf = (v: number) => PAD.top + ((max - v) / (max - min)) * inner.h;
  const step = labelStep(points.length);
  // the line is broken where a period has no value, so a quiet day does not read as a score
  const runs: { x: number; y: number }[][] = [[]];
  points.forEach((p, i) => {
    if (p.value === null) runs.push([]);
    else runs.at(-1)!.push({ x: xOf(i), y: yOf(p.value) });
  });
  return (
    <figure className="bo-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} className="bo-chart-svg">
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yOf(0)} y2={yOf(0)} className="bo-chart-axis" />
        <text x={PAD.left} y={yOf(max) + 10} className="bo-chart-label">
          {max}
        </text>
        <text x={PAD.left} y={yOf(min) - 2} className="bo-chart-label">
          {min}
        </text>
        {runs
          .filter((r) => r.length > 1)
          .map((r, i) => (
            <polyline
              key={i}
              points={r.map((p) => `${p.x},${p.y}`).join(' ')}
              className="bo-chart-line"
              fill="none"
            />
          ))}
        {points.map((p, i) => (
          <g key={`${p.label}-${i}`}>
            {p.value !== null ? (
              <circle cx={xOf(i)} cy={yOf(p.value)} r={4} className="bo-chart-dot">
                <title>{`${p.label}: ${p.text}`}</title>
              </circle>
            ) : null}
            {i % step === 0 ? (
              <text x={xOf(i)} y={HEIGHT - 8} textAnchor="middle" className="bo-chart-label">
                {p.label}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
      <figcaption className="visually-hidden">{title}</figcaption>
    </figure>
  );
}

/** Shares of a whole as horizontal bars (net sales by payment method): a label, its bar and its figure. */
export function ShareBars({
  title,
  items,
}: {
  title: string;
  items: readonly { key: string; label: string; value: number; text: string }[];
}) {
  const max = Math.max(0, ...items.map((i) => i.value));
  return (
    <figure className="bo-chart bo-shares">
      <figcaption className="bo-chart-title">{title}</figcaption>
      <ul className="bo-share-list">
        {items.map((i) => (
          <li key={i.key} className="bo-share">
            <span className="bo-share-label">{i.label}</span>
            <span className="bo-share-track" aria-hidden="true">
              <span
                className="bo-share-bar"
                style={{ width: `${max > 0 ? Math.max((i.value / max) * 100, i.value > 0 ? 1 : 0) : 0}%` }}
              />
            </span>
            <span className="bo-share-value">{i.text}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
