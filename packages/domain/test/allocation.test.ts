import { describe, expect, it } from 'vitest';
import { allocateInWholeRupees, allocateProportionally } from '../src/allocation.ts';
import { paise } from '../src/money.ts';

const split = (total: number, weights: number[]) => allocateProportionally(paise(total), weights.map(paise));

describe('allocateProportionally (largest remainder)', () => {
  it.each<[string, number, number[], number[]]>([
    ['exact proportions', 100, [100, 300], [25, 75]],
    ['the left-over paisa to the largest remainder', 5_000, [21_900, 69_900], [1_193, 3_807]],
    ['equal remainders: the lower index first', 1, [1, 1, 1], [1, 0, 0]],
    ['two left over among three equals', 2, [5, 5, 5], [1, 1, 0]],
    ['the whole of every weight', 600, [100, 200, 300], [100, 200, 300]],
    ['nothing to split', 0, [100, 200], [0, 0]],
    ['a zero weight gets nothing', 10, [0, 10, 0], [0, 10, 0]],
    ['one weight takes it all', 37, [50], [37]],
    ['no weights, nothing to split', 0, [], []],
    ['all-zero weights, nothing to split', 0, [0, 0], [0, 0]],
    ['tiny total over many lines', 1, [10, 20, 30], [0, 0, 1]],
    [
      'large amounts stay exact',
      9_007_199_254_740_000,
      [9_007_199_254_740_000, 991],
      [9_007_199_254_739_009, 991],
    ],
  ])('%s', (_, total, weights, expected) => {
    const shares = split(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((s, q) => s + q, 0)).toBe(total);
  });

  it.each<[string, number, number[]]>([
    ['more than the weights add up to', 301, [100, 200]],
    ['a negative total', -1, [100]],
    ['a negative weight', 0, [-1, 5]],
    ['something over no weights', 1, []],
  ])('refuses %s', (_, total, weights) => {
    expect(() => split(total, weights)).toThrow(RangeError);
  });

  it('does not reorder the weights it is given', () => {
    const weights = [paise(3), paise(1), paise(2)];
    allocateProportionally(paise(4), weights);
    expect(weights).toEqual([3, 1, 2]);
  });
});

const inRupees = (total: number, weights: number[]) =>
  allocateInWholeRupees(paise(total), weights.map(paise));

describe('allocateInWholeRupees', () => {
  it.each<[string, number, number[], number[]]>([
    [
      '₹50 over ₹219 and ₹699: whole rupees, the left-over rupee to the larger remainder',
      5_000,
      [21_900, 69_900],
      [1_200, 3_800],
    ],
    ['₹150 over three lines', 15_000, [43_800, 69_900, 6_000], [5_500, 8_800, 700]],
    [
      'the paise of a total that has some go to the line with the most room',
      18_360,
      [21_900, 69_900],
      [4_400, 13_960],
    ],
    ['paise only', 37, [21_900, 69_900], [0, 37]],
    ['the whole of every weight', 60_000, [10_000, 20_000, 30_000], [10_000, 20_000, 30_000]],
    ['a zero weight gets nothing', 1_000, [0, 5_000, 0], [0, 1_000, 0]],
    ['nothing to split', 0, [10_000], [0]],
    // lines priced in paise: the rupees over their whole rupees, the paise to the first with the most room
    ['lines priced in paise', 250, [150, 150], [150, 100]],
    // no line has room for the 99 paise left: the split is in paise
    ['falls back to paise when the rest fits no line', 199, [150, 50], [149, 50]],
  ])('%s', (_, total, weights, expected) => {
    const shares = inRupees(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((s, q) => s + q, 0)).toBe(total);
  });

  it.each<[string, number, number[]]>([
    ['more than the weights add up to', 30_100, [10_000, 20_000]],
    ['a negative total', -100, [10_000]],
    ['a negative weight', 0, [-100, 500]],
  ])('refuses %s', (_, total, weights) => {
    expect(() => inRupees(total, weights)).toThrow(RangeError);
  });
});
