import type { Cart, CartItem, InvalidCartItem } from '@crust/contract/cart';
import { bestDeal } from '@crust/domain/best-deal';
import type {
  AppliedPromo,
  CartLine,
  ChargeRules,
  InvalidLine,
  InvalidReason,
  PricedLine,
  PromoContext,
  PromoError,
  Promotion,
} from '@crust/domain/cart-model';
import { priceLines } from '@crust/domain/cart-lines';
import { cartCalculations, computeTotals, showConfetti } from '@crust/domain/cart-totals';
import { assertNever, type DeliveryType } from '@crust/domain/delivery-types';
import { EXTRA_CHEESE_ITEM_ID } from '@crust/domain/constants';
import {
  canRedeem,
  earnableBurnable,
  freeItemsIn,
  LOYALTY_MESSAGES,
  type PointsBalance,
} from '@crust/domain/loyalty';
import { MESSAGES } from '@crust/domain/messages';
import { paise, type Paise } from '@crust/domain/money';
import { couponNotFound } from '@crust/domain/promo-messages';
import {
  paymentConditionNote,
  paymentConditionSaving,
  type PaymentCondition,
} from '@crust/domain/promo-payment';
import { evaluatePromotion } from '@crust/domain/promotions';
import { giftAtStore, surpriseGift } from '@crust/domain/surprise-gift';
import type { CartCatalogue } from './catalogue.ts';
import type { ChainNames } from './repo.ts';
import { CART_TEXTS } from './texts.ts';

/** A cart as stored, in domain terms. */
export interface CartState {
  id: string;
  ownerId: string;
  storeId: number;
  deliveryType: DeliveryType;
  lines: CartLine[];
  tip: Paise;
  optionalCharge: boolean;
  promoCode: string | null;
  orderTimeSec: number | null;
  selectedPaymentId: string | null;
  notices: string[];
  recentKeys: string[];
  version: number;
}

export interface ViewEnv {
  catalogue: CartCatalogue;
  names: ChainNames;
  /** the promotion the cart carries, looked up by its code; undefined when the code is gone */
  applied: Promotion | undefined;
  /** listed coupons and the store's deals, for the best-deal suggestion */
  offerable: readonly Promotion[];
  ctx: PromoContext;
  rules: ChargeRules;
  walletUsed: boolean;
  /** the customer's Pizza Pals points; null for a guest or a customer not in the programme */
  points: PointsBalance | null;
}

export interface PricedCart {
  valid: PricedLine[];
  invalid: InvalidLine[];
  promo: AppliedPromo | null;
  /** the stored code no longer applies: it is cleared and the customer told why */
  promoDropped: PromoError | null;
}

const REASON_TEXT: Record<InvalidReason, string> = {
  NOT_AVAILABLE: MESSAGES.notAvailableNow,
  OUT_OF_STOCK: MESSAGES.outOfStock,
  PRICE_CHANGED: CART_TEXTS.reviewCart,
};

/** Prices the lines at the cart's store and checks its promotion against them. */
export function priceCart(state: CartState, env: ViewEnv): PricedCart {
  const { valid, invalid } = priceLines(state.lines, env.catalogue.catalogue);
  if (state.promoCode === null) return { valid, invalid, promo: null, promoDropped: null };
  if (!env.applied)
    return {
      valid,
      invalid,
      promo: null,
      promoDropped: couponNotFound(),
    };
  const outcome = evaluatePromotion(env.applied, valid, env.ctx);
  return outcome.ok
    ? { valid, invalid, promo: outcome.applied, promoDropped: null }
    : { valid, invalid, promo: null, promoDropped: outcome.error };
}

function summaryOf(line: CartLine, env: ViewEnv): string {
  const product = env.catalogue.products.get(line.productCode);
  const variant = product?.variants.find((v) => v.crustId === line.crustId && v.sizeId === line.sizeId);
  const size = variant?.sizeName ?? env.names.sizes.get(line.sizeId) ?? '';
  const crust = variant?.crustName ?? env.names.crusts.get(line.crustId) ?? '';
  const name = (id: number) => env.catalogue.toppingNames.get(id) ?? `#${id}`;
  const parts = [product?.metadataMap.isCustomizable === false ? size : `${size} | ${crust}`];
  if (line.addToppings.length) parts.push(`+ ${line.addToppings.map(name).join(', ')}`);
  if (line.replaceToppings.length) parts.push(`swapped in ${line.replaceToppings.map(name).join(', ')}`);
  if (line.removeToppings.length) parts.push(`− ${line.removeToppings.map(name).join(', ')}`);
  if (line.extraCheese > 0) parts.push(`${name(EXTRA_CHEESE_ITEM_ID)} × ${line.extraCheese}`);
  return parts.filter(Boolean).join('; ');
}

