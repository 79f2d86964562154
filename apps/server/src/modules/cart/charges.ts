import type { ChargeRules } from '@crust/domain/cart-model';
import { rupees } from '@crust/domain/money';

/**
 * The chain's charges. SPEC leaves the amounts open; these are documented in docs/cart-pricing.md.
 * Delivery is free from ₹299 of food after discounts; packaging is charged on everything not eaten in.
 */
export const CHARGE_RULES: ChargeRules = {
  deliveryCharge: rupees(30),
  freeDeliveryFrom: rupees(299),
  packagingCharge: rupees(20),
  optionalCharge: { code: 'K', label: 'Feed a child: donate ₹5 to a community kitchen', amount: rupees(5) },
  tipOptions: [rupees(20), rupees(30), rupees(50)],
};
