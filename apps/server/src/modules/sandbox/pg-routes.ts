import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { brandOf, cardErrors, last4 } from '@crust/domain/card';
import { paise } from '@crust/domain/money';
import { isCheckoutMethod } from '../../providers/payments/provider.ts';
import type { OrderRow } from '../../providers/payments/repo.ts';
import { allowedFor, failure, type SandboxGateway } from '../../providers/payments/sandbox-gateway.ts';
import { gatewayApiRoutes } from './pg-api-routes.ts';
import { razorpayProtocolRoutes } from './pg-razorpay-routes.ts';
import { CARD_BIN_DIGITS, cardNotAllowed, cardPage, otpPage, wrongOtpMessage } from './pg-card-pages.ts';
import {
  BANKS,
  VPA_MESSAGE,
  WALLETS,
  cardInputOf,
  formFields,
  vpaOf,
  walletOutcome,
  walletsOffered,
} from './pg-forms.ts';
import { sendPage } from './pg-html.ts';
import { payuRoutes } from './pg-payu-routes.ts';
import {
  alreadyPaidPage,
  bankPage,
  methodsPage,
  netbankingPage,
  notAllowedPage,
  payPath,
  paymentPath,
  problemPage,
  processingPage,
  walletPage,
} from './pg-pages.ts';
import { noSuchOrder, sendRefusal, sendStep } from './pg-replies.ts';
import { collectPage, collectWaitingPage, intentPage } from './pg-upi-pages.ts';
import { upiAppRoutes } from './pg-upi-routes.ts';

const hide = { schema: { hide: true } };
const paramOf = (params: unknown, name: string) => formFields(params)(name);
const noSuchPayment = (reply: FastifyReply) =>
  sendPage(reply, 404, problemPage('No such payment', 'This payment link is not valid.'));

/**
 * The sandbox gateway over HTTP, under /sandbox/pg: the hosted checkout pages (this file), the UPI app
 * it plays (pg-upi-routes.ts) and its JSON API and test switches (pg-api-routes.ts). Pages post forms,
 * parsed only in this scope. Card numbers and CVVs arrive only in POST bodies, which Fastify's logger
 * never writes (it logs method, URL and status), and leave the handler as brand and last 4 only.
 */
export function sandboxPgRoutes(app: FastifyInstance, gateway: SandboxGateway): void {
  void app.register(
    async (scope) => {
      await scope.register(formbody);
      checkoutRoutes(scope, gateway);
      upiAppRoutes(scope, gateway);
      gatewayApiRoutes(scope, gateway);
      razorpayProtocolRoutes(scope, gateway);
      // PayU's protocol, under /sandbox/pg/payu (pg-payu-*.ts)
      payuRoutes(scope, gateway);
    },
    { prefix: '/sandbox/pg' },
  );
}

function checkoutRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  methodChoiceRoutes(scope, gateway);
  methodFormRoutes(scope, gateway);
  paymentStepRoutes(scope, gateway);
}

/** The order of a /pay/:orderId request; the reply is already sent when there is none. */
async function orderFor(
  gateway: SandboxGateway,
  params: unknown,
  reply: FastifyReply,
): Promise<OrderRow | null> {
  const order = await gateway.order(paramOf(params, 'orderId'));
  if (!order) noSuchOrder(reply);
  return order ?? null;
}

/** An order's checkout: the ways to pay it, then the page of the one chosen. */
function methodChoiceRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  scope.get('/pay/:orderId', hide, async (req, reply) => {
    const order = await orderFor(gateway, req.params, reply);
    if (!order) return reply;
    const query = formFields(req.query);
    const method = query('method');
    if (method === '')
      return order.status === 'paid'
        ? sendPage(reply, 409, alreadyPaidPage(order))
        : sendPage(reply, 200, methodsPage(order));
    if (!isCheckoutMethod(method))
      return sendPage(reply, 400, problemPage('No such method', 'Choose card, netbanking, wallet or UPI.'));
    // the merchant restricted the order (a bank or UPI offer): other ways to pay are not offered
    if (!allowedFor(order, method)) return sendPage(reply, 403, notAllowedPage(order));
    // the intent page comes first: it must see its own payment through to the callback once paid
    if (method === 'upi_intent') return intentCheckout(gateway, reply, order, query('since'));
    if (order.status === 'paid') return sendPage(reply, 409, alreadyPaidPage(order));
    switch (method) {
      case 'card':
        return sendPage(reply, 200, cardPage(order, Date.now()));
      case 'netbanking':
        return sendPage(reply, 200, netbankingPage(order, BANKS));
      case 'wallet':
        return sendPage(reply, 200, walletPage(order, walletsOffered(query('wallet'))));
      case 'upi_collect':
        return sendPage(reply, 200, collectPage(order));
    }
  });
}

/**
 * Waits for a UPI app to pay the order: the first visit fixes `since`, and the page reloads itself
 * until an intent payment made after it has an outcome.
 */
async function intentCheckout(
  gateway: SandboxGateway,
  reply: FastifyReply,
  order: OrderRow,
  sinceText: string,
) {
  const since = /^\d{1,15}$/.test(sinceText) ? Number(sinceText) : Date.now();
  const payment = await gateway.intentPaymentSince(order.id, new Date(since));
  if (payment) {
    const step = await gateway.stepOf(payment.id);
    if (step.kind !== 'waiting') return sendStep(reply, step);
  }
  if (order.status === 'paid') return sendPage(reply, 409, alreadyPaidPage(order));
  const link = gateway.upiIntentLink({ gatewayOrderId: order.id, amountPaise: paise(order.amountPaise) });
  return sendPage(
    reply,
    200,
    intentPage(order, link, `${payPath(order.id)}?method=upi_intent&since=${since}`),
  );
}

