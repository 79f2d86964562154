import { z } from 'zod';
import { RESTRICTABLE_METHODS } from './provider.ts';

/** Razorpay's limits: receipts of up to 40 characters, up to 15 notes of up to 256 characters. */
export const RECEIPT_MAX = 40;
export const NOTES_MAX = 15;
/** ₹1 (Razorpay's minimum) to ₹1 crore: far beyond any pizza order, within a 32-bit column. */
export const MIN_ORDER_PAISE = 100;
export const MAX_ORDER_PAISE = 1_000_000_000;

/**
 * A path on this origin (`/paymentTransaction`, with a query if need be): the gateway sends the customer's
 * browser, with a signed outcome, nowhere else. `//host` and `/\host` would leave the origin.
 */
export function isSameOriginPath(value: string): boolean {
  if (value.length > 512 || !/^\/(?![/\\])[^\s\\#]*$/.test(value)) return false;
  const base = 'http://origin.invalid';
  return URL.canParse(value, base) && new URL(value, base).origin === base;
}

const Receipt = z.string().trim().min(1, 'receipt is missing').max(RECEIPT_MAX, 'receipt is too long');

export const OrderRestrictionSchema = z.strictObject({
  methods: z.array(z.enum(RESTRICTABLE_METHODS)).min(1).max(RESTRICTABLE_METHODS.length),
  cardBins: z
    .array(z.string().regex(/^\d{4,8}$/, 'card BINs are 4 to 8 digits'))
    .min(1)
    .max(100)
    .nullable(),
  reason: z.string().trim().min(1).max(256),
});

export const CreateOrderSchema = z.strictObject({
  amountPaise: z.number().int().min(MIN_ORDER_PAISE).max(MAX_ORDER_PAISE),
  currency: z.literal('INR', 'currency must be INR'),
  receipt: Receipt,
  notes: z
    .object({
      callbackUrl: z.string().refine(isSameOriginPath, 'notes.callbackUrl must be a path on this origin'),
    })
    .catchall(z.string().max(256))
    .refine((notes) => Object.keys(notes).length <= NOTES_MAX, `at most ${NOTES_MAX} notes`),
  restrict: OrderRestrictionSchema.optional(),
});

export const RefundSchema = z.strictObject({
  amountPaise: z.number().int().min(1).max(MAX_ORDER_PAISE),
  receipt: Receipt,
});

/** Ends a payment left pending (timeout mode, or a UPI request nobody answered). */
export const ResolveSchema = z.strictObject({ status: z.enum(['captured', 'failed']) });
