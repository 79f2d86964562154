import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { brandOf, cardErrors, last4 } from '@crust/domain/card';
import { GatewayError } from '../../providers/payments/provider.ts';
import { rupeesText } from '../../providers/payments/payu/entities.ts';
import type { OrderRow } from '../../providers/payments/repo.ts';
import {
  UPI_PAYEE,
  type PaymentDetails,
  type SandboxGateway,
} from '../../providers/payments/sandbox-gateway.ts';
import { txnOf, type PayuTxn } from '../../providers/payments/sandbox-payu/books.ts';
import { CARD_BIN_DIGITS, cardPage } from './pg-card-pages.ts';
import {
  BANKS,
  cardInputOf,
  formFields,
  VPA_MESSAGE,
  vpaOf,
  WALLETS,
  walletOutcome,
  walletsOffered,
} from './pg-forms.ts';
import { sendPage } from './pg-html.ts';
import { payuApiRoutes } from './pg-payu-api.ts';
import { isHostedMethod, payuMethodsPage, payuTxnPath, type HostedMethod } from './pg-payu-pages.ts';
import { checkPayuRequest, type PayuRequest } from './pg-payu-request.ts';
import { alreadyPaidPage, netbankingPage, paymentPath, problemPage, walletPage } from './pg-pages.ts';
import { noSuchOrder, sendRefusal, sendStep } from './pg-replies.ts';
import { collectPage } from './pg-upi-pages.ts';

const hide = { schema: { hide: true } };

/**
 * The sandbox speaking PayU's protocol, under /sandbox/pg/payu: the `_payment` URL the merchant's form (or server,
 * for a UPI intent) posts to, PayU's hosted page for a request without `pg`, and the merchant API
 * (pg-payu-api.ts). After the request, a payment goes through the sandbox's own pages (OTP, bank, wallet, UPI) and
 * modes; its end is PayU's form posted back to surl/furl (pg-payu-pages.ts), its webhooks PayU's forms (outbox.ts).
 */
export function payuRoutes(scope: FastifyInstance, gateway: SandboxGateway): void {
  void scope.register(
    async (payu) => {
      paymentRoutes(payu, gateway);
      hostedRoutes(payu, gateway);
      payuApiRoutes(payu, gateway);
    },
    { prefix: '/payu' },
  );
}

/** The attempt a txnid names: its PayU id, surl and furl, fixed when the txnid was posted. */
const attemptOf = (txn: PayuTxn) => ({ id: txn.paymentId, callbackUrl: txn.surl, failureUrl: txn.furl });

function paymentRoutes(payu: FastifyInstance, gateway: SandboxGateway): void {
  payu.post('/_payment', hide, async (req, reply) => {
    const checked = checkPayuRequest(gateway.payuKeys, req.body, Date.now());
    const s2s = formFields(req.body)('txn_s2s_flow') !== '';
    if (!checked.ok)
      return s2s
        ? intentRefusal(reply, checked.status, checked.text)
        : sendPage(reply, checked.status, problemPage(checked.title, checked.text));
    const { request, way } = checked;
    const order = await gateway.payu.orderFor(request.txnid, request.amountPaise);
    // the sandbox keeps a ref's attempts to one amount, as Crust's order has one
    if (order.amountPaise !== request.amountPaise)
      return refused(
        reply,
        s2s,
        400,
        'Invalid amount',
        'The amount differs from earlier attempts of this order.',
      );
    const txn = await gateway.payu.claim(order.id, txnFields(request));
    if (!txn)
      return refused(
        reply,
        s2s,
        409,
        'Duplicate transaction ID',
        'The transaction ID (txnid) has been used previously.',
      );
    switch (way.kind) {
      case 'hosted': {
        // a wallet named in the request (pg=CASH) opens at once, as PayU goes straight to the wallet's page
        const wallet = way.wallet ? `?method=wallet&wallet=${encodeURIComponent(way.wallet)}` : '';
        return reply.redirect(`${payuTxnPath(txn.txnid)}${wallet}`, 303);
      }
      case 'seamless':
        try {
          const payment = await gateway.startPayment(order, way.details, attemptOf(txn));
          return reply.redirect(paymentPath(payment.id), 303);
        } catch (err) {
          return sendRefusal(reply, err, order);
        }
      case 'intent':
        return intentAnswer(reply, gateway, order, txn);
    }
  });
}

const txnFields = (r: PayuRequest): Omit<PayuTxn, 'paymentId' | 'at'> => ({
  txnid: r.txnid,
  productinfo: r.productinfo,
  firstname: r.firstname,
  email: r.email,
  phone: r.phone,
  udf: r.udf,
  surl: r.surl,
  furl: r.furl,
});

function refused(reply: FastifyReply, s2s: boolean, status: number, title: string, text: string) {
  return s2s ? intentRefusal(reply, status, text) : sendPage(reply, status, problemPage(title, text));
}

