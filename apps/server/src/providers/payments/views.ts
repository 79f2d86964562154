import { CARD_BRANDS, type CardBrand } from '@crust/domain/card';
import { paise } from '@crust/domain/money';
import type {
  CheckoutMethod,
  GatewayOrder,
  GatewayPayment,
  GatewayRefund,
  OrderRestriction,
} from './provider.ts';
import type * as repo from './repo.ts';

/** The gateway's rows as its API, its webhooks and the in-process provider show them. */

export function paymentOf(row: repo.PaymentRow): GatewayPayment {
  const optional = {
    cardBrand: (CARD_BRANDS as readonly string[]).includes(row.cardBrand ?? '')
      ? (row.cardBrand as CardBrand)
      : undefined,
    cardLast4: row.cardLast4 ?? undefined,
    cardBin: row.cardBin ?? undefined,
    vpa: row.vpa ?? undefined,
    bank: row.bank ?? undefined,
    wallet: row.wallet ?? undefined,
    errorCode: row.errorCode ?? undefined,
    errorDescription: row.errorDescription ?? undefined,
  };
  return {
    paymentId: row.id,
    gatewayOrderId: row.orderId,
    status: row.status,
    // the gateway writes only these
    method: row.method as CheckoutMethod,
    amountPaise: paise(row.amountPaise),
    amountRefundedPaise: paise(row.amountRefundedPaise),
    // the sandbox takes rupees only
    currency: 'INR',
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
    createdAt: row.createdAt.toISOString(),
  };
}

export const orderOf = (row: repo.OrderRow): GatewayOrder => ({
  gatewayOrderId: row.id,
  amountPaise: paise(row.amountPaise),
  currency: 'INR',
  receipt: row.receipt,
  status: row.status,
  ...(row.restrictions ? { restrict: row.restrictions as OrderRestriction } : {}),
});

export const refundOf = (row: repo.RefundRow): GatewayRefund => ({
  refundId: row.id,
  paymentId: row.paymentId,
  amountPaise: paise(row.amountPaise),
  receipt: row.receipt,
  status: 'processed',
  createdAt: row.createdAt.toISOString(),
});
