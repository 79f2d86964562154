/** Spreading a discount over lines so every paisa is accounted for. */
import { paise, type Paise } from './money.ts';

/**
 * Splits `total` over the weights in proportion, by the largest-remainder method: each share is first
 * rounded down, then the paise left over go one each to the largest remainders (ties to the lower
 * index). The shares sum to `total` exactly and none exceeds its weight, so a line's discount never
 * exceeds its price. BigInt keeps total × weight exact however large the amounts.
 * Throws when the total is negative or more than the weights add up to (no exact split exists).
 */
export function allocateProportionally(total: Paise, weights: readonly Paise[]): Paise[] {
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('weights must be non-negative whole paise');
  const sum = weights.reduce((s, w) => s + BigInt(w), 0n);
  const t = BigInt(paise(total));
  if (t < 0n || t > sum) throw new RangeError(`cannot split ${total} over weights totalling ${sum}`);
  if (t === 0n) return weights.map(() => paise(0));

  const shares = weights.map((w) => (t * BigInt(w)) / sum);
  const remainders = weights.map((w, index) => ({ index, rest: (t * BigInt(w)) % sum }));
  let left = t - shares.reduce((s, q) => s + q, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map((q) => paise(Number(q)));
}

const RUPEE = 100;

/**
 * Splits `total` like allocateProportionally, but in whole rupees: a whole-rupee discount over whole-rupee
 * lines leaves every line at a whole-rupee price (₹50 off ₹219 and ₹699 is ₹12 and ₹38, not ₹11.93 and
 * ₹38.07). The rupees are split over the lines' whole rupees by the largest remainder; the paise of a total
 * that has some go to the line with the most room left (the lower index on a tie). Where that cannot be done
 * within the weights (lines priced in paise, a total near their sum) it falls back to the split in paise.
 * The shares still sum to `total` exactly and none exceeds its weight.
 */
export function allocateInWholeRupees(total: Paise, weights: readonly Paise[]): Paise[] {
  const inPaise = () => allocateProportionally(total, weights);
  if (total < 0 || weights.some((w) => !Number.isSafeInteger(w) || w < 0)) return inPaise();
  const rupeeWeights = weights.map((w) => paise(Math.floor(w / RUPEE)));
  const rupeesToSplit = Math.floor(total / RUPEE);
  if (rupeesToSplit > rupeeWeights.reduce((s, w) => s + w, 0)) return inPaise();
  const shares = allocateProportionally(paise(rupeesToSplit), rupeeWeights).map((r) => r * RUPEE);
  const rest = total - rupeesToSplit * RUPEE;
  if (rest > 0) {
    let roomiest = -1;
    weights.forEach((w, i) => {
      if (roomiest < 0 || w - shares[i]! > weights[roomiest]! - shares[roomiest]!) roomiest = i;
    });
    if (roomiest < 0 || weights[roomiest]! - shares[roomiest]! < rest) return inPaise();
    shares[roomiest] = shares[roomiest]! + rest;
  }
  return shares.map(paise);
}
