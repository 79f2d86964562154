import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { Gateways } from './gateways.ts';
import { fetchDeliver, type Deliver } from './outbox.ts';
import { PayuGateway } from './payu/gateway.ts';
import type { PaymentGateway } from './provider.ts';
import { RazorpayGateway } from './razorpay/gateway.ts';
import { SandboxGateway } from './sandbox-gateway.ts';
import { PAYU_PROTOCOL } from './sandbox-payu/books.ts';
import { payuReturnOf, payuWebhooks, sandboxPayuKeys } from './sandbox-payu/fields.ts';
import { razorpayReturn, razorpayWebhooks } from './sandbox-razorpay.ts';

/**
 * The payment gateways of PAYMENT_GATEWAYS (config/payments.ts), in its order. The sandbox gateway runs outside
 * production whatever is configured: it is also the other side that the real adapters talk to in tests and demos
 * (its Razorpay and PayU protocols under /sandbox/pg). In production only real gateways exist, and with
 * PAYMENTS=off none: checkout then answers PAYMENT_UNAVAILABLE for online ways to pay.
 */
export function choosePayments(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  deliver: Deliver = fetchDeliver,
  /** reached by code only, never the default: the partner hosts' mini-app payments (issue 18) */
  byCodeOnly: readonly PaymentGateway[] = [],
): { gateways: Gateways; sandboxGateway: SandboxGateway | null } {
  const payuKeys = sandboxPayuKeys({ keyId: config.pgKeyId, keySecret: config.pgKeySecret });
  const sandboxGateway =
    config.nodeEnv === 'production'
      ? null
      : new SandboxGateway(db, {
          keyId: config.pgKeyId,
          keySecret: config.pgKeySecret,
          webhookSecret: config.pgWebhookSecret,
          webhookUrl: config.pgWebhookUrl,
          deliver,
          log,
          // the other protocols the sandbox speaks (its pages post back, its webhooks go out, in theirs)
          returns: { razorpay: razorpayReturn(config.pgKeySecret), [PAYU_PROTOCOL]: payuReturnOf(payuKeys) },
          webhookFormats: {
            razorpay: razorpayWebhooks(config.pgWebhookSecret),
            [PAYU_PROTOCOL]: payuWebhooks(payuKeys),
          },
        });
  const { payments } = config;
  const adapters = payments.gateways.map((name): PaymentGateway => {
    switch (name) {
      case 'sandbox':
        if (!sandboxGateway) throw new Error('the sandbox gateway does not run in production');
        return sandboxGateway;
      case 'razorpay':
        return new RazorpayGateway({
          ...payments.razorpay!,
          publicUrl: payments.publicUrl,
          log,
          // the sandbox plays the customer's UPI app for an intent link; a real phone opens its own
          upiAppUrl: sandboxGateway ? (link) => sandboxGateway.upiAppUrl(link) : null,
        });
      case 'payu':
        return new PayuGateway({
          ...payments.payu!,
          publicUrl: payments.publicUrl,
          log,
          upiAppUrl: sandboxGateway ? (link) => sandboxGateway.upiAppUrl(link) : null,
        });
      default: {
        const never: never = name;
        throw new Error(`unknown gateway ${String(never)}`);
      }
    }
  });
  return { gateways: new Gateways(adapters, byCodeOnly), sandboxGateway };
}
