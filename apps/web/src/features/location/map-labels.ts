/** A box on the map, in pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a store's name goes beside its pin. */
export type LabelSide = 'above' | 'below' | 'hidden';

/**
 * As location.css draws a marker: its pin, a square turned on its corner, points this far below the marker's box, and
 * a name sits this far above the box or below it (clear of the point).
 */
export const PIN_TIP = 8;
export const LABEL_GAP = { above: 2, below: 10 } as const;

export interface MarkerLayout {
  /** the marker's box on the map (the pin's, unturned) */
  box: Box;
  /** the name's size; null for a marker whose name is never drawn (the customer's own dot) */
  label: { width: number; height: number } | null;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const pinArea = (m: MarkerLayout): Box => ({ ...m.box, height: m.box.height + PIN_TIP });

function labelBox(m: MarkerLayout, side: 'above' | 'below'): Box {
  const { width, height } = m.label!;
  const x = m.box.x + m.box.width / 2 - width / 2;
  const y = side === 'above' ? m.box.y - LABEL_GAP.above - height : m.box.y + m.box.height + LABEL_GAP.below;
  return { x, y, width, height };
}

/**
 * Stores a few kilometres apart are a few pixels apart on the map, and their names covered each other ("Crust
 * Koramangala" over "Crust Jayanagar"). The names are placed in `order`, the chosen store's first: each above its
 * pin, else below it, where it covers no name already placed and no other pin. The chosen store is named even where
 * neither side is free (above its pin); any other is then not named, nor is one whose pin a name already covers (its
 * name would float away from it): the list under the map names every store, a tap on a pin names it (it is then the
 * chosen one), and the pin keeps its name for screen readers.
 */
export function labelSides(markers: readonly MarkerLayout[], order: readonly number[]): LabelSide[] {
  const sides: LabelSide[] = markers.map(() => 'hidden');
  const placed: Box[] = [];
  for (const i of order) {
    const m = markers[i];
    if (!m?.label || placed.some((b) => overlaps(pinArea(m), b))) continue;
    const taken = [...placed, ...markers.filter((o) => o !== m).map(pinArea)];
    const side =
      (['above', 'below'] as const).find((s) => !taken.some((b) => overlaps(labelBox(m, s), b))) ??
      (placed.length === 0 ? 'above' : undefined);
    if (!side) continue;
    sides[i] = side;
    placed.push(labelBox(m, side));
  }
  return sides;
}