/** PayU's S2S answer shape (metaData, result) with the reason and no result. */
const intentRefusal = (reply: FastifyReply, status: number, message: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({
      metaData: {
        message,
        referenceId: null,
        statusCode: null,
        txnId: null,
        txnStatus: 'failed',
        unmappedStatus: 'failed',
      },
      result: null,
    });

/**
 * A UPI intent started server to server: the payment is made now, pending, and the answer carries the `upi://pay`
 * query naming it (tr), which the sandbox UPI app completes (pg-upi-routes.ts). Shape as PayU's S2S intent answer
 * (https://docs.payu.in/docs/upi-intent-server-to-server: metaData, result.intentURIData).
 */
async function intentAnswer(reply: FastifyReply, gateway: SandboxGateway, order: OrderRow, txn: PayuTxn) {
  try {
    const payment = await gateway.startPayment(order, { method: 'upi_intent' }, attemptOf(txn));
    const amount = rupeesText(order.amountPaise);
    const query = new URLSearchParams({
      pa: UPI_PAYEE.vpa,
      pn: UPI_PAYEE.name,
      tr: payment.id,
      am: amount,
      cu: 'INR',
      tn: `UPI Transaction for ${txn.txnid}`,
    });
    return reply.header('cache-control', 'no-store').send({
      metaData: {
        message: null,
        referenceId: randomBytes(32).toString('hex'),
        statusCode: null,
        txnId: txn.txnid,
        txnStatus: 'pending',
        unmappedStatus: 'pending',
      },
      result: {
        paymentId: payment.id,
        merchantName: UPI_PAYEE.name,
        merchantVpa: UPI_PAYEE.vpa,
        amount,
        intentURIData: query.toString().replaceAll('+', '%20'),
      },
    });
  } catch (err) {
    if (err instanceof GatewayError) return intentRefusal(reply, err.httpStatus, err.message);
    throw err;
  }
}

/** PayU's hosted page for one txnid: choose a way, then the sandbox's page for it, posting back here. */
function hostedRoutes(payu: FastifyInstance, gateway: SandboxGateway): void {
  /** The order and txn a /txn/:txnid request names; the reply is already sent when there is none. */
  async function txnFor(
    params: unknown,
    reply: FastifyReply,
  ): Promise<{ order: OrderRow; txn: PayuTxn } | null> {
    const txnid = formFields(params)('txnid');
    const order = await gateway.payu.orderOf(txnid);
    const txn = order ? txnOf(order, txnid) : undefined;
    if (!order || !txn) {
      noSuchOrder(reply);
      return null;
    }
    // the txnid's attempt has begun: its own page (OTP, bank, waiting, or where it ended)
    if (await gateway.payment(txn.paymentId)) {
      void reply.redirect(paymentPath(txn.paymentId), 303);
      return null;
    }
    if (order.status === 'paid') {
      sendPage(reply, 409, alreadyPaidPage(order));
      return null;
    }
    return { order, txn };
  }

  payu.get('/txn/:txnid', hide, async (req, reply) => {
    const found = await txnFor(req.params, reply);
    if (!found) return reply;
    const { order, txn } = found;
    const query = formFields(req.query);
    const method = query('method');
    const action = (m: HostedMethod) => `${payuTxnPath(txn.txnid)}/${m}`;
    switch (method) {
      case '':
        return sendPage(reply, 200, payuMethodsPage(order, txn.txnid));
      case 'card':
        return sendPage(reply, 200, cardPage(order, Date.now(), undefined, {}, action('card')));
      case 'netbanking':
        return sendPage(reply, 200, netbankingPage(order, BANKS, undefined, action('netbanking')));
      case 'wallet':
        return sendPage(
          reply,
          200,
          walletPage(order, walletsOffered(query('wallet')), undefined, action('wallet')),
        );
      case 'upi_collect':
        return sendPage(reply, 200, collectPage(order, '', undefined, action('upi_collect')));
      default:
        return sendPage(
          reply,
          400,
          problemPage('No such method', 'Choose card, net banking, wallet or UPI.'),
        );
    }
  });

  payu.post('/txn/:txnid/:method', hide, async (req, reply) => {
    const method = formFields(req.params)('method');
    if (!isHostedMethod(method))
      return sendPage(reply, 404, problemPage('No such method', 'Choose card, net banking, wallet or UPI.'));
    const found = await txnFor(req.params, reply);
    if (!found) return reply;
    const { order, txn } = found;
    const field = formFields(req.body);
    const action = `${payuTxnPath(txn.txnid)}/${method}`;
    let details: PaymentDetails;
    switch (method) {
      case 'card': {
        const card = cardInputOf(field);
        const now = Date.now();
        const errors = cardErrors(card, { now, validateWithLuhn: true });
        if (Object.keys(errors).length > 0)
          return sendPage(reply, 400, cardPage(order, now, card, errors, action));
        details = {
          method: 'card',
          cardBrand: brandOf(card.number),
          cardLast4: last4(card.number),
          cardBin: card.number.slice(0, CARD_BIN_DIGITS),
        };
        break;
      }
      case 'netbanking': {
        const bank = field('bank');
        if (!Object.hasOwn(BANKS, bank))
          return sendPage(reply, 400, netbankingPage(order, BANKS, 'Please select a bank', action));
        details = { method: 'netbanking', bank };
        break;
      }
      case 'wallet': {
        const wallet = field('wallet');
        if (!Object.hasOwn(WALLETS, wallet))
          return sendPage(reply, 400, walletPage(order, WALLETS, 'Please select a wallet', action));
        details = { method: 'wallet', wallet };
        break;
      }
      case 'upi_collect': {
        const vpa = vpaOf(field('vpa'));
        if (!vpa) return sendPage(reply, 400, collectPage(order, field('vpa'), VPA_MESSAGE, action));
        details = { method: 'upi_collect', vpa };
        break;
      }
    }
    try {
      const payment = await gateway.startPayment(order, details, attemptOf(txn));
      if (details.method !== 'wallet') return reply.redirect(paymentPath(payment.id), 303);
      // the wallet answers at once, as on the sandbox's own wallet page
      return sendStep(reply, await gateway.complete(payment.id, walletOutcome(field), 'bank'));
    } catch (err) {
      // a second post of the same choice (a double tap): the first one's attempt stands
      if (!(err instanceof GatewayError) && (await gateway.payment(txn.paymentId)))
        return reply.redirect(paymentPath(txn.paymentId), 303);
      return sendRefusal(reply, err, order);
    }
  });
}
