import { describe, expect, it } from 'vitest';
import { allocateProportionally } from '../src/allocation.ts';
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
