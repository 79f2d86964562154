/** Building an AppliedPromo from per-line discounts, so its total is their sum by construction. */
import type { AppliedPromo, Promotion } from './cart-model.ts';
import { addPaise, paise, type Paise } from './money.ts';

/** Adds a line's share; a zero share is left out so the map lists only lines that got something. */
export function addLineDiscount(into: Map<string, Paise>, itemId: string, amount: Paise): void {
  if (amount <= 0) return;
  into.set(itemId, addPaise(into.get(itemId) ?? paise(0), amount));
}

export function appliedPromo(promotion: Promotion, lineDiscounts: ReadonlyMap<string, Paise>): AppliedPromo {
  return { promotion, discount: addPaise(...lineDiscounts.values()), lineDiscounts };
}
