import { paise } from '@crust/domain/money';
import { PARTNER_VENDORS, type PartnerVendor } from '@crust/contract/partner-bridge';
import {
  GatewayError,
  type CheckoutInput,
  type CheckoutMethod,
  type CheckoutStep,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type HeaderBag,
  type PaymentGateway,
  type WebhookReading,
} from '../payments/provider.ts';
import { PartnerError, type PartnerPayment, type PartnerProvider } from './provider.ts';

/** The gateway code of a partner's mini-app payments (payments.gateway; the webhook path's name in lower case). */
export const partnerGatewayCode = (vendor: PartnerVendor) => `${vendor}_MINIAPP` as const;
/** Every partner's gateway code: a payment held by one of them is a mini-app payment. */
export const PARTNER_GATEWAY_CODES: ReadonlySet<string> = new Set(PARTNER_VENDORS.map(partnerGatewayCode));

/** How each host's payments are named among checkout methods (for a coupon's payment condition). */
const METHOD: Record<PartnerVendor, CheckoutMethod> = { PAYTM: 'wallet', GPAY: 'upi_intent' };

/**
 * A partner host's payments as a PaymentGateway (decision 017): its payment order is the gateway order, its sheet
 * the checkout step, its status calls the gateway's payments and its signed notifications the webhooks. So the
 * checkout's PaymentFlow, the webhook route, status polling, the reconciler and refunds treat a mini-app payment
 * exactly like a card's: once, from the partner's word only.
 */
export class PartnerGateway implements PaymentGateway {
  readonly code: string;

  constructor(private readonly partner: PartnerProvider) {
    this.code = partnerGatewayCode(partner.vendor);
  }

  get vendor(): PartnerVendor {
    return this.partner.vendor;
  }

  async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    try {
      const order = await this.partner.createOrder({
        receipt: input.receipt,
        amountPaise: input.amountPaise,
        description: 'Crust order',
      });
      return {
        gatewayOrderId: order.orderRef,
        amountPaise: paise(order.amountPaise),
        currency: 'INR',
        receipt: order.receipt,
        status: 'created',
      };
    } catch (err) {
      if (err instanceof PartnerError && err.code === 'REFUSED')
        throw new GatewayError('RECEIPT_IN_USE', err.message, 409);
      throw err;
    }
  }

  /** The host's own sheet: it pays by the host's wallet or UPI, so `input.wallet` has nothing to choose there. */
  checkout(input: CheckoutInput): Promise<CheckoutStep> {
    return Promise.resolve({
      kind: 'partner_sheet',
      vendor: this.partner.vendor,
      orderRef: input.gatewayOrderId,
      amountPaise: input.amountPaise,
      merchantId: this.partner.merchantId,
      description: input.description,
    });
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    const found = await this.partner.fetchPayment(paymentId);
    return found && this.paymentOf(found);
  }

  async paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]> {
    return (await this.partner.paymentsOf(gatewayOrderId)).map((p) => this.paymentOf(p));
  }

  async refund(paymentId: string, amountPaise: number, refundReceipt: string): Promise<GatewayRefund> {
    try {
      const r = await this.partner.refund(paymentId, amountPaise, refundReceipt);
      return {
        refundId: r.refundId,
        paymentId: r.paymentId,
        amountPaise: paise(r.amountPaise),
        receipt: r.receipt,
        status: 'processed',
        createdAt: r.createdAt,
      };
    } catch (err) {
      if (err instanceof PartnerError && err.code === 'NOT_FOUND')
        throw new GatewayError('NOT_FOUND', err.message, 404);
      if (err instanceof PartnerError && err.code === 'REFUSED')
        throw new GatewayError('REFUND_EXCEEDS_PAYMENT', err.message, 400);
      throw err;
    }
  }

  readWebhook(rawBody: Buffer, headers: HeaderBag): WebhookReading {
    const reading = this.partner.readNotification(rawBody, headers);
    switch (reading.kind) {
      case 'news': {
        const { eventId, event, orderRef } = reading.notice;
        return { kind: 'news', news: { eventId, event, gatewayOrderId: orderRef } };
      }
      case 'unsigned':
      case 'malformed':
        return { kind: reading.kind };
      default: {
        const never: never = reading;
        throw new Error(`unknown notification reading ${JSON.stringify(never)}`);
      }
    }
  }

  /** The host's sheet answers the mini-app through the bridge, never through a browser callback. */
  readCallback(): string | null {
    return null;
  }

  private paymentOf(p: PartnerPayment): GatewayPayment {
    return {
      paymentId: p.paymentId,
      gatewayOrderId: p.orderRef,
      status: p.status,
      method: METHOD[this.partner.vendor],
      amountPaise: paise(p.amountPaise),
      amountRefundedPaise: paise(p.refundedPaise),
      // the partner's sheet is opened for the order's INR amount (createOrder) and answers no currency
      currency: 'INR',
      ...(p.errorCode ? { errorCode: p.errorCode } : {}),
      createdAt: p.createdAt,
    };
  }
}
