import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { paise } from '@crust/domain/money';
import { GatewayError, type GatewayErrorCode } from '../../providers/payments/provider.ts';
import { paiseOfRupees, rupeesText } from '../../providers/payments/payu/entities.ts';
import { apiHash, hashesEqual } from '../../providers/payments/payu/hashes.ts';
import { REFUND_TOKEN_MAX } from '../../providers/payments/payu/txnids.ts';
import type { SandboxGateway } from '../../providers/payments/sandbox-gateway.ts';
import { txnOf, txnOfPayment } from '../../providers/payments/sandbox-payu/books.ts';
import { payuTransactionOf } from '../../providers/payments/sandbox-payu/fields.ts';
import { paymentOf } from '../../providers/payments/views.ts';
import { payuFields } from './pg-payu-request.ts';

const hide = { schema: { hide: true } };

type Answer = Record<string, unknown>;

/** verify_payment's and check_payment's names for a few response fields (web-sdk-php doc/verifyPayment.md). */
function asStatusDetails(t: Record<string, string>): Record<string, string> {
  const { cardnum, error, amount, ...rest } = t;
  return {
    ...rest,
    amt: amount ?? '',
    transaction_amount: amount ?? '',
    error_code: error ?? '',
    ...(cardnum ? { card_no: cardnum } : {}),
  };
}

/** cancel_refund_transaction's refusals, as PayU's codes (https://docs.payu.in/docs/error-codes-for-refund-initiation). */
const REFUND_CODES: Partial<Record<GatewayErrorCode, [number, string]>> = {
  NOT_FOUND: [116, 'Refund FAILURE - Transaction not found'],
  PAYMENT_NOT_CAPTURED: [111, 'Refund FAILURE - Invalid transaction status'],
  REFUND_EXCEEDS_PAYMENT: [105, 'Refund FAILURE - Invalid amount'],
  RECEIPT_IN_USE: [106, 'Refund FAILURE - Token already exists'],
};

/**
 * PayU's merchant API as the sandbox answers it: POST /sandbox/pg/payu/merchant/postservice.php?form=2 with `key`,
 * `command`, `var1…` and `hash` = sha512(key|command|var1|salt); JSON answers, HTTP 200 even for refusals
 * (`status: 0` and `msg`), as PayU does. Commands: verify_payment (several txnids joined by `|`), check_payment,
 * cancel_refund_transaction, check_action_status.
 */
