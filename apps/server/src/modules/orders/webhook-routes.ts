import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@crust/contract/paths';
import type { PaymentGateway } from '../../providers/payments/provider.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { SIGNATURE_HEADER, WebhookEventSchema } from '../../providers/payments/webhook.ts';
import type { OrderService } from './service.ts';

/**
 * The gateway's webhooks (decision 010): the signature is checked over the raw bytes before anything is
 * parsed, each event id is kept once (a redelivery stops there), and the news goes through the same
 * forward-only payment machine as everything else.
 */
export interface WebhookRoutesOptions {
  orders: OrderService;
  /** null in production until a real gateway is configured: every webhook is then refused */
  gateway: PaymentGateway | null;
}

export async function webhookRoutes(
  app: FastifyInstance,
  { orders, gateway }: WebhookRoutesOptions,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      API_PATHS.paymentWebhook,
      {
        schema: routeSchema(
          'orders',
          "The payment gateway's webhook: HMAC-SHA256 of the raw body in x-sandbox-signature",
          {},
        ),
      },
      async (req, reply) => {
        const raw = req.body;
        const signature = req.headers[SIGNATURE_HEADER];
        if (
          !gateway ||
          !Buffer.isBuffer(raw) ||
          typeof signature !== 'string' ||
          !gateway.verifySignature(raw, signature)
        )
          return reply
            .code(401)
            .send({ status: 'FAILED', errors: [{ code: 'BAD_SIGNATURE', displayMsg: 'Bad signature' }] });
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          return reply
            .code(400)
            .send({ status: 'FAILED', errors: [{ code: 'BAD_REQUEST', displayMsg: 'Not JSON' }] });
        }
        const event = WebhookEventSchema.safeParse(parsed);
        if (!event.success)
          return reply
            .code(400)
            .send({ status: 'FAILED', errors: [{ code: 'BAD_REQUEST', displayMsg: 'Unknown event' }] });
        await orders.receiveWebhook(
          event.data.id,
          event.data.event,
          event.data.payload.payment.gatewayOrderId,
        );
        return { status: 'SUCCESS' };
      },
    );
  });
}