function invalidItem(inv: InvalidLine, env: ViewEnv): InvalidCartItem {
  const code = inv.line.productCode;
  return {
    itemId: inv.line.itemId,
    productCode: code,
    name: env.catalogue.products.get(code)?.name ?? env.names.products.get(code) ?? code,
    quantity: inv.line.quantity,
    summary: summaryOf(inv.line, env),
    reasonCode: inv.reason,
    reason: REASON_TEXT[inv.reason],
    pricePerQty: inv.line.seenUnitPrice,
    currentPricePerQty: inv.currentUnitPrice,
  };
}

function tipRemoved(state: CartState, env: ViewEnv): boolean {
  switch (state.deliveryType) {
    case 'D':
      // SPEC §5: no tip when the wallet is used for a cash-on-delivery order
      return env.walletUsed && state.selectedPaymentId === 'CASH';
    case 'T':
    case 'P':
    case 'DINEIN':
    case 'CURB':
    case 'IRCTC':
      return true;
    default:
      return assertNever(state.deliveryType);
  }
}

/** A payment-restricted coupon's condition, as the customer reads it (the coupon's, else null). */
export function paymentConditionOf(p: Promotion): PaymentCondition | null {
  if (p.kind !== 'COUPON' || p.coupon.paymentOptions === null) return null;
  return {
    promoCode: p.coupon.code,
    paymentOptions: p.coupon.paymentOptions,
    cardIssuer: p.coupon.cardIssuer,
  };
}

/** What the customer must do to keep a saving ("Pay by UPI to save ₹40"); null for an ordinary offer. */
export function savingCondition(p: Promotion, saving: Paise): string | null {
  const condition = paymentConditionOf(p);
  return condition ? paymentConditionSaving(condition, saving) : null;
}

const promoCodeOf = (p: Promotion) => (p.kind === 'COUPON' ? p.coupon.code : p.deal.code);
const promoTitleOf = (p: Promotion) => (p.kind === 'COUPON' ? p.coupon.title : p.deal.title);

