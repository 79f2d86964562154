import { paise, type Paise } from '@crust/domain/money';
import {
  GatewayError,
  type CheckoutStep,
  type CreateOrderInput,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type WebhookReading,
} from '../payments/provider.ts';
import type { PaytmWallet, PaytmWithdrawStatus } from './provider.ts';

/** The gateway code a Paytm wallet payment is held by (payments.gateway). */
export const PAYTM_WALLET_GATEWAY = 'PAYTM_WALLET';

/** The order reference Crust's withdraw uses for an order (its gateway order id). */
export const paytmOrderRef = (orderId: string) => `ptm_${orderId}`;

/**
 * The Paytm wallet as a payment gateway (decision 018): an order's payment is "held" by PAYTM_WALLET, its gateway
 * order is the withdraw's order reference, and its one attempt is that withdraw. So the payment flow's status sync,
 * the reconciler and refunds (a cancel, a late withdraw after the order failed) work on it unchanged; only how the
 * customer pays (link, consult, withdraw, add money) is the paytm module's own.
 */
export class PaytmGateway implements PaymentGateway {
  readonly code = PAYTM_WALLET_GATEWAY;

  constructor(private readonly wallet: PaytmWallet) {}

  /** Paytm's wallet has no order API: the order reference is Crust's own, known before any call. */
  createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
    return Promise.resolve({
      gatewayOrderId: paytmOrderRef(input.receipt),
      amountPaise: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      status: 'created',
    });
  }

  checkout(): Promise<CheckoutStep> {
    return Promise.reject(
      new GatewayError(
        'METHOD_NOT_ALLOWED',
        'The Paytm wallet is paid on /paytmForm, not a checkout page',
        400,
      ),
    );
  }

  /** Withdraws are looked up by order reference only. */
  fetchPayment(): Promise<GatewayPayment | null> {
    return Promise.resolve(null);
  }

  async paymentsOf(gatewayOrderId: string): Promise<GatewayPayment[]> {
    const found = await this.wallet.status(gatewayOrderId);
    return found ? [paymentOf(gatewayOrderId, found)] : [];
  }

  async refund(paymentId: string, amountPaise: Paise, refundReceipt: string): Promise<GatewayRefund> {
    const { refundId } = await this.wallet.refund({
      txnId: paymentId,
      amountPaise,
      refundRef: refundReceipt,
    });
    return {
      refundId,
      paymentId,
      amountPaise,
      receipt: refundReceipt,
      status: 'processed',
      createdAt: new Date().toISOString(),
    };
  }

  /** No webhooks: every outcome is the answer to Crust's own withdraw or status call. */
  readWebhook(): WebhookReading {
    return { kind: 'ignored' };
  }

  readCallback(): string | null {
    return null;
  }
}

function paymentOf(gatewayOrderId: string, w: PaytmWithdrawStatus): GatewayPayment {
  return {
    paymentId: w.txnId,
    gatewayOrderId,
    status: w.status === 'SUCCESS' ? 'captured' : 'failed',
    method: 'wallet',
    wallet: 'PAYTM',
    amountPaise: paise(w.amountPaise),
    amountRefundedPaise: paise(w.refundedPaise),
    // a Paytm wallet holds rupees only
    currency: 'INR',
    ...(w.code ? { errorCode: w.code } : {}),
    createdAt: w.createdAt,
  };
}
