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
