import { z } from 'zod';
import type { CardBrand } from '@crust/domain/card';
import { paise } from '@crust/domain/money';
import type {
  CheckoutMethod,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayRefund,
} from '../provider.ts';

/**
 * Razorpay's entities as its API answers them (https://razorpay.com/docs/api/: orders, payments, refunds), with
 * only the fields Crust reads; anything else is passed over. Amounts are in paise, times in Unix seconds.
 */

const Unix = z.number().int();
const Amount = z.number().int().min(0);

export const RazorpayOrderSchema = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: Amount,
  amount_paid: Amount.optional(),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.enum(['created', 'attempted', 'paid']),
  created_at: Unix,
});
export type RazorpayOrder = z.infer<typeof RazorpayOrderSchema>;

export const RazorpayCardSchema = z.object({
  last4: z.string().nullable().optional(),
  network: z.string().nullable().optional(),
  /** the card's first digits, where Razorpay gives them (the card entity's iin) */
  iin: z.string().nullable().optional(),
});

export const RazorpayPaymentSchema = z.object({
  id: z.string(),
  entity: z.literal('payment'),
  amount: Amount,
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullable(),
  method: z.string(),
  amount_refunded: Amount.default(0),
  captured: z.boolean().optional(),
  card: RazorpayCardSchema.nullable().optional(),
  bank: z.string().nullable().optional(),
  wallet: z.string().nullable().optional(),
  vpa: z.string().nullable().optional(),
  upi: z.object({ flow: z.string().optional(), vpa: z.string().optional() }).nullable().optional(),
  error_code: z.string().nullable().optional(),
  error_description: z.string().nullable().optional(),
  created_at: Unix,
});
export type RazorpayPayment = z.infer<typeof RazorpayPaymentSchema>;

export const RazorpayRefundSchema = z.object({
  id: z.string(),
  entity: z.literal('refund'),
  amount: Amount,
  payment_id: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: Unix,
});
export type RazorpayRefund = z.infer<typeof RazorpayRefundSchema>;

export const collectionOf = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number().int(), items: z.array(item) });

/** S2S UPI (POST /v1/payments/create/upi with upi.flow intent): the payment and the link a UPI app opens. */
export const UpiIntentAnswerSchema = z.object({ razorpay_payment_id: z.string(), link: z.string() });

const iso = (unix: number) => new Date(unix * 1000).toISOString();

/** Razorpay's card networks as Crust's brands. */
export function brandOfNetwork(network: string | null | undefined): CardBrand | undefined {
  switch ((network ?? '').toLowerCase()) {
    case 'visa':
      return 'VISA';
    case 'mastercard':
      return 'MASTERCARD';
    case 'american express':
    case 'amex':
      return 'AMEX';
    case 'maestro':
      return 'MAESTRO';
    case 'rupay':
      return 'RUPAY';
    case '':
      return undefined;
    default:
      return 'GENERIC';
  }
}

/**
 * Razorpay's payment methods as checkout methods: UPI by its flow (a payment with a VPA was a collect request);
 * EMI is paid by card; pay-later and cardless EMI are, for a coupon's conditions, like a wallet.
 */
export function methodOf(p: Pick<RazorpayPayment, 'method' | 'vpa' | 'upi'>): CheckoutMethod {
  switch (p.method) {
    case 'card':
    case 'emi':
      return 'card';
    case 'netbanking':
      return 'netbanking';
    case 'upi':
      if (p.upi?.flow) return p.upi.flow === 'collect' ? 'upi_collect' : 'upi_intent';
      return p.vpa ? 'upi_collect' : 'upi_intent';
    default:
      return 'wallet';
  }
}

/** A refunded payment was captured first: the money was taken, and amountRefunded says how much went back. */
const statusOf = (s: RazorpayPayment['status']): GatewayPaymentStatus => (s === 'refunded' ? 'captured' : s);

export function paymentOf(p: RazorpayPayment): GatewayPayment {
  const brand = brandOfNetwork(p.card?.network);
  const optional = {
    cardBrand: brand,
    cardLast4: p.card?.last4 ?? undefined,
    cardBin: p.card?.iin ?? undefined,
    vpa: p.vpa ?? p.upi?.vpa ?? undefined,
    bank: p.bank ?? undefined,
    wallet: p.wallet ?? undefined,
    errorCode: p.error_code ?? undefined,
    errorDescription: p.error_description ?? undefined,
  };
  return {
    paymentId: p.id,
    gatewayOrderId: p.order_id ?? '',
    status: statusOf(p.status),
    method: methodOf(p),
    amountPaise: paise(p.amount),
    amountRefundedPaise: paise(p.amount_refunded),
    currency: p.currency,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    createdAt: iso(p.created_at),
  };
}

export function orderOf(o: RazorpayOrder): GatewayOrder {
  return {
    gatewayOrderId: o.id,
    amountPaise: paise(o.amount),
    currency: 'INR',
    receipt: o.receipt ?? '',
    status: o.status,
  };
}

export function refundOf(r: RazorpayRefund): GatewayRefund {
  return {
    refundId: r.id,
    paymentId: r.payment_id,
    amountPaise: paise(r.amount),
    receipt: r.receipt ?? '',
    // Razorpay takes a refund as soon as it answers; pending and processed both mean it will reach the customer
    status: 'processed',
    createdAt: iso(r.created_at),
  };
}
