import { z } from 'zod';
import { EarnableBurnableSchema, LoyaltyEnrollBodySchema } from './loyalty.ts';
import { NEXT_ACTIONS, PAYMENT_TYPES } from '@crust/domain/payment-types';
import { MESSAGES } from '@crust/domain/messages';
import { TRAIN_MESSAGES } from '@crust/domain/train';
import { AddressIdParams, AddressInputSchema } from './account.ts';
import { MobileSchema } from './auth.ts';
import {
  DeliveryEstimateSchema,
  DeliveryTypeSchema,
  PaiseSchema,
  customerText,
  outcomeOf,
  successOf,
} from './common.ts';
import { CartIdParams, GiftProductSchema } from './cart.ts';

/**
 * Orders and payments (issue 5, decision 010). The client says what to order and how it means to pay;
 * the server prices the cart itself, and card numbers never pass through here: they are typed on the
 * payment gateway's own page.
 */

export const PaymentTypeSchema = z.enum(PAYMENT_TYPES);
export const NextActionSchema = z.enum(NEXT_ACTIONS);

export const OrderIdSchema = z.string().regex(/^O[0-9A-F]{20}$/, 'must be an order id');
const TransactionIdSchema = z.string().regex(/^T[0-9A-F]{20}$/, 'must be a transaction id');

