import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paise } from '@crust/domain/money';
import { ModesChangeSchema } from '../../providers/payments/modes.ts';
import { GatewayError, type CreateOrderInput } from '../../providers/payments/provider.ts';
import { CreateOrderSchema, RefundSchema, ResolveSchema } from '../../providers/payments/requests.ts';
import type { SandboxGateway } from '../../providers/payments/sandbox-gateway.ts';
import { basicCredentials } from './pg-basic-auth.ts';
import { formFields } from './pg-forms.ts';

const hide = { schema: { hide: true } };
const paramOf = (req: FastifyRequest, name: string) => formFields(req.params)(name);

/** The gateway's own error shape (Razorpay's), not Crust's SPEC §8 one: this is another party's API. */
const refuse = (reply: FastifyReply, status: number, code: string, description: string) =>
  reply.status(status).header('cache-control', 'no-store').send({ error: { code, description } });

function sendError(reply: FastifyReply, err: unknown): FastifyReply {
  if (err instanceof GatewayError) return refuse(reply, err.httpStatus, err.code, err.message);
  throw err;
}

/**
 * The gateway's HTTP API (/sandbox/pg/v1, HTTP Basic with the key id and secret) and the sandbox's test
 * switches beside it (modes, resolve, the outbox), which are open like every /sandbox tool.
 */
export function gatewayApiRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  void scope.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => {
        const given = basicCredentials(req.headers.authorization);
        if (!given || !gateway.authenticates(given.id, given.secret)) {
          reply.header('www-authenticate', 'Basic realm="sandbox-pg"');
          return refuse(reply, 401, 'UNAUTHORIZED', 'The API key id or secret is wrong');
        }
      });

      api.post('/orders', hide, async (req, reply) => {
        const parsed = CreateOrderSchema.safeParse(req.body);
        if (!parsed.success)
          return refuse(reply, 400, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'bad order');
        const input: CreateOrderInput = { ...parsed.data, amountPaise: paise(parsed.data.amountPaise) };
        try {
          return await gateway.createOrder(input);
        } catch (err) {
          return sendError(reply, err);
        }
      });

      api.get('/orders/:orderId', hide, async (req, reply) => {
        const order = await gateway.fetchOrder(paramOf(req, 'orderId'));
        return order ?? refuse(reply, 404, 'NOT_FOUND', 'No such order');
      });

      api.get('/orders/:orderId/payments', hide, async (req, reply) => {
        const orderId = paramOf(req, 'orderId');
        if (!(await gateway.order(orderId))) return refuse(reply, 404, 'NOT_FOUND', 'No such order');
        const items = await gateway.paymentsOf(orderId);
        return { count: items.length, items };
      });

      api.get('/payments/:paymentId', hide, async (req, reply) => {
        const payment = await gateway.fetchPayment(paramOf(req, 'paymentId'));
        return payment ?? refuse(reply, 404, 'NOT_FOUND', 'No such payment');
      });

      api.post('/payments/:paymentId/refunds', hide, async (req, reply) => {
        const parsed = RefundSchema.safeParse(req.body);
        if (!parsed.success)
          return refuse(reply, 400, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'bad refund');
        try {
          const { amountPaise, receipt } = parsed.data;
          return await gateway.refund(paramOf(req, 'paymentId'), paise(amountPaise), receipt);
        } catch (err) {
          return sendError(reply, err);
        }
      });
    },
    { prefix: '/v1' },
  );

  scope.get('/modes', hide, async () => gateway.modes());

  scope.post('/modes', hide, async (req, reply) => {
    const parsed = ModesChangeSchema.safeParse(req.body ?? {});
    if (!parsed.success)
      return refuse(reply, 400, 'BAD_REQUEST', parsed.error.issues[0]?.message ?? 'bad modes');
    return gateway.changeModes(parsed.data);
  });

  scope.post('/modes/reset', hide, async () => gateway.resetModes());

  scope.post('/payments/:paymentId/resolve', hide, async (req, reply) => {
    const parsed = ResolveSchema.safeParse(req.body);
    if (!parsed.success) return refuse(reply, 400, 'BAD_REQUEST', 'status must be captured or failed');
    try {
      return await gateway.resolve(paramOf(req, 'paymentId'), parsed.data.status);
    } catch (err) {
      return sendError(reply, err);
    }
  });

  // what the outbox holds for an order, and a drain on demand: for tests that run without the timer
  scope.get('/webhooks', hide, async (req) => {
    const rows = await gateway.webhooksOf(formFields(req.query)('gatewayOrderId'));
    return {
      items: rows.map((r) => ({
        eventId: r.eventId,
        copy: r.copy,
        event: r.event,
        attempts: r.attempts,
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
        nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
        lastError: r.lastError,
      })),
    };
  });

  scope.post('/outbox/drain', hide, async () => gateway.drainOutbox(new Date()));
}
