import type { FastifyInstance, FastifyReply } from 'fastify';
import { paise } from '@crust/domain/money';
import type { OrderRow, PaymentRow } from '../../providers/payments/repo.ts';
import {
  failure,
  UPI_PAYEE,
  type Outcome,
  type SandboxGateway,
} from '../../providers/payments/sandbox-gateway.ts';
import { formFields, upiIntentQuery, vpaOf } from './pg-forms.ts';
import { sendPage } from './pg-html.ts';
import { alreadyPaidPage, payPath, problemPage } from './pg-pages.ts';
import { noSuchOrder, sendRefusal } from './pg-replies.ts';
import { upiAppCollectPage, upiAppDonePage, upiAppIntentPage, upiInboxPage } from './pg-upi-pages.ts';

const hide = { schema: { hide: true } };

const decisionOf = (body: unknown): Outcome | null => {
  const decision = formFields(body)('decision');
  if (decision === 'approve') return { status: 'captured' };
  if (decision === 'decline')
    return failure('UPI_DECLINED', 'The customer declined the payment in the UPI app');
  return null;
};

/**
 * The customer's UPI app, as the sandbox plays it: it opens intent links (`upi://pay?…` with its query
 * on /sandbox/pg/upi/pay) and shows collect requests (/sandbox/pg/upi/collect/:paymentId), each at its
 * own URL so a test opens it as a phone would, apart from the checkout's browser tab.
 */
export function upiAppRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  /** The order an intent link asks to pay, when the link is one the gateway made; else the reply is sent. */
  async function intentOrder(query: unknown, reply: FastifyReply): Promise<OrderRow | null> {
    const link = upiIntentQuery(query);
    // Razorpay's S2S intent links name the payment it made; the sandbox's own name the order
    const named = link.tr.startsWith('pay_') ? await gateway.payment(link.tr) : undefined;
    const order = await gateway.order(named ? named.orderId : link.tr);
    if (!order) {
      noSuchOrder(reply);
      return null;
    }
    const problem =
      link.pa !== UPI_PAYEE.vpa
        ? 'The payee is not a sandbox merchant.'
        : link.cu !== 'INR'
          ? 'Only INR can be paid.'
          : link.am !== (order.amountPaise / 100).toFixed(2)
            ? 'The amount differs from the order.'
            : null;
    if (problem) {
      sendPage(reply, 400, problemPage('Invalid payment request', problem));
      return null;
    }
    return order;
  }

  /**
   * A link naming one pending intent payment rather than an order: PayU's S2S intent, where the gateway made the
   * payment before the app opened (pg-payu-routes.ts). Paying it completes that payment.
   */
  async function intentPayment(query: unknown): Promise<PaymentRow | undefined> {
    const link = upiIntentQuery(query);
    const payment = await gateway.payment(link.tr);
    const fits =
      payment?.method === 'upi_intent' &&
      link.pa === UPI_PAYEE.vpa &&
      link.cu === 'INR' &&
      link.am === (payment.amountPaise / 100).toFixed(2);
    return fits ? payment : undefined;
  }

  scope.get('/upi/pay', hide, async (req, reply) => {
    const made = await intentPayment(req.query);
    if (made)
      return made.status === 'created'
        ? sendPage(reply, 200, upiAppIntentPage(upiIntentQuery(req.query), paise(made.amountPaise)))
        : sendPage(reply, 200, upiAppDonePage(made));
    const order = await intentOrder(req.query, reply);
    if (!order) return reply;
    if (order.status === 'paid') return sendPage(reply, 409, alreadyPaidPage(order));
    return sendPage(reply, 200, upiAppIntentPage(upiIntentQuery(req.query), paise(order.amountPaise)));
  });

  scope.post('/upi/pay', hide, async (req, reply) => {
    const made = await intentPayment(req.body);
    if (made) {
      const decided = decisionOf(req.body);
      if (!decided)
        return sendPage(reply, 400, upiAppIntentPage(upiIntentQuery(req.body), paise(made.amountPaise)));
      // no way back to a checkout page: the merchant's server started this payment and polls for it
      return sendPage(reply, 200, upiAppDonePage((await gateway.complete(made.id, decided, 'bank')).payment));
    }
    const order = await intentOrder(req.body, reply);
    if (!order) return reply;
    const outcome = decisionOf(req.body);
    if (!outcome)
      return sendPage(reply, 400, upiAppIntentPage(upiIntentQuery(req.body), paise(order.amountPaise)));
    try {
      const link = upiIntentQuery(req.body);
      const named = link.tr.startsWith('pay_') ? await gateway.payment(link.tr) : undefined;
      const payment =
        named && named.status === 'created'
          ? named
          : await gateway.startPayment(order, { method: 'upi_intent' });
      const step = await gateway.complete(payment.id, outcome, 'bank');
      // back to the checkout's intent page, which sends the browser on from there
      const back = `${payPath(order.id)}?method=upi_intent&since=${payment.createdAt.getTime()}`;
      return sendPage(reply, 200, upiAppDonePage(step.payment, back));
    } catch (err) {
      return sendRefusal(reply, err, order);
    }
  });

  scope.get('/upi/collect', hide, async (req, reply) => {
    const typed = formFields(req.query)('vpa');
    const vpa = vpaOf(typed);
    return sendPage(reply, 200, upiInboxPage(typed, vpa ? await gateway.collectRequests(vpa) : []));
  });

  scope.get('/upi/collect/:paymentId', hide, async (req, reply) => {
    const payment = await gateway.payment(formFields(req.params)('paymentId'));
    if (!payment || payment.method !== 'upi_collect')
      return sendPage(reply, 404, problemPage('No such request', 'This collect request does not exist.'));
    if (payment.status !== 'created') return sendPage(reply, 200, upiAppDonePage(payment));
    return sendPage(reply, 200, upiAppCollectPage(payment));
  });

  scope.post('/upi/collect/:paymentId', hide, async (req, reply) => {
    const payment = await gateway.payment(formFields(req.params)('paymentId'));
    if (!payment || payment.method !== 'upi_collect')
      return sendPage(reply, 404, problemPage('No such request', 'This collect request does not exist.'));
    const outcome = decisionOf(req.body);
    if (!outcome) return sendPage(reply, 400, upiAppCollectPage(payment));
    const step = await gateway.complete(payment.id, outcome, 'bank');
    return sendPage(reply, 200, upiAppDonePage(step.payment));
  });
}