/** SPEC §3 Order details userDetails: who the order is for (pickup orders need all of it, SPEC §5). */
export const UserDetailsSchema = z.strictObject({
  firstName: z.string().trim().max(50),
  lastName: z.string().trim().max(50),
  email: z.union([z.literal(''), z.email(customerText(MESSAGES.enterValidEmail)).max(50)]),
  mobile: MobileSchema,
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

/** Curbside (CURB): the car the store brings the order to. */
export const VehicleDetailsSchema = z.strictObject({
  number: z.string().trim().min(1).max(16),
  colour: z.string().trim().max(30).optional(),
  model: z.string().trim().max(30).optional(),
});

/**
 * A delivery address: a customer's saved one by id, or (a guest's, or a new one) the address itself.
 * The server checks again that the store still delivers there.
 */
export const OrderAddressSchema = z.union([
  z.strictObject({ addressId: AddressIdParams.shape.addressId }),
  z.strictObject({ address: AddressInputSchema }),
]);

/** SPEC §3 Order details (submitted). No price: the server computes it; `expectedTotalPaise` is what the customer saw. */
export const OrderDetailsSchema = z.strictObject({
  cartId: CartIdParams.shape.cartId,
  deliveryType: DeliveryTypeSchema,
  userDetails: UserDetailsSchema,
  address: OrderAddressSchema.nullish(),
  zeroContactDelivery: z.boolean().default(false),
  deliveryInstructions: z.string().trim().max(250).optional(),
  /** an advance order's slot, epoch seconds (SPEC §9: processing starts 30 minutes before) */
  advancedTime: z.number().int().positive().nullish(),
  vehicleDetails: VehicleDetailsSchema.nullish(),
  stationId: z.number().int().positive().nullish(),
  /** the grand total the customer was shown; a different server total answers REVIEW_CART */
  expectedTotalPaise: PaiseSchema.min(0),
  /** the customer saw the duplicate-order warning and chose to go on */
  duplicateConfirmed: z.boolean().default(false),
  /**
   * SPEC §3, §5 Pizza Pals with this order: the client sends true for a customer not enrolled (the server enrols a
   * customer who never joined in any case; one who opted out stays out); false asks that this order enrol nobody.
   */
  enroll: z.boolean().optional(),
  /** SPEC §3 loyaltyRegistrationRequest: the card code to join with (the programme's own when absent) */
  loyaltyRegistrationRequest: LoyaltyEnrollBodySchema.optional(),
  /**
   * SPEC §3 Railway customerIrctcDetails, for a train (IRCTC) order: the ticket, the train, the station ahead the
   * pizza is brought to, and the seat. The server checks them against the PNR's journey as it is now.
   */
  customerIrctcDetails: z
    .strictObject({
      pnr: z.string().regex(/^\d{10}$/, customerText(TRAIN_MESSAGES.pnrMandatory)),
      trainNo: z.string().regex(/^\d{5}$/),
      stationCode: z.string().regex(/^[A-Z]{2,5}$/),
      coach: z.string().trim().max(6).nullish(),
      berth: z.string().trim().max(6).nullish(),
    })
    .optional(),
});
export type OrderDetails = z.infer<typeof OrderDetailsSchema>;

/** SPEC §3 Payment details instrumentDetails: what the chosen method needs (never a card number). */
export const InstrumentDetailsSchema = z.strictObject({
  upi: z
    .strictObject({
      mode: z.enum(['INTENT', 'COLLECT']),
      vpa: z
        .string()
        .trim()
        .regex(/^[\w.-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,64}$/, 'must be a UPI id like name@bank')
        .optional(),
    })
    .optional(),
  evoucherCode: z.string().trim().min(4).max(32).optional(),
  bankCode: z.string().trim().min(2).max(20).optional(),
  walletCode: z.string().trim().min(2).max(30).optional(),
});

/** SPEC §3 Payment details: the primary method and, optionally, the wallet (PIGGYBANK) for part or all. */
export const PaymentDetailsSchema = z.strictObject({
  primaryPaymentId: PaymentTypeSchema.nullable(),
  secondaryPaymentId: z.literal('PIGGYBANK').nullable().default(null),
  instrumentDetails: InstrumentDetailsSchema.optional(),
  /**
   * SPEC §3 cardInitialDigits: a card's first 6 to 8 digits (its BIN, not secret), for card methods. A bank
   * offer (a coupon for one bank's cards) needs them; the gateway then takes only that bank's cards.
   */
  cardInitialDigits: z
    .string()
    .regex(/^\d{6,8}$/, 'must be the first 6 to 8 digits of the card')
    .optional(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** SPEC §7 POST batch confirm order; an Idempotency-Key header makes a retry return the first answer. */
export const ConfirmOrderBodySchema = z.strictObject({
  orderDetails: OrderDetailsSchema,
  paymentDetails: PaymentDetailsSchema,
});
export type ConfirmOrderBody = z.infer<typeof ConfirmOrderBodySchema>;

/**
 * What the client does next (SPEC §3 next actions): go to the gateway page (REDIRECT, with `redirectUrl`),
 * open the UPI app (UNIFIED_PAYMENT_ACTION with `upiDeepLink`, then poll), enter a COD or e-voucher code,
 * poll (DISPLAY_POLLING), or show the thank-you page (THANKYOU). FAILED answers carry errors instead.
 */
export const ConfirmOrderResultSchema = z.object({
  orderId: OrderIdSchema,
  transactionId: TransactionIdSchema,
  nextAction: NextActionSchema.exclude(['REMOVE_PROMO']),
  amountPaise: PaiseSchema,
  walletPaise: PaiseSchema,
  /** REDIRECT: the gateway's hosted page for the chosen method (net banking, wallets) */
  redirectUrl: z.string().optional(),
  /** REFUND_PAGE: why the order was not placed, and that the money taken is on its way back (SPEC §8) */
  displayMsg: z.string().optional(),
  /**
   * PROCESS_PAYMENT: where the PWA posts its own form as a top-level navigation (the card form of
   * /payGateway, the UPI id of /upiForm): straight to the gateway, never through Crust (decision 010)
   */
  formPostUrl: z.string().optional(),
  /**
   * PROCESS_PAYMENT and REDIRECT: fields the gateway wants posted with the form (its key, order, return URL…).
   * A REDIRECT with them is a form POST to `redirectUrl`, not a link
   */
  formFields: z.record(z.string(), z.string()).optional(),
  /** PROCESS_PAYMENT: the gateway's names for the fields the customer types (card number, expiry, CVV, UPI id) */
  inputNames: z
    .object({
      number: z.string(),
      expiryMonth: z.string(),
      expiryYear: z.string(),
      cvv: z.string(),
      name: z.string(),
      vpa: z.string(),
    })
    .partial()
    .optional(),
  /**
   * PROCESS_PAYMENT inside a partner mini-app (issue 18): what the host's payment sheet pays, through the
   * bridge's `pay` call; then POST mini-app payment
   */
  partnerPayment: z
    .object({
      vendor: z.enum(['PAYTM', 'GPAY']),
      orderRef: z.string(),
      transactionId: TransactionIdSchema,
      amountPaise: PaiseSchema,
      merchantId: z.string(),
      description: z.string(),
    })
    .optional(),
  /** UNIFIED_PAYMENT_ACTION: the `upi://pay?…` link a UPI app opens */
  upiDeepLink: z.string().optional(),
  /** UNIFIED_PAYMENT_ACTION outside a phone: the gateway's page that plays the UPI app (sandbox only) */
  upiAppUrl: z.string().optional(),
  /**
   * COD_OTP: the code was sent by SMS to the order's mobile (masked, e.g. 98XXXXXX10); EV_OTP: to the mobile
   * registered to the gift card, whoever placed the order (its last 4 digits only, e.g. ••••3210)
   */
  codeSentTo: z.string().optional(),
  /** seconds before the first status call (SPEC §4 polling) */
  nextCallTime: z.number().int().min(0).optional(),
  apiHitInterval: z.number().int().min(1).optional(),
});
export type ConfirmOrderResult = z.infer<typeof ConfirmOrderResultSchema>;
export type InputNames = NonNullable<ConfirmOrderResult['inputNames']>;
/** An order's answer: the confirm's when an order was made, and the COD / voucher code call's. */
export const ConfirmOrderResponseSchema = outcomeOf(ConfirmOrderResultSchema);
export type ConfirmOrderResponse = z.infer<typeof ConfirmOrderResponseSchema>;

/**
 * SPEC §3 next action REMOVE_PROMO (issue 11): the cart's coupon may not be paid for this way (a method it
 * does not take, the wallet, another bank's card). No order was made; `displayMsg` says which ways it takes,
 * and the customer removes the coupon or changes the way to pay.
 */
export const RemovePromoResultSchema = z.object({
  nextAction: z.literal('REMOVE_PROMO'),
  promoCode: z.string(),
  /** the payment type codes the coupon takes */
  paymentOptions: z.array(z.string()),
  displayMsg: z.string(),
});
export type RemovePromoResult = z.infer<typeof RemovePromoResultSchema>;

/** What the confirm call answers: an order's next action, or REMOVE_PROMO. */
export const ConfirmAnswerSchema = z.union([ConfirmOrderResultSchema, RemovePromoResultSchema]);
export type ConfirmAnswer = z.infer<typeof ConfirmAnswerSchema>;
export const ConfirmAnswerResponseSchema = outcomeOf(ConfirmAnswerSchema);
export type ConfirmAnswerResponse = z.infer<typeof ConfirmAnswerResponseSchema>;

/** SPEC §3 Result flags as a payment's status call answers them. */
export const PaymentStatusFlagSchema = z.enum(['SUCCESS', 'FAILED', 'WAIT', 'IN_PROGRESS', 'UNKNOWN']);

export const PaymentStatusSchema = z.object({
  transactionId: TransactionIdSchema,
  orderId: OrderIdSchema,
  status: PaymentStatusFlagSchema,
  /** seconds the client may keep polling in all (SPEC §4: WAIT repeats until apiHitTime is used up) */
  apiHitTime: z.number().int().min(0),
  nextCallTime: z.number().int().min(0).optional(),
  apiHitInterval: z.number().int().min(1),
  /** the customer-facing text for FAILED and UNKNOWN (SPEC §8) */
  displayMsg: z.string().optional(),
  /**
   * FAILED with money taken (SPEC §3 REFUND_PAGE): PENDING while Crust gives it back, DONE once the gateway has
   * taken the refund (the bank then needs 4–10 business days); absent when nothing was taken. While PENDING,
   * apiHitTime and apiHitInterval are SPEC §9's refund polling (180 s, every 3 s).
   */
  refund: z.enum(['PENDING', 'DONE']).optional(),
});
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export const PaymentStatusResponseSchema = successOf(PaymentStatusSchema);

/** The browser comes back from the gateway (its signed callback parameters); answered with a 303. */
export const PaymentCallbackQuerySchema = z.object({
  transactionId: TransactionIdSchema,
  gatewayOrderId: z.string().max(64).optional(),
  paymentId: z.string().max(64).optional(),
  status: z.string().max(20).optional(),
  signature: z.string().max(128).optional(),
});

/** The states of a placed order as the customer sees them (SPEC §4 Other order labels). */
export const ORDER_STATUSES = ['PAYMENT_PENDING', 'PLACED', 'FAILED', 'CANCELLED'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/**
 * Issue 28 §1: money the gateway took for the order beyond the payment it kept (the order paid twice), which
 * Crust gives back: PENDING until the gateway took the refund, DONE after (the bank then needs 4–10 business days).
 */
export const ExtraPaymentSchema = z.object({
  amountPaise: PaiseSchema,
  refund: z.enum(['PENDING', 'DONE']),
});
export type ExtraPayment = z.infer<typeof ExtraPaymentSchema>;

/** SPEC §3 Order summary, as the thank-you page shows it. Only its owner can read it. */
export const OrderSummarySchema = z.object({
  id: OrderIdSchema,
  transactionId: TransactionIdSchema,
  /** the number on the receipt and the store's screen */
  dominosOrderId: z.string(),
  deliveryType: DeliveryTypeSchema,
  status: OrderStatusSchema,
  advanceOrder: z.boolean(),
  /** an advance order's slot, epoch seconds */
  advancedTime: z.number().int().nullable(),
  storeId: z.number().int(),
  storeName: z.string(),
  items: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      /** e.g. "Medium · Cheese Burst" */
      description: z.string(),
      pricePaise: PaiseSchema,
    }),
  ),
  /** the surprise gift the order unlocked, packed free with it (kept with the order when placed); else null */
  surpriseGift: GiftProductSchema.nullable(),
  netPrice: PaiseSchema,
  discount: PaiseSchema,
  /** label and value lines: Item total, Discount, Taxes and charges, Tip, Paid by … */
  /**
   * the cart's cartCalculations rows (with their key) and then how it was paid (no key); every value is positive,
   * a `discount` row is taken off
   */
  paymentSummary: z.array(z.object({ label: z.string(), value: PaiseSchema, key: z.string().optional() })),
  /** SPEC §3 paymentSummary.loyaltyEarnedPoints: the Pizza Pals points this order earned (0: none, or a guest) */
  loyaltyEarnedPoints: z.number().int(),
  /** SPEC §3 earnableBurnable: the customer's points around this order; null for a guest */
  earnableBurnable: EarnableBurnableSchema.nullable(),
  /** payments beyond the order's own, oldest first, each given back (the server always sends it; []: paid once) */
  extraPayments: z.array(ExtraPaymentSchema).optional(),
  userDetail: z.object({ firstName: z.string(), lastName: z.string(), mobile: z.string() }),
  /** the delivery address in one line, or the store's for pickup */
  deliverTo: z.string(),
  vehicleNumber: z.string().nullable(),
  placedAt: z.string().nullable(),
  createdAt: z.string(),
  /** when it should come, counted from when it was placed; NA once it is finished, or for a scheduled order */
  eta: DeliveryEstimateSchema.optional(),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;
export const OrderSummaryResponseSchema = successOf(OrderSummarySchema);

export const TransactionParams = z.object({ transactionId: TransactionIdSchema });
export const OrderParams = z.object({ orderId: OrderIdSchema });

/** The COD OTP or an e-voucher's PIN/OTP (SPEC §3 next actions COD_OTP, EV_PIN, EV_OTP). */
export const OrderCodeBodySchema = z.union([
  z.strictObject({ code: z.string().regex(/^\d{4,8}$/, 'must be 4 to 8 digits') }),
  /** send the COD / gift-card OTP again (at most every 45 s) */
  z.strictObject({ resend: z.literal(true) }),
]);
export type OrderCodeBody = z.infer<typeof OrderCodeBodySchema>;

/** SPEC §3 Payment details: a payment option, and the last used one (a card only as brand and last 4). */
export const PaymentOptionSchema = z.object({
  providerCode: z.string(),
  providerName: z.string(),
  methodCode: PaymentTypeSchema,
  status: z.enum(['E', 'D']),
});
export const PaymentOptionsSchema = z.object({
  options: z.array(PaymentOptionSchema),
  lastUsed: z
    .object({
      methodCode: PaymentTypeSchema,
      cardScheme: z.string().optional(),
      cardLast4: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
    })
    .nullable(),
  /**
   * the customer's wallet (PIGGYBANK); null for guests (SPEC §6). `usable` is SPEC §5's rule decided here (not
   * hidden by remote config, money in it, not a train order, not in a mini-app, no explicit promo restricting the
   * ways to pay); `defaultApplied` pre-ticks it (remote config isDefaultWalletApplied, only when usable).
   */
  wallet: z
    .object({ balancePaise: PaiseSchema.min(0), usable: z.boolean(), defaultApplied: z.boolean() })
    .nullable(),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;
export const PaymentOptionsResponseSchema = successOf(PaymentOptionsSchema);
/** The order type the options are for; without it the deliverytype header's, else delivery (D). */
export const PaymentOptionsQuerySchema = z.object({
  deliveryType: DeliveryTypeSchema.optional(),
  /** the cart about to be paid: its explicit promo may rule the wallet out */
  cartId: z
    .string()
    .regex(/^C[0-9A-F]{20}$/)
    .optional(),
  /** the partner app Crust runs inside (SPEC §6 mini-app modes): no Crust wallet there */
  vendor: z.enum(['PAYTM', 'GPAY']).optional(),
});

/**
 * The card validation call: the first 6 to 8 digits (the BIN, not secret) and the chosen option. FAILED
 * carries the text to show; the client treats a failed call as a valid card (issue 5).
 */
export const CardValidateBodySchema = z.strictObject({
  cardInitialDigits: z.string().regex(/^\d{6,8}$/, 'must be the first 6 to 8 digits'),
  methodCode: z.enum(['CC', 'DC']),
});
export type CardValidateBody = z.infer<typeof CardValidateBodySchema>;
export const CardValidateResultSchema = z.object({
  brand: z.string(),
  kind: z.enum(['credit', 'debit']).nullable(),
});
export const CardValidateResponseSchema = outcomeOf(CardValidateResultSchema);
export type CardValidateResponse = z.infer<typeof CardValidateResponseSchema>;
