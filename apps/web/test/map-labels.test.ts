import { describe, expect, it } from 'vitest';
import { labelSides, type LabelSide, type MarkerLayout } from '../src/features/location/map-labels.ts';

/** A store's 36 px pin with its box's top left at (x, y), and a 120×33 name (two lines). */
const store = (x: number, y: number): MarkerLayout => ({
  box: { x, y, width: 36, height: 36 },
  label: { width: 120, height: 33 },
});
/** The customer's own dot: a marker that is never named. */
const you = (x: number, y: number): MarkerLayout => ({ box: { x, y, width: 18, height: 18 }, label: null });

/**
 * The pick-a-store map near Koramangala, as drawn at 412×823 (issue 31's walk): Koramangala (chosen), Jayanagar,
 * Indiranagar, Marathahalli and Whitefield within 140 px of each other.
 */
const KORAMANGALA_CLUSTER = [
  store(188, 170),
  store(158, 175),
  store(200, 137),
  store(243, 154),
  store(276, 144),
];

describe('labelSides: the names on the pick-a-store map cover neither each other nor another pin', () => {
  it.each<[string, MarkerLayout[], number[], LabelSide[]]>([
    ['one store: above its pin', [store(100, 100)], [0], ['above']],
    ['two stores far apart: both above', [store(20, 100), store(250, 100)], [0, 1], ['above', 'above']],
    // the first name takes the room above; the second's would cover it, so it goes under its own pin
    ['two side by side: the second below', [store(100, 100), store(150, 100)], [0, 1], ['above', 'below']],
    ['the order says who has the room above', [store(100, 100), store(150, 100)], [1, 0], ['below', 'above']],
    // a third between them: above it would cover the first name, below the second
    [
      'three side by side: the third has no room',
      [store(100, 100), store(150, 100), store(125, 100)],
      [0, 1, 2],
      ['above', 'below', 'hidden'],
    ],
    // a pin just over the chosen one: its name would cover it, so it goes below
    [
      'a pin right over the chosen one: named below',
      [store(100, 100), store(100, 60)],
      [0, 1],
      ['below', 'above'],
    ],
    // a pin just under another: its name above would cover that pin
    ['a pin just under another: named below', [store(100, 100), store(100, 140)], [0, 1], ['above', 'below']],
    // no side of Koramangala is free of pins: it is named above all the same; Indiranagar's and Marathahalli's pins
    // are then under its name, so theirs would float away from them; Whitefield has room on neither side
    [
      'the Koramangala cluster: the chosen store, and one more below its own pin',
      KORAMANGALA_CLUSTER,
      [0, 1, 2, 3, 4],
      ['above', 'below', 'hidden', 'hidden', 'hidden'],
    ],
    // the chosen store is named whatever is around it
    [
      'the chosen store is always named',
      KORAMANGALA_CLUSTER,
      [3, 0, 1, 2, 4],
      ['hidden', 'below', 'hidden', 'above', 'hidden'],
    ],
    ['the customer’s dot is never named', [you(300, 300), store(20, 100)], [0, 1], ['hidden', 'above']],
    // the name above would cover the dot, which the customer looks for first
    [
      'a name does not cover the customer’s dot',
      [store(20, 100), store(100, 100), you(109, 80)],
      [0, 1, 2],
      ['above', 'below', 'hidden'],
    ],
    [
      'a store left out of the order is not named',
      [store(20, 100), store(250, 100)],
      [1],
      ['hidden', 'above'],
    ],
  ])('%s', (_, markers, order, expected) => {
    expect(labelSides(markers, order)).toEqual(expected);
  });
});
