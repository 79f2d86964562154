import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS } from '@crust/contract/paths';
import type { Gateways } from '../../providers/payments/gateways.ts';
import type { PaymentGateway } from '../../providers/payments/provider.ts';
import { SANDBOX_GATEWAY_CODE } from '../../providers/payments/sandbox-gateway.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { OrderService } from './service.ts';

/**
 * The gateway's webhooks (decision 010): the signature is checked over the raw bytes before anything is
 * parsed, each event id is kept once (a redelivery stops there), and the news goes through the same
 * forward-only payment machine as everything else.
 */
export interface WebhookRoutesOptions {
  orders: OrderService;
  gateways: Gateways;
}

const refuse = (reply: FastifyReply, status: number, code: string, displayMsg: string) =>
  reply.code(status).send({ status: 'FAILED', errors: [{ code, displayMsg }] });

/**
 * One webhook URL per gateway: `/api/v1/payments/webhook/razorpay`, `/…/payu`, and the sandbox's own at
 * `/api/v1/payments/webhook` (where its outbox has always posted). The gateway's adapter reads its own format.
 */
export async function webhookRoutes(
  app: FastifyInstance,
  { orders, gateways }: WebhookRoutesOptions,
): Promise<void> {
  async function receive(gateway: PaymentGateway | null, req: FastifyRequest, reply: FastifyReply) {
    const raw = req.body;
    if (!gateway || !Buffer.isBuffer(raw)) return refuse(reply, 401, 'BAD_SIGNATURE', 'Bad signature');
    const reading = gateway.readWebhook(raw, req.headers);
    switch (reading.kind) {
      case 'unsigned':
        return refuse(reply, 401, 'BAD_SIGNATURE', 'Bad signature');
      case 'malformed':
        return refuse(reply, 400, 'BAD_REQUEST', 'Unknown event');
      case 'ignored':
        return { status: 'SUCCESS' };
      case 'news':
        await orders.receiveWebhook(gateway.code, reading.news);
        return { status: 'SUCCESS' };
      default: {
        const never: never = reading;
        throw new Error(`unknown webhook reading ${JSON.stringify(never)}`);
      }
    }
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // the signature covers the raw bytes (JSON from Razorpay, a form from PayU): nothing is parsed before it holds
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      API_PATHS.paymentWebhook,
      {
        schema: routeSchema(
          'orders',
          "The sandbox gateway's webhook: HMAC-SHA256 of the raw body in x-sandbox-signature",
          {},
        ),
      },
      (req, reply) => receive(gateways.holding(SANDBOX_GATEWAY_CODE), req, reply),
    );
    scope.post<{ Params: { gateway: string } }>(
      `${API_PATHS.paymentWebhook}/:gateway`,
      {
        schema: routeSchema(
          'orders',
          "A payment gateway's webhook (razorpay: X-Razorpay-Signature over the raw JSON; payu: the reverse hash of its form)",
          {},
        ),
      },
      (req, reply) => receive(gateways.byPathName(req.params.gateway), req, reply),
    );
  });
}
