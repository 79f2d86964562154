/**
 * The wheel's drawing and where it stops. Segment i covers [i·45°, (i+1)·45°) clockwise from the top, under a
 * pointer at the top: the wheel turns a few whole turns and then so that the chosen segment's middle is under it.
 */
export const SEGMENT_DEGREES = 45;
/** whole turns before stopping: enough to read as a spin in ~3 s */
export const TURNS = 5;
export const SPIN_MS = 3200;

/** The rotation (degrees, clockwise) that stops segment `index` under the pointer, `from` the current one. */
export function stopRotation(index: number, from = 0): number {
  const target = 360 - (index * SEGMENT_DEGREES + SEGMENT_DEGREES / 2);
  const base = Math.ceil(from / 360) * 360;
  return base + TURNS * 360 + target;
}

/** The segment under the pointer at a rotation (the inverse of stopRotation). */
export function segmentAt(rotation: number): number {
  const angle = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.floor(angle / SEGMENT_DEGREES) % 8;
}

const R = 100;
const point = (deg: number, r = R) => {
  const rad = ((deg - 90) * Math.PI) / 180;
  return [Number((r * Math.cos(rad)).toFixed(3)), Number((r * Math.sin(rad)).toFixed(3))] as const;
};

/** The SVG path of segment `index` on a wheel of radius 100 centred at 0,0. */
export function segmentPath(index: number): string {
  const [x1, y1] = point(index * SEGMENT_DEGREES);
  const [x2, y2] = point((index + 1) * SEGMENT_DEGREES);
  return `M0 0L${x1} ${y1}A${R} ${R} 0 0 1 ${x2} ${y2}Z`;
}

/**
 * Where segment `index`'s label sits and how it is turned: along the radius, reading outwards on the right half and
 * inwards on the left, so no label is upside down on the wheel at rest.
 */
export function labelPlacement(index: number): { x: number; y: number; rotate: number } {
  const mid = index * SEGMENT_DEGREES + SEGMENT_DEGREES / 2;
  const [x, y] = point(mid, 62);
  return { x, y, rotate: mid < 180 ? mid - 90 : mid + 90 };
}
