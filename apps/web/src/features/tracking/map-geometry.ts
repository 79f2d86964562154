/**
 * The tracker's little map (no tiles, no images: the app must work without remote assets). An equirectangular
 * projection is plenty across a delivery radius: longitude shrinks by cos(latitude), and the points are fitted
 * into the drawing with padding, the same scale on both axes so the route keeps its direction.
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface Pt {
  x: number;
  y: number;
}

export interface Frame {
  width: number;
  height: number;
  /** room kept at the left and right edges, and above and below the points, for the pins and their labels */
  pad: { x: number; top: number; bottom: number };
}

export function fitPoints(points: readonly GeoPoint[], frame: Frame): Pt[] {
  if (points.length === 0) return [];
  const meanLat = points.reduce((n, p) => n + p.latitude, 0) / points.length;
  const kx = Math.cos((meanLat * Math.PI) / 180);
  const raw = points.map((p) => ({ x: p.longitude * kx, y: -p.latitude }));
  const xs = raw.map((p) => p.x);
  const ys = raw.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  const innerW = frame.width - 2 * frame.pad.x;
  const innerH = frame.height - frame.pad.top - frame.pad.bottom;
  // one point (or two in the same place) sits in the middle
  const scale =
    spanX === 0 && spanY === 0
      ? 0
      : Math.min(spanX ? innerW / spanX : Infinity, spanY ? innerH / spanY : Infinity);
  const offX = frame.pad.x + (innerW - spanX * scale) / 2;
  const offY = frame.pad.top + (innerH - spanY * scale) / 2;
  return raw.map((p) => ({ x: offX + (p.x - minX) * scale, y: offY + (p.y - minY) * scale }));
}

/**
 * Two pins drawn closer than `gap` (the same spot: a home geocoded to the store's own coordinates) are pushed
 * apart along the line between them, side by side when they coincide, so both stay visible. The map is a
 * sketch, not a survey: a pin a few metres off is better than one hidden under the other.
 */
export function keepApart(a: Pt, b: Pt, gap: number, frame: Frame): [Pt, Pt] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d = Math.hypot(dx, dy);
  if (d >= gap) return [a, b];
  const [ux, uy] = d === 0 ? [1, 0] : [dx / d, dy / d];
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  // the middle moves inwards when need be, so neither pin leaves the padded drawing
  const half = { x: (Math.abs(ux) * gap) / 2, y: (Math.abs(uy) * gap) / 2 };
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  const cx = clamp(mid.x, frame.pad.x + half.x, frame.width - frame.pad.x - half.x);
  const cy = clamp(mid.y, frame.pad.top + half.y, frame.height - frame.pad.bottom - half.y);
  return [
    { x: cx - (ux * gap) / 2, y: cy - (uy * gap) / 2 },
    { x: cx + (ux * gap) / 2, y: cy + (uy * gap) / 2 },
  ];
}

export interface LabelSpot {
  /** the label's centre, in the drawing */
  x: number;
  /** its baseline, in the drawing */
  y: number;
}

/** How a pin and its label sit on the drawing: the pin's tip is the place, its head rises above it. */
export interface PinShape {
  /** height of the pin's head above the tip */
  height: number;
  /** the labels' font size; a character is taken as `charWidth` wide */
  fontSize: number;
  charWidth: number;
  /** room between a label and the pin, and between a label and the edge */
  gap: number;
}

/** A label's width as drawn (an estimate: SVG text has no layout to ask before it is on the page). */
export const labelWidth = (text: string, shape: PinShape) => text.length * shape.charWidth;

/**
 * Where each pin's label goes so that neither covers the other, whatever the two places: the label of the
 * higher pin (the first, on a tie) sits above its head, the other's below its tip, so they are always a
 * pin's height apart; each is centred on its pin and kept inside the drawing.
 */
export function placeLabels(
  pins: readonly { at: Pt; label: string }[],
  frame: Pick<Frame, 'width'>,
  shape: PinShape,
): LabelSpot[] {
  const top = pins.reduce((best, p, i) => (p.at.y < (pins[best]?.at.y ?? Infinity) ? i : best), 0);
  return pins.map(({ at, label }, i) => {
    const half = labelWidth(label, shape) / 2;
    const x = Math.min(Math.max(at.x, shape.gap + half), frame.width - shape.gap - half);
    const above = pins.length > 1 && i === top;
    // a label's box reaches below its baseline (the letters' descent and their white halo) and above it by
    // more than the font size (the ascent and the halo)
    const y = above
      ? at.y - shape.height - shape.gap - Math.ceil(shape.fontSize * 0.7)
      : at.y + shape.gap + Math.ceil(shape.fontSize * 1.3);
    return { x, y };
  });
}

/** The point a fraction of the way from a to b. */
export function along(a: Pt, b: Pt, fraction: number): Pt {
  return { x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction };
}

/**
 * How far the rider probably is: the share of the time from dispatch to the promise that has passed, kept off
 * both ends (we have no GPS fix, only a hint that they are on their way). Halfway when the times are unknown.
 */
export function riderProgress(dispatchedMs: number | null, promisedMs: number | null, nowMs: number): number {
  if (dispatchedMs === null || promisedMs === null || promisedMs <= dispatchedMs) return 0.5;
  const share = (nowMs - dispatchedMs) / (promisedMs - dispatchedMs);
  return Math.min(0.85, Math.max(0.15, share));
}
