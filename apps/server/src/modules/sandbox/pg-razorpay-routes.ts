import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { brandOf, cardErrors, last4 } from '@crust/domain/card';
import { paise } from '@crust/domain/money';
import { GatewayError } from '../../providers/payments/provider.ts';
import type { OrderRow } from '../../providers/payments/repo.ts';
import {
  isSameOriginPath,
  MAX_ORDER_PAISE,
  MIN_ORDER_PAISE,
  NOTES_MAX,
  RECEIPT_MAX,
} from '../../providers/payments/requests.ts';
import type { SandboxGateway } from '../../providers/payments/sandbox-gateway.ts';
import {
  razorpayCollection,
  razorpayError,
  razorpayOrder,
  razorpayPayment,
  razorpayRefund,
} from '../../providers/payments/sandbox-razorpay.ts';
import { refundOf } from '../../providers/payments/views.ts';
import { basicCredentials } from './pg-basic-auth.ts';
import { CARD_BIN_DIGITS, cardPage } from './pg-card-pages.ts';
import { BANKS, VPA_MESSAGE, WALLETS, formFields, vpaOf, walletsOffered } from './pg-forms.ts';
import { sendPage } from './pg-html.ts';
import { methodsPage, netbankingPage, paymentPath, problemPage, walletPage } from './pg-pages.ts';
import { sendRefusal } from './pg-replies.ts';
import { collectPage } from './pg-upi-pages.ts';

const hide = { schema: { hide: true } };

/** Razorpay answers a refusal with HTTP 400 and its error body; an unknown id is a refusal too. */
const refuse = (reply: FastifyReply, description: string, field?: string, status = 400) =>
  reply.status(status).header('cache-control', 'no-store').send(razorpayError(description, field));
const NO_SUCH_ID = 'The id provided does not exist';

const CreateOrderBody = z.object({
  amount: z.number().int().min(MIN_ORDER_PAISE).max(MAX_ORDER_PAISE),
  currency: z.literal('INR'),
  receipt: z.string().trim().min(1).max(RECEIPT_MAX),
  notes: z
    .record(z.string(), z.string().max(256))
    .refine((n) => Object.keys(n).length <= NOTES_MAX)
    .default({}),
  partial_payment: z.boolean().optional(),
});

const RefundBody = z.object({
  amount: z.number().int().min(1).max(MAX_ORDER_PAISE).optional(),
  receipt: z.string().trim().min(1).max(RECEIPT_MAX).optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  notes: z.record(z.string(), z.string()).optional(),
});

const UpiBody = z.object({
  amount: z.number().int(),
  currency: z.literal('INR'),
  order_id: z.string(),
  method: z.literal('upi'),
  contact: z.string().optional(),
  email: z.string().optional(),
  upi: z.object({ flow: z.enum(['intent', 'collect']), vpa: z.string().optional() }),
});

/** A callback_url Razorpay would take: an http(s) URL, or (for this local sandbox only) a path on its origin. */
const callbackOk = (url: string) =>
  isSameOriginPath(url) || (URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol));

/**
 * The sandbox gateway speaking Razorpay's protocol under /sandbox/pg/razorpay: the JSON API at /v1 with HTTP Basic
 * (orders, an order's payments, payments, refunds, S2S UPI) and the two browser entries a merchant posts forms to:
 * `/v1/payments/create/checkout` (its own card or UPI form, as razorpay.js does in redirect mode) and
 * `/v1/checkout/embedded` (the hosted checkout). After that the sandbox's own pages take over, and the browser
 * returns by a form posted to callback_url (sandbox-razorpay.ts).
 */
export function razorpayProtocolRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  void scope.register(
    async (api) => {
      api.addHook('onRequest', async (req, reply) => {
        const given = basicCredentials(req.headers.authorization);
        if (!given || !gateway.authenticates(given.id, given.secret))
          return refuse(reply, 'Authentication failed', undefined, 401);
      });
      apiRoutes(api, gateway);
    },
    { prefix: '/razorpay/v1' },
  );
  void scope.register(async (pages) => checkoutEntries(pages, gateway), { prefix: '/razorpay/v1' });
}