/** The answer to every cart call: the cart priced now, exactly as the customer will pay it. */
export function cartView(state: CartState, priced: PricedCart, env: ViewEnv): Cart {
  const removed = tipRemoved(state, env);
  const tip = removed ? paise(0) : state.tip;
  const base = {
    deliveryType: state.deliveryType,
    tip,
    optionalChargeOpted: state.optionalCharge,
    rules: env.rules,
  };
  const totals = computeTotals({ ...base, lines: priced.valid, promo: priced.promo });
  const lineTotals = new Map(totals.lines.map((l) => [l.itemId, l]));

  const validItems: CartItem[] = priced.valid.map((p) => {
    const t = lineTotals.get(p.line.itemId);
    const menuProduct = env.catalogue.products.get(p.line.productCode);
    return {
      itemId: p.line.itemId,
      product: {
        code: p.product.code,
        name: p.product.name,
        categoryIds: [...p.product.categoryIds],
        foodType: p.product.foodType,
        image: menuProduct?.mediaList[0]?.url ?? '',
      },
      productType: p.product.productType,
      quantity: p.line.quantity,
      crustId: p.line.crustId,
      sizeId: p.line.sizeId,
      sizeCode: env.catalogue.sizeCodes.get(p.line.sizeId) ?? '',
      crustName: env.names.crusts.get(p.line.crustId) ?? '',
      sizeName: env.names.sizes.get(p.line.sizeId) ?? '',
      addTopngs: [...p.line.addToppings],
      remTopngs: [...p.line.removeToppings],
      repTopngs: [...p.line.replaceToppings],
      extraCheese: p.line.extraCheese,
      summary: summaryOf(p.line, env),
      isCustomizable: p.product.isCustomizable,
      nonVeg:
        p.product.foodType === 'NON_VEG' ||
        [...p.line.addToppings, ...p.line.replaceToppings].some(
          (id) => env.catalogue.catalogue.toppings.get(id)?.foodType === 'NON_VEG',
        ),
      pricePerQty: p.unitPrice,
      totalPrice: p.linePrice,
      totalDiscount: t?.discount ?? paise(0),
      totalPriceAfterDiscount: t?.netPrice ?? p.linePrice,
      taxAmount: t?.tax ?? paise(0),
      isEDVOApplied: t?.isEDVOApplied ?? false,
      promoGroupId: p.line.promoGroupId,
      menuType: p.line.freeItem ? 'LOYALTY' : null,
      potpFreeItem: p.line.freeItem === true,
    };
  });

  const promo = priced.promo;
  const coupon = promo?.promotion.kind === 'COUPON' ? promo.promotion.coupon : null;
  const minOrderValue = coupon?.minOrderValue ?? paise(0);

  // suggest a deal only when it beats what the cart already has
  const best = bestDeal(priced.valid, env.offerable, env.ctx, base);
  const currentSaving = promo
    ? computeTotals({ ...base, lines: priced.valid, promo: null }).grandTotal - totals.grandTotal
    : 0;
  const suggestion: Cart['bestDeal'] =
    best && best.saving > currentSaving
      ? {
          code: promoCodeOf(best.promotion),
          kind: best.promotion.kind,
          title: promoTitleOf(best.promotion),
          // "Save ₹X": the discount the cart will show once applied, as on the offers page
          saving: best.discount,
          condition: savingCondition(best.promotion, best.discount),
        }
      : null;
  const condition = promo ? paymentConditionOf(promo.promotion) : null;

  const notices = [...state.notices];
  if (priced.promoDropped) notices.push(priced.promoDropped.displayMsg);
  if (priced.invalid.some((i) => i.reason === 'PRICE_CHANGED') && !notices.includes(CART_TEXTS.reviewCart))
    notices.push(CART_TEXTS.reviewCart);
  // the free pizzas' points were spent meanwhile (another order): say so before the confirm refuses it
  const freeItems = freeItemsIn(state.lines);
  if (env.points && freeItems > 0 && !canRedeem(env.points, freeItems))
    notices.push(LOYALTY_MESSAGES.notEnoughPoints(env.points.burnable));

  return {
    cartId: state.id,
    version: state.version,
    storeId: state.storeId,
    deliveryType: state.deliveryType,
    orderDateTimeInSec: state.orderTimeSec,
    validItems,
    invalidItems: priced.invalid.map((i) => invalidItem(i, env)),
    cartCalculations: cartCalculations(totals, env.rules),
    strikePrice: totals.strikePrice,
    displayPrice: totals.displayPrice,
    displayNetPrice: totals.displayNetPrice,
    price: totals.grandTotal,
    taxAmount: totals.tax,
    itemCount: totals.itemCount,
    isEDVOApplied: totals.isEDVOApplied,
    tip: { tipAmount: tip, tipRemoved: removed && state.tip > 0, options: [...env.rules.tipOptions] },
    explicitPromo: condition
      ? {
          promoCode: condition.promoCode,
          paymentOptions: [...condition.paymentOptions],
          cardIssuer: condition.cardIssuer?.name ?? null,
          cardBins: [...(condition.cardIssuer?.bins ?? [])],
          condition: paymentConditionNote(condition),
        }
      : null,
    appliedPromo: promo
      ? {
          code: promoCodeOf(promo.promotion),
          kind: promo.promotion.kind,
          title: promoTitleOf(promo.promotion),
          discount: promo.discount,
          minOrderValue,
        }
      : null,
    optedOptionalCharges: [
      {
        chargeTypeCode: 'K',
        selected: state.optionalCharge,
        amount: env.rules.optionalCharge.amount,
        label: env.rules.optionalCharge.label,
      },
    ],
    surpriseGift: surpriseGift(totals.displayNetPrice, giftAtStore(env.catalogue.catalogue)),
    confetti: promo !== null && showConfetti(paise(totals.displayNetPrice + totals.tax), minOrderValue),
    bestDeal: suggestion,
    notices,
    earnableBurnable: env.points ? earnableBurnable(env.points, freeItemsIn(state.lines)) : null,
  };
}