export function payuApiRoutes(payu: FastifyInstance, gateway: SandboxGateway): void {
  const { key, salt } = gateway.payuKeys;

  async function answer(body: unknown): Promise<Answer> {
    const field = payuFields(body);
    const command = field('command');
    if (field('key') !== key) return { status: 0, msg: 'Invalid key' };
    if (!hashesEqual(field('hash'), apiHash(key, command, field('var1'), salt)))
      return { status: 0, msg: 'Invalid Hash.' };
    const { latencyMs } = await gateway.modes();
    if (latencyMs > 0) await sleep(latencyMs);
    switch (command) {
      case 'verify_payment':
        return verifyPayment(field('var1').split('|').filter(Boolean));
      case 'check_payment':
        return checkPayment(field('var1'));
      case 'cancel_refund_transaction':
        return refund(field('var1'), field('var2'), field('var3'));
      case 'check_action_status':
        return actionStatus(field('var1'), field('var2'));
      default:
        return { status: 0, msg: 'Invalid command' };
    }
  }

  async function verifyPayment(txnids: string[]): Promise<Answer> {
    const details: Record<string, unknown> = {};
    let found = 0;
    for (const txnid of txnids) {
      const order = await gateway.payu.orderOf(txnid);
      const txn = order ? txnOf(order, txnid) : undefined;
      if (!order || !txn) {
        details[txnid] = { mihpayid: 'Not Found', status: 'Not Found' };
        continue;
      }
      found++;
      const payment = await gateway.payment(txn.paymentId);
      details[txnid] = asStatusDetails(
        payuTransactionOf(gateway.payuKeys, order, txn, payment ? paymentOf(payment) : null),
      );
    }
    return {
      status: found > 0 ? 1 : 0,
      msg: `${found} out of ${txnids.length} Transactions Fetched Successfully`,
      transaction_details: details,
    };
  }

  async function checkPayment(paymentId: string): Promise<Answer> {
    const payment = await gateway.payment(paymentId);
    const order = payment ? await gateway.payu.orderOfPayment(paymentId) : undefined;
    const txn = order ? txnOfPayment(order, paymentId) : undefined;
    if (!payment || !order || !txn) return { status: 0, msg: 'Transaction not found' };
    return {
      status: 1,
      msg: 'Transaction Fetched Successfully',
      transaction_details: asStatusDetails(
        payuTransactionOf(gateway.payuKeys, order, txn, paymentOf(payment)),
      ),
    };
  }

  /** A refund with the merchant's token: one refund per token, as PayU makes it (its 106 and 227). */
  async function refund(paymentId: string, token: string, amountText: string): Promise<Answer> {
    const failed = (code: number, msg: string) => ({ status: 0, msg, error_code: code, mihpayid: paymentId });
    const payment = (await gateway.payu.orderOfPayment(paymentId))
      ? await gateway.payment(paymentId)
      : undefined;
    if (!payment) return failed(116, 'Refund FAILURE - Transaction not found');
    if (token === '' || token.length > REFUND_TOKEN_MAX)
      return failed(124, 'Refund FAILURE - Input data missing');
    const amount = paiseOfRupees(amountText);
    if (amount === null || amount <= 0) return failed(105, 'Refund FAILURE - Invalid amount');
    const earlier = await gateway.payu.refundByToken(token);
    if (earlier)
      return earlier.paymentId === paymentId && earlier.amountPaise === amount
        ? failed(227, 'Refund FAILURE - Transactions with same amount and same token not allowed')
        : failed(106, 'Refund FAILURE - Token already exists');
    try {
      const made = await gateway.refund(paymentId, paise(amount), token);
      return {
        status: 1,
        msg: 'Refund Request Queued',
        request_id: made.refundId,
        bank_ref_num: null,
        mihpayid: paymentId,
        error_code: 102,
      };
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      const [code, msg] = REFUND_CODES[err.code] ?? [124, `Refund FAILURE - ${err.message}`];
      return failed(code, msg);
    }
  }

  /** A payment's refunds by PayU id (var2 `payuid`), or one refund by its request id (var1 alone). */
  async function actionStatus(id: string, kind: string): Promise<Answer> {
    const refunds =
      kind === 'payuid'
        ? (await gateway.payu.orderOfPayment(id))
          ? await gateway.payu.refundsOf(id)
          : []
        : [await gateway.payu.refund(id)].filter((r) => r !== undefined);
    if (refunds.length === 0)
      return {
        status: 0,
        msg: '0 out of 1 Transactions Fetched Successfully',
        transaction_details: { [id]: 'No action status found' },
      };
    const byPayment: Record<string, Record<string, unknown>> = {};
    for (const r of refunds)
      (byPayment[r.paymentId] ??= {})[r.id] = {
        mihpayid: r.paymentId,
        request_id: r.id,
        amt: rupeesText(r.amountPaise),
        action: 'refund',
        token: r.receipt,
        status: 'success',
        bank_ref_num: null,
        refund_mode: 'Back to Source',
      };
    return {
      status: 1,
      msg: `1 out of 1 Transactions Fetched Successfully`,
      transaction_details: byPayment,
    };
  }

  // PayU's URL has `?form=2` (JSON answers); the sandbox answers JSON either way
  for (const path of ['/merchant/postservice.php', '/merchant/postservice'])
    payu.post(path, hide, async (req, reply) =>
      reply.header('cache-control', 'no-store').send(await answer(req.body)),
    );
}