function apiRoutes(api: FastifyInstance, gateway: SandboxGateway): void {
  const param = (req: FastifyRequest, name: string) => formFields(req.params)(name);
  const orderJson = async (order: OrderRow) =>
    razorpayOrder(order, (await gateway.paymentsOf(order.id)).length);

  api.post('/orders', hide, async (req, reply) => {
    const body = CreateOrderBody.safeParse(req.body);
    if (!body.success) {
      const issue = body.error.issues[0];
      return refuse(reply, issue?.message ?? 'Invalid order', String(issue?.path[0] ?? ''));
    }
    try {
      const { amount, receipt, notes } = body.data;
      return await orderJson(
        await gateway.openOrder({ amountPaise: paise(amount), receipt, notes, protocol: 'razorpay' }),
      );
    } catch (err) {
      if (err instanceof GatewayError) return refuse(reply, err.message, 'receipt');
      throw err;
    }
  });

  api.get('/orders', hide, async (req) => {
    const receipt = formFields(req.query)('receipt');
    const order = receipt ? await gateway.orderByReceipt(receipt) : undefined;
    const mine = order && order.protocol === 'razorpay' ? [await orderJson(order)] : [];
    return razorpayCollection(mine);
  });

  api.get('/orders/:orderId', hide, async (req, reply) => {
    const order = await gateway.order(param(req, 'orderId'));
    return order ? orderJson(order) : refuse(reply, NO_SUCH_ID);
  });

  api.get('/orders/:orderId/payments', hide, async (req, reply) => {
    const orderId = param(req, 'orderId');
    if (!(await gateway.order(orderId))) return refuse(reply, NO_SUCH_ID);
    // Razorpay lists the newest first
    return razorpayCollection((await gateway.paymentsOf(orderId)).map(razorpayPayment).reverse());
  });

  api.get('/payments/:paymentId', hide, async (req, reply) => {
    const payment = await gateway.fetchPayment(param(req, 'paymentId'));
    return payment ? razorpayPayment(payment) : refuse(reply, NO_SUCH_ID);
  });

  api.get('/payments/:paymentId/refunds', hide, async (req, reply) => {
    const paymentId = param(req, 'paymentId');
    if (!(await gateway.payment(paymentId))) return refuse(reply, NO_SUCH_ID);
    return razorpayCollection(
      (await gateway.refundsOf(paymentId)).map(refundOf).map(razorpayRefund).reverse(),
    );
  });

  api.post('/payments/:paymentId/refund', hide, async (req, reply) => {
    const body = RefundBody.safeParse(req.body ?? {});
    if (!body.success) return refuse(reply, body.error.issues[0]?.message ?? 'Invalid refund', 'amount');
    const row = await gateway.payment(param(req, 'paymentId'));
    if (!row) return refuse(reply, NO_SUCH_ID);
    if (row.status !== 'captured') return refuse(reply, 'The payment has not been captured');
    const left = row.amountPaise - row.amountRefundedPaise;
    const amount = body.data.amount ?? left;
    if (amount > left)
      return refuse(reply, 'The refund amount provided is greater than amount captured', 'amount');
    // without a receipt every call is a new refund, as at Razorpay
    const receipt =
      body.data.receipt ?? `rfnd-${row.id}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    try {
      return razorpayRefund(await gateway.refund(row.id, paise(amount), receipt));
    } catch (err) {
      if (err instanceof GatewayError)
        return refuse(
          reply,
          err.code === 'REFUND_EXCEEDS_PAYMENT'
            ? 'The refund amount provided is greater than amount captured'
            : err.message,
        );
      throw err;
    }
  });

  // S2S UPI: an intent payment and the link the customer's UPI app opens (its tr names the payment)
  api.post('/payments/create/upi', hide, async (req, reply) => {
    const body = UpiBody.safeParse(req.body);
    if (!body.success) return refuse(reply, body.error.issues[0]?.message ?? 'Invalid payment', 'upi');
    const order = await gateway.order(body.data.order_id);
    if (!order || order.protocol !== 'razorpay') return refuse(reply, NO_SUCH_ID, 'order_id');
    if (body.data.amount !== order.amountPaise)
      return refuse(reply, 'The amount must match the order amount', 'amount');
    try {
      if (body.data.upi.flow === 'collect') {
        const vpa = vpaOf(body.data.upi.vpa ?? '');
        if (!vpa) return refuse(reply, 'Invalid VPA. Please enter a valid Virtual Payment Address', 'vpa');
        const payment = await gateway.startPayment(order, { method: 'upi_collect', vpa });
        return { razorpay_payment_id: payment.id };
      }
      const payment = await gateway.startPayment(order, { method: 'upi_intent' });
      return {
        razorpay_payment_id: payment.id,
        link: gateway.upiIntentLink({ gatewayOrderId: payment.id, amountPaise: paise(order.amountPaise) }),
      };
    } catch (err) {
      if (err instanceof GatewayError) return refuse(reply, err.message);
      throw err;
    }
  });
}

function checkoutEntries(pages: FastifyInstance, gateway: SandboxGateway): void {
  /** The order a posted form is for, after its key and callback check out; else the page is sent. */
  async function entryOrder(field: (name: string) => string, reply: FastifyReply): Promise<OrderRow | null> {
    if (field('key_id') !== gateway.keyId) {
      sendPage(reply, 401, problemPage('Payment not possible', 'The key id is not valid.'));
      return null;
    }
    const order = await gateway.order(field('order_id'));
    if (!order || order.protocol !== 'razorpay') {
      sendPage(reply, 400, problemPage('Payment not possible', NO_SUCH_ID));
      return null;
    }
    const callback = field('callback_url');
    if (!callbackOk(callback)) {
      sendPage(reply, 400, problemPage('Payment not possible', 'The callback_url is not valid.'));
      return null;
    }
    // every later page of this order (a bank picked, a card re-entered) returns there too
    await gateway.setOrderCallback(order.id, callback);
    return { ...order, callbackUrl: callback };
  }

  pages.post('/payments/create/checkout', hide, async (req, reply) => {
    const field = formFields(req.body);
    const order = await entryOrder(field, reply);
    if (!order) return reply;
    const amount = field('amount');
    if (amount !== '' && amount !== String(order.amountPaise))
      return sendPage(
        reply,
        400,
        problemPage('Payment not possible', 'The amount must match the order amount.'),
      );
    const callback = { callbackUrl: order.callbackUrl };
    try {
      switch (field('method')) {
        case 'card': {
          const card = {
            number: field('card[number]').replace(/\D/g, ''),
            cvv: field('card[cvv]').trim(),
            month: field('card[expiry_month]'),
            year: field('card[expiry_year]'),
            name: field('card[name]'),
          };
          const now = Date.now();
          const errors = cardErrors(card, { now, validateWithLuhn: true });
          if (Object.keys(errors).length > 0) return sendPage(reply, 400, cardPage(order, now, card, errors));
          const cardBin = card.number.slice(0, CARD_BIN_DIGITS);
          const payment = await gateway.startPayment(
            order,
            { method: 'card', cardBrand: brandOf(card.number), cardLast4: last4(card.number), cardBin },
            callback,
          );
          return reply.redirect(paymentPath(payment.id), 303);
        }
        case 'upi': {
          const vpa = vpaOf(field('vpa'));
          if (!vpa) return sendPage(reply, 400, collectPage(order, field('vpa'), VPA_MESSAGE));
          const payment = await gateway.startPayment(order, { method: 'upi_collect', vpa }, callback);
          return reply.redirect(paymentPath(payment.id), 303);
        }
        case 'netbanking': {
          const bank = field('bank');
          if (!Object.hasOwn(BANKS, bank)) return sendPage(reply, 200, netbankingPage(order, BANKS));
          const payment = await gateway.startPayment(order, { method: 'netbanking', bank }, callback);
          return reply.redirect(paymentPath(payment.id), 303);
        }
        case 'wallet':
          // Razorpay opens the wallet the form names (its `wallet` field); the sandbox's names are Razorpay's
          return sendPage(reply, 200, walletPage(order, walletsOffered(field('wallet'))));
        default:
          return sendPage(reply, 400, problemPage('Payment not possible', 'The method is not valid.'));
      }
    } catch (err) {
      return sendRefusal(reply, err, order);
    }
  });

  pages.post('/checkout/embedded', hide, async (req, reply) => {
    const field = formFields(req.body);
    const order = await entryOrder(field, reply);
    if (!order) return reply;
    switch (field('prefill[method]')) {
      case 'netbanking':
        return sendPage(reply, 200, netbankingPage(order, BANKS));
      case 'wallet':
        return sendPage(reply, 200, walletPage(order, WALLETS));
      case 'card':
        return sendPage(reply, 200, cardPage(order, Date.now()));
      case 'upi':
        return sendPage(reply, 200, collectPage(order));
      default:
        return sendPage(reply, 200, methodsPage(order));
    }
  });
}