/** The forms of each way to pay: a card, a bank, a wallet, a UPI address; each starts a payment. */
function methodFormRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  scope.post('/pay/:orderId/card', hide, async (req, reply) => {
    const order = await orderFor(gateway, req.params, reply);
    if (!order) return reply;
    const card = cardInputOf(formFields(req.body));
    const now = Date.now();
    const errors = cardErrors(card, { now, validateWithLuhn: true });
    if (Object.keys(errors).length > 0) return sendPage(reply, 400, cardPage(order, now, card, errors));
    const cardBin = card.number.slice(0, CARD_BIN_DIGITS);
    // a card the order is restricted against (another bank's, on a bank offer) is refused here, with why
    if (!allowedFor(order, 'card', cardBin))
      return sendPage(reply, 400, cardPage(order, now, card, { number: cardNotAllowed(order) }));
    try {
      // from here on the card is its brand, its BIN and its last four digits, nothing more
      const payment = await gateway.startPayment(order, {
        method: 'card',
        cardBrand: brandOf(card.number),
        cardLast4: last4(card.number),
        cardBin,
      });
      return reply.redirect(paymentPath(payment.id), 303);
    } catch (err) {
      return sendRefusal(reply, err, order);
    }
  });

  scope.post('/pay/:orderId/netbanking', hide, async (req, reply) => {
    const order = await orderFor(gateway, req.params, reply);
    if (!order) return reply;
    const bank = formFields(req.body)('bank');
    if (!Object.hasOwn(BANKS, bank))
      return sendPage(reply, 400, netbankingPage(order, BANKS, 'Please select a bank'));
    try {
      const payment = await gateway.startPayment(order, { method: 'netbanking', bank });
      return reply.redirect(paymentPath(payment.id), 303);
    } catch (err) {
      return sendRefusal(reply, err, order);
    }
  });

  scope.post('/pay/:orderId/wallet', hide, async (req, reply) => {
    const order = await orderFor(gateway, req.params, reply);
    if (!order) return reply;
    const field = formFields(req.body);
    const wallet = field('wallet');
    if (!Object.hasOwn(WALLETS, wallet))
      return sendPage(reply, 400, walletPage(order, WALLETS, 'Please select a wallet'));
    try {
      const payment = await gateway.startPayment(order, { method: 'wallet', wallet });
      return sendStep(reply, await gateway.complete(payment.id, walletOutcome(field), 'bank'));
    } catch (err) {
      return sendRefusal(reply, err, order);
    }
  });

  scope.post('/pay/:orderId/upi_collect', hide, async (req, reply) => {
    const order = await orderFor(gateway, req.params, reply);
    if (!order) return reply;
    const typed = formFields(req.body)('vpa');
    const vpa = vpaOf(typed);
    if (!vpa) return sendPage(reply, 400, collectPage(order, typed, VPA_MESSAGE));
    try {
      const payment = await gateway.startPayment(order, { method: 'upi_collect', vpa });
      return reply.redirect(paymentPath(payment.id), 303);
    } catch (err) {
      return sendRefusal(reply, err, order);
    }
  });
}

/** A started payment's steps: its page, the card's OTP and the bank's answer. */
function paymentStepRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  /** A payment's page: its next step while pending (OTP, bank, waiting for UPI), else where it ended. */
  scope.get('/payments/:paymentId', hide, async (req, reply) => {
    const payment = await gateway.payment(paramOf(req.params, 'paymentId'));
    if (!payment) return noSuchPayment(reply);
    const step = await gateway.stepOf(payment.id);
    if (step.kind !== 'waiting') return sendStep(reply, step);
    switch (step.payment.method) {
      case 'card':
        return sendPage(reply, 200, otpPage(step.payment));
      case 'netbanking':
        return sendPage(reply, 200, bankPage(step.payment, BANKS[step.payment.bank ?? ''] ?? 'Bank'));
      case 'upi_collect':
        return sendPage(reply, 200, collectWaitingPage(step.payment));
      default:
        return sendPage(reply, 200, processingPage(step.payment));
    }
  });

  scope.post('/payments/:paymentId/otp', hide, async (req, reply) => {
    const payment = await gateway.payment(paramOf(req.params, 'paymentId'));
    if (!payment || payment.method !== 'card') return noSuchPayment(reply);
    const field = formFields(req.body);
    if (field('action') === 'cancel') {
      const cancelled = failure('PAYMENT_CANCELLED', 'The customer cancelled the payment');
      return sendStep(reply, await gateway.complete(payment.id, cancelled, 'gateway'));
    }
    const answer = await gateway.submitOtp(payment.id, field('otp'));
    if (answer.kind === 'wrong')
      return sendPage(reply, 400, otpPage(payment, wrongOtpMessage(answer.attemptsLeft)));
    return sendStep(reply, answer.step);
  });

  scope.post('/payments/:paymentId/bank', hide, async (req, reply) => {
    const payment = await gateway.payment(paramOf(req.params, 'paymentId'));
    if (!payment || payment.method !== 'netbanking') return noSuchPayment(reply);
    const outcome = formFields(req.body)('outcome');
    if (outcome !== 'success' && outcome !== 'failure')
      return sendPage(reply, 400, bankPage(payment, BANKS[payment.bank ?? ''] ?? 'Bank'));
    const proposed =
      outcome === 'success'
        ? { status: 'captured' as const }
        : failure('BANK_FAILURE', 'The bank could not complete the payment');
    return sendStep(reply, await gateway.complete(payment.id, proposed, 'bank'));
  });
}
