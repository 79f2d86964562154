import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../src/cart-totals.ts';
import { evaluatePromotion } from '../src/promotions.ts';
import { orderSettings, pricedCart, promotion } from './arbitraries.ts';
import { makePromoContext } from './factories.ts';

describe('cart totals (property)', () => {
  it('grand total adds up, is never negative, and the discount never exceeds the sub-total', () => {
    fc.assert(
      fc.property(pricedCart, promotion, orderSettings, (lines, p, settings) => {
        const outcome = evaluatePromotion(
          p,
          lines,
          makePromoContext({ deliveryType: settings.deliveryType }),
        );
        const promo = outcome.ok ? outcome.applied : null;
        const t = computeTotals({ lines, promo, ...settings });
        expect(t.grandTotal).toBe(
          t.subTotal - t.discount + t.deliveryCharge + t.packagingCharge + t.tax + t.tip + t.optionalCharge,
        );
        expect(t.grandTotal).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.discount).toBeLessThanOrEqual(t.subTotal);
        expect(t.discount).toBe(promo?.discount ?? 0);
        expect(t.tax).toBe(t.lines.reduce((s, l) => s + l.tax, 0));
        expect(t.displayNetPrice).toBe(t.subTotal - t.discount);
        t.lines.forEach((l) => expect(l.netPrice).toBeGreaterThanOrEqual(0));
      }),
    );
  });

  it('applying then removing a promotion restores every total exactly', () => {
    fc.assert(
      fc.property(pricedCart, promotion, orderSettings, (lines, p, settings) => {
        const snapshot = JSON.parse(JSON.stringify(lines)) as typeof lines;
        const before = computeTotals({ lines, promo: null, ...settings });
        const outcome = evaluatePromotion(
          p,
          lines,
          makePromoContext({ deliveryType: settings.deliveryType }),
        );
        if (outcome.ok) computeTotals({ lines, promo: outcome.applied, ...settings });
        expect(lines).toEqual(snapshot);
        expect(computeTotals({ lines, promo: null, ...settings })).toEqual(before);
      }),
    );
  });

  it('line discounts sum to the discount, name only cart lines, and never exceed a line', () => {
    fc.assert(
      fc.property(pricedCart, promotion, (lines, p) => {
        const outcome = evaluatePromotion(p, lines, makePromoContext());
        if (!outcome.ok) return;
        const { discount, lineDiscounts } = outcome.applied;
        const shares = [...lineDiscounts.values()];
        expect(shares.reduce((s, d) => s + d, 0)).toBe(discount);
        expect(discount).toBeGreaterThan(0);
        for (const [itemId, share] of lineDiscounts) {
          const line = lines.find((l) => l.line.itemId === itemId);
          expect(line).toBeDefined();
          expect(share).toBeGreaterThan(0);
          expect(share).toBeLessThanOrEqual(line!.linePrice);
        }
        const touched = lines.filter((l) => lineDiscounts.has(l.line.itemId));
        expect(discount).toBeLessThanOrEqual(touched.reduce((s, l) => s + l.linePrice, 0));
      }),
    );
  });

  it('a coupon never touches a line bound to a promotion', () => {
    fc.assert(
      fc.property(pricedCart, promotion, (lines, p) => {
        fc.pre(p.kind === 'COUPON');
        const outcome = evaluatePromotion(p, lines, makePromoContext());
        if (!outcome.ok) return;
        for (const l of lines)
          if (l.line.promoGroupId !== null)
            expect(outcome.applied.lineDiscounts.has(l.line.itemId)).toBe(false);
      }),
    );
  });
});
