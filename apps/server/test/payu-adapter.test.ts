import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { paise } from '@crust/domain/money';
import { GatewayError } from '../src/providers/payments/provider.ts';
import {
  paymentOf,
  PayuTransactionSchema,
  RefundAnswerSchema,
  statusOf,
} from '../src/providers/payments/payu/entities.ts';
import { PayuGateway } from '../src/providers/payments/payu/gateway.ts';
import { GatewayUnavailable } from '../src/providers/payments/gateway-calls.ts';
import {
  apiHash,
  paymentHash,
  paymentHashText,
  responseHash,
  responseHashText,
} from '../src/providers/payments/payu/hashes.ts';
import { refundOutcomeOf } from '../src/providers/payments/payu/refunds.ts';
import {
  attemptOf,
  MAX_ATTEMPTS,
  refundTokenOf,
  REFUND_TOKEN_MAX,
  txnidsOf,
} from '../src/providers/payments/payu/txnids.ts';

/** Issue 14 §1: the PayU adapter's hashes against PayU's documented formulas, and its readings of PayU's answers. */

const KEY = 'JPM7Fg';
const SALT = 's4ltS4lt';
const sha512 = (text: string) => createHash('sha512').update(text, 'utf8').digest('hex');

const silent = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
} as unknown as FastifyBaseLogger;

describe('hashes', () => {
  // the fields of PayU's hosted-checkout sample request (https://docs.payu.in/docs/_payment_payu_hosted_checkout)
  const sample = {
    txnid: 'PQI6MqpYrjEefU',
    amount: '10.00',
    productinfo: 'iPhone',
    firstname: 'PayU User',
    email: 'test@example.com',
  };

  it('signs a request without udfs as key|txnid|amount|productinfo|firstname|email|||||||||||SALT', () => {
    // PayU's FAQ: "In case you haven't posted any UDFs, the hash sequence should look like this:
    // key|txnid|amount|productinfo|firstname|email|||||||||||salt" (eleven pipes before the salt)
    const documented = `${KEY}|PQI6MqpYrjEefU|10.00|iPhone|PayU User|test@example.com|||||||||||${SALT}`;
    expect(paymentHashText(KEY, SALT, sample)).toBe(documented);
    expect(paymentHash(KEY, SALT, sample)).toBe(sha512(documented));
    // computed once outside Node (sha512sum), so a shared mistake in both would still show
    expect(paymentHash(KEY, SALT, sample)).toBe(
      '37a21b1494503910252358288439575ab938d6445d5ecd74125128fb892ee05dd4eb4a25f1eb074af89adabc1b11da4cd4edffe3627c65a7085e460981b086dc',
    );
  });

  it('signs udf1–udf5 in their places, then five empty udfs and the salt', () => {
    const fields = {
      txnid: 'O0123456789ABCDEF0123-1',
      amount: '499.00',
      productinfo: 'Crust order 1234',
      firstname: 'Asha Verma',
      email: 'asha@example.com',
      udf1: 'card',
    };
    const documented = `${KEY}|O0123456789ABCDEF0123-1|499.00|Crust order 1234|Asha Verma|asha@example.com|card||||||||||${SALT}`;
    expect(paymentHashText(KEY, SALT, fields)).toBe(documented);
    expect(paymentHash(KEY, SALT, fields)).toBe(
      'a9b09bf8373c15fee5f61213a5aeb9de1c064c81a874c5377370c62a384723babb29e5a59654c890fd9e9ea3c03935a2371d4557227204b2fbfa9def4a88b2ed',
    );
    expect(paymentHash(KEY, SALT, { ...fields, udf2: 'x' })).not.toBe(paymentHash(KEY, SALT, fields));
  });

  it('checks a response with the reverse sequence SALT|status||||||udf5|…|udf1|email|…|txnid|key', () => {
    const documented = `${SALT}|success|||||||||||test@example.com|PayU User|iPhone|10.00|PQI6MqpYrjEefU|${KEY}`;
    expect(responseHashText(KEY, SALT, { ...sample, status: 'success' })).toBe(documented);
    expect(responseHash(KEY, SALT, { ...sample, status: 'success' })).toBe(
      '57a93bc33da69bac60c54279782cd5ea72a00f3ec1864a898984ffbab09b31333477acd2c38b968d3453e7ecfaa521b65ba83db88a7204f2fdeb23a972218a7b',
    );
  });

  it('puts additionalCharges in front of the reverse sequence when PayU sends it', () => {
    const fields = {
      txnid: 'O0123456789ABCDEF0123-1',
      amount: '499.00',
      productinfo: 'Crust order 1234',
      firstname: 'Asha Verma',
      email: 'asha@example.com',
      udf1: 'card',
      status: 'failure',
      additionalCharges: '12.50',
    };
    const documented = `12.50|${SALT}|failure||||||||||card|asha@example.com|Asha Verma|Crust order 1234|499.00|O0123456789ABCDEF0123-1|${KEY}`;
    expect(responseHashText(KEY, SALT, fields)).toBe(documented);
    expect(responseHash(KEY, SALT, fields)).toBe(
      '1ff8cf54b40167b2cfd079229b3e18c15b0fa6d2266268a801617ea9b46df8608887a4ac9da03d550a5129ac38023299eec9be0c5763ebc850ece71a41e2fb5f',
    );
  });

  it('signs an API command as sha512(key|command|var1|salt)', () => {
    expect(apiHash(KEY, 'verify_payment', 'PQI6MqpYrjEefU', SALT)).toBe(
      '424845e45e348591215295cdcea49428a1859c4c8d9994d3effb5e0bb5b951ff78b2670382df3861c627ea2a1c6f561a9c62b805f74c63f0d918fcc4d55d4a32',
    );
    expect(apiHash(KEY, 'verify_payment', 'PQI6MqpYrjEefU', SALT)).toBe(
      sha512(`${KEY}|verify_payment|PQI6MqpYrjEefU|${SALT}`),
    );
  });
});

describe('txnids', () => {
  it('names attempt n of a gateway order <order>-<n>, and reads it back', () => {
    expect(txnidsOf('O1234')).toHaveLength(MAX_ATTEMPTS);
    expect(txnidsOf('O1234')[0]).toBe('O1234-1');
    expect(attemptOf('O0123456789ABCDEF0123-10')).toEqual({
      gatewayOrderId: 'O0123456789ABCDEF0123',
      attempt: 10,
    });
    expect(attemptOf('O1234')).toBeNull();
    expect(attemptOf(`O1234-${MAX_ATTEMPTS + 1}`)).toBeNull();
    expect(attemptOf('7fa6c4783a363b3da573')).toBeNull();
    // Crust's order ids fit PayU's 25 characters with every attempt number
    expect(txnidsOf('O0123456789ABCDEF0123').every((t) => t.length <= 25)).toBe(true);
  });

  it('makes a refund token of at most 23 characters, the same for the same receipt', () => {
    expect(refundTokenOf('refund-short')).toBe('refund-short');
    const long = refundTokenOf('refund-O0123456789ABCDEF0123');
    expect(long).toHaveLength(REFUND_TOKEN_MAX);
    expect(refundTokenOf('refund-O0123456789ABCDEF0123')).toBe(long);
    expect(refundTokenOf('refund-O0123456789ABCDEF0124')).not.toBe(long);
  });
});

/** A transaction of verify_payment's answer (web-sdk-php doc/verifyPayment.md), on a txnid of this adapter's. */
const documentedTransaction = {
  mihpayid: '403993715521889530',
  request_id: '',
  bank_ref_num: '721522',
  amt: '10.00',
  transaction_amount: '10.00',
  txnid: 'O0123456789ABCDEF0123-1',
  additional_charges: '0.00',
  productinfo: 'Test',
  firstname: 'K',
  bankcode: 'CC',
  udf1: 'card',
  field9: 'No Error',
  error_code: 'E000',
  addedon: '2020-10-26 14:12:13',
  payment_source: 'payu',
  card_type: 'MAST',
  error_Message: 'NO ERROR',
  net_amount_debit: 10,
  mode: 'CC',
  card_no: '512345XXXXXX2346',
  status: 'success',
  unmappedstatus: 'captured',
  Merchant_UTR: null,
};

describe("reading PayU's transactions", () => {
  const read = (over: Record<string, unknown>) =>
    paymentOf(PayuTransactionSchema.parse({ ...documentedTransaction, ...over }));

  it('reads the documented card success: captured, its brand, BIN and last 4, IST time as UTC', () => {
    expect(read({})).toEqual({
      paymentId: '403993715521889530',
      gatewayOrderId: 'O0123456789ABCDEF0123',
      status: 'captured',
      method: 'card',
      amountPaise: 1000,
      currency: 'INR',
      amountRefundedPaise: 0,
      cardBrand: 'MASTERCARD',
      cardBin: '512345',
      cardLast4: '2346',
      createdAt: '2020-10-26T08:42:13.000Z',
    });
  });

  it.each([
    [{ status: 'success', unmappedstatus: 'captured' }, 'captured'],
    [{ status: 'success', unmappedstatus: 'auth' }, 'authorized'],
    [{ status: 'failure', unmappedstatus: 'failed' }, 'failed'],
    [{ status: 'failure', unmappedstatus: 'userCancelled' }, 'failed'],
    [{ status: 'pending', unmappedstatus: 'pending' }, 'created'],
    [{ status: 'in progress', unmappedstatus: '' }, 'created'],
    [{ status: 'something new', unmappedstatus: '' }, 'created'],
  ])('status %j → %s', (t, expected) => {
    expect(statusOf(t)).toBe(expected);
  });

  it.each([
    [
      { mode: 'DC', bankcode: 'VISA', card_type: 'VISA' },
      { method: 'card', cardBrand: 'VISA' },
    ],
    [
      { mode: 'NB', bankcode: 'HDFB' },
      { method: 'netbanking', bank: 'HDFB' },
    ],
    [
      { mode: 'CASH', bankcode: 'PAYTM' },
      { method: 'wallet', wallet: 'paytm' },
    ],
    [
      { mode: 'UPI', bankcode: 'UPI', field3: 'asha@okaxis' },
      { method: 'upi_collect', vpa: 'asha@okaxis' },
    ],
    [{ mode: 'UPI', bankcode: 'INTENT', udf1: 'upi_intent' }, { method: 'upi_intent' }],
    [{ mode: 'BNPL', bankcode: 'LAZYPAY' }, { method: 'wallet' }],
    // before PayU knows the mode (a hosted page not used yet), the method Crust asked for in udf1
    [
      { mode: '', bankcode: '', status: 'pending', udf1: 'netbanking' },
      { method: 'netbanking', status: 'created' },
    ],
  ])('mode %j → %j', (t, expected) => {
    expect(read({ card_no: '', card_type: '', ...t })).toMatchObject(expected);
  });

  it('reads a failure with its code and message, and never a card number beyond BIN and last 4', () => {
    const failed = read({
      status: 'failure',
      unmappedstatus: 'failed',
      error_code: 'E308',
      error_Message: 'Declined',
    });
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'E308', errorDescription: 'Declined' });
    expect(JSON.stringify(failed)).not.toContain('512345XXXXXX2346');
  });

  it("ignores a transaction this adapter's txnids did not make, and a mihpayid given as a number", () => {
    expect(read({ txnid: '7fa6c4783a363b3da573' })).toBeNull();
    expect(read({ mihpayid: 4039937155 })?.paymentId).toBe('4039937155');
  });
});

describe("reading PayU's refund answers", () => {
  const outcome = (a: Record<string, unknown>) => refundOutcomeOf(RefundAnswerSchema.parse(a));
  const refusal = (a: Record<string, unknown>) => {
    try {
      outcome(a);
    } catch (err) {
      return err instanceof GatewayError ? [err.code, err.httpStatus] : err;
    }
    return 'no refusal';
  };

  it.each([
    [
      {
        status: 1,
        msg: 'Refund Request Queued',
        request_id: '131278422',
        mihpayid: 403993715,
        error_code: 102,
      },
      { kind: 'made', requestId: '131278422' },
    ],
    [{ status: 0, msg: 'Refund FAILURE - Token already exists', error_code: 106 }, { kind: 'token_used' }],
    // PayU's own SDK test: the same token and amount again
    [
      {
        status: 0,
        msg: 'Refund FAILURE - Transactions with same amount and same token not allowed',
        error_code: 227,
        mihpayid: 403993715527186400,
      },
      { kind: 'token_used' },
    ],
  ])('%j → %j', (answer, expected) => {
    expect(outcome(answer)).toEqual(expected);
  });

  it.each([
    [{ status: 0, msg: 'Invalid amount', error_code: 105 }, ['REFUND_EXCEEDS_PAYMENT', 400]],
    [{ status: 0, msg: 'Invalid transaction status', error_code: 111 }, ['PAYMENT_NOT_CAPTURED', 400]],
    [{ status: 0, msg: 'Transaction not found', error_code: 116 }, ['NOT_FOUND', 404]],
    [{ status: 0, msg: 'Invalid Hash.' }, ['BAD_REQUEST', 401]],
    [{ status: 0, msg: 'Request set as pending', error_code: 123 }, ['BAD_REQUEST', 400]],
  ])('%j → %j', (answer, expected) => {
    expect(refusal(answer)).toEqual(expected);
  });
});

/** A PayU that answers from a table, keeping every call it got. */
function fakePayu(answers: (fields: URLSearchParams) => unknown) {
  const calls: { url: string; fields: URLSearchParams }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const fields = new URLSearchParams(String(init.body));
    calls.push({ url, fields });
    return new Response(JSON.stringify(answers(fields)), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const gateway = new PayuGateway({
    paymentUrl: 'https://payu.test/_payment',
    apiUrl: 'https://payu.test/merchant/postservice.php?form=2',
    key: KEY,
    salt: SALT,
    publicUrl: 'https://order.example.in',
    log: silent,
    upiAppUrl: null,
    fetch: fetchImpl,
  });
  return { gateway, calls };
}

const ORDER = 'O0123456789ABCDEF0123';

describe('the adapter over HTTP', () => {
  it('asks verify_payment about every txnid of the order at once, signed, and lists the ones PayU knows', async () => {
    const { gateway, calls } = fakePayu(() => ({
      status: 1,
      msg: '2 out of 10 Transactions Fetched Successfully',
      transaction_details: Object.fromEntries(
        txnidsOf(ORDER).map((txnid, i) => [
          txnid,
          i === 0
            ? {
                ...documentedTransaction,
                txnid,
                status: 'failure',
                unmappedstatus: 'failed',
                mihpayid: '111',
              }
            : i === 1
              ? { ...documentedTransaction, txnid, mihpayid: '222' }
              : { mihpayid: 'Not Found', status: 'Not Found' },
        ]),
      ),
    }));
    const payments = await gateway.paymentsOf(ORDER);
    expect(payments.map((p) => [p.paymentId, p.status])).toEqual([
      ['111', 'failed'],
      ['222', 'captured'],
    ]);
    expect(calls).toHaveLength(1);
    const { url, fields } = calls[0]!;
    expect(url).toBe('https://payu.test/merchant/postservice.php?form=2');
    const var1 = txnidsOf(ORDER).join('|');
    expect(Object.fromEntries(fields)).toEqual({
      key: KEY,
      command: 'verify_payment',
      var1,
      hash: sha512(`${KEY}|verify_payment|${var1}|${SALT}`),
    });
  });

  it('checks out a card on the first txnid PayU does not know, with the request hash and the card field names', async () => {
    const { gateway } = fakePayu(() => ({
      status: 1,
      msg: '1 out of 10 Transactions Fetched Successfully',
      transaction_details: { [`${ORDER}-1`]: { ...documentedTransaction, status: 'failure' } },
    }));
    const step = await gateway.checkout({
      gatewayOrderId: ORDER,
      amountPaise: paise(49_900),
      method: 'card',
      callbackPath: '/api/v1/payments/callback?transactionId=T1',
      customer: { mobile: '9876500001', email: 'asha@example.com', name: 'Asha Verma' },
      description: 'Crust order 1234',
    });
    expect(step).toMatchObject({
      kind: 'form',
      action: 'https://payu.test/_payment',
      inputs: {
        number: 'ccnum',
        expiryMonth: 'ccexpmon',
        expiryYear: 'ccexpyr',
        cvv: 'ccvv',
        name: 'ccname',
      },
    });
    if (step.kind !== 'form') throw new Error('not a form');
    expect(step.fields).toEqual({
      key: KEY,
      txnid: `${ORDER}-2`,
      amount: '499.00',
      productinfo: 'Crust order 1234',
      firstname: 'Asha Verma',
      email: 'asha@example.com',
      udf1: 'card',
      phone: '9876500001',
      surl: 'https://order.example.in/api/v1/payments/callback?transactionId=T1',
      furl: 'https://order.example.in/api/v1/payments/callback?transactionId=T1',
      pg: 'CC',
      bankcode: 'CC',
      hash: sha512(
        `${KEY}|${ORDER}-2|499.00|Crust order 1234|Asha Verma|asha@example.com|card||||||||||${SALT}`,
      ),
    });
  });

  it.each([
    ['Amazon Pay goes straight to its wallet (pg CASH, bankcode AMZPAY)', 'AMZPAY_WALLET', 'AMZPAY'],
    ['a wallet PayU has no code for goes to the hosted page', 'PAYTM_WALLET', undefined],
    ['a generic wallet goes to the hosted page', 'WALLET', undefined],
    ['no wallet goes to the hosted page', undefined, undefined],
  ] as const)('%s', async (_, wallet, bankcode) => {
    const { gateway } = fakePayu(() => ({ status: 0, msg: '0 out of 10', transaction_details: {} }));
    const step = await gateway.checkout({
      gatewayOrderId: ORDER,
      amountPaise: paise(49_900),
      method: 'wallet',
      callbackPath: '/api/v1/payments/callback?transactionId=T1',
      customer: { mobile: '9876500001', email: 'asha@example.com', name: 'Asha Verma' },
      description: 'Crust order 1234',
      ...(wallet ? { wallet } : {}),
    });
    if (step.kind !== 'form') throw new Error('not a form');
    expect(step).toMatchObject({ action: 'https://payu.test/_payment', inputs: null });
    expect(step.fields.udf1).toBe('wallet');
    expect(step.fields.pg).toBe(bankcode ? 'CASH' : undefined);
    expect(step.fields.bankcode).toBe(bankcode);
    // pg and bankcode are not in PayU's request hash
    expect(step.fields.hash).toBe(
      sha512(`${KEY}|${ORDER}-1|499.00|Crust order 1234|Asha Verma|asha@example.com|wallet||||||||||${SALT}`),
    );
  });

  it('answers the first refund again when PayU says its token was used', async () => {
    const { gateway, calls } = fakePayu((f) =>
      f.get('command') === 'cancel_refund_transaction'
        ? { status: 0, msg: 'Token already exists', error_code: 106, mihpayid: '222' }
        : {
            status: 1,
            msg: '1 out of 1 Transactions Fetched Successfully',
            transaction_details: {
              222: {
                9001: {
                  mihpayid: '222',
                  request_id: '9001',
                  amt: '499.00',
                  action: 'refund',
                  token: 'x',
                  status: 'success',
                },
                9002: {
                  mihpayid: '222',
                  request_id: '9002',
                  amt: '499.00',
                  action: 'refund',
                  token: refundTokenOf('refund-O1'),
                  status: 'success',
                },
              },
            },
          },
    );
    const refund = await gateway.refund('222', paise(49_900), 'refund-O1');
    expect(refund).toMatchObject({
      refundId: '9002',
      paymentId: '222',
      amountPaise: 49_900,
      receipt: 'refund-O1',
    });
    expect(calls.map((c) => [c.fields.get('command'), c.fields.get('var1'), c.fields.get('var2')])).toEqual([
      ['cancel_refund_transaction', '222', 'refund-O1'],
      ['check_action_status', '222', 'payuid'],
    ]);
    expect(calls[0]!.fields.get('var3')).toBe('499.00');
  });

  it('gives up with GatewayUnavailable after two retries when PayU does not answer', async () => {
    let tries = 0;
    const gateway = new PayuGateway({
      paymentUrl: 'https://payu.test/_payment',
      apiUrl: 'https://payu.test/merchant/postservice.php?form=2',
      key: KEY,
      salt: SALT,
      publicUrl: null,
      log: silent,
      upiAppUrl: null,
      fetch: async () => {
        tries++;
        return new Response('busy', { status: 503 });
      },
    });
    const failed = gateway.paymentsOf(ORDER);
    await expect(failed).rejects.toBeInstanceOf(GatewayUnavailable);
    await expect(failed).rejects.toThrow(/HTTP 503/);
    expect(tries).toBe(3);
  });
});

describe('callbacks and webhooks', () => {
  const { gateway } = fakePayu(() => ({}));
  const response = (over: Record<string, string> = {}) => {
    const f = {
      mihpayid: 'pay_AbCdEfGhIjKlMn',
      mode: 'CC',
      status: 'success',
      key: KEY,
      txnid: `${ORDER}-3`,
      amount: '499.00',
      productinfo: 'Crust order 1234',
      firstname: 'Asha Verma',
      email: 'asha@example.com',
      udf1: 'card',
      ...over,
    };
    return { ...f, hash: responseHash(KEY, SALT, f) };
  };

  it("reads the browser's return: the gateway order when the reverse hash holds, else nothing", () => {
    expect(gateway.readCallback(response())).toBe(ORDER);
    expect(gateway.readCallback({ ...response(), amount: '1.00' })).toBeNull();
    expect(gateway.readCallback({ ...response(), status: 'failure' })).toBeNull();
    expect(gateway.readCallback({ ...response(), key: 'other' })).toBeNull();
    expect(gateway.readCallback(response({ txnid: 'someone-elses' }))).toBeNull();
  });

  it('reads a form webhook: one event id per PayU id and status; unsigned refused, JSON acknowledged', () => {
    const form = (f: Record<string, string>) => Buffer.from(new URLSearchParams(f).toString());
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(gateway.readWebhook(form(response()), type)).toEqual({
      kind: 'news',
      news: { eventId: 'pay_AbCdEfGhIjKlMn:success', event: 'payment.success', gatewayOrderId: ORDER },
    });
    expect(gateway.readWebhook(form({ ...response(), hash: '0'.repeat(128) }), type)).toEqual({
      kind: 'unsigned',
    });
    expect(gateway.readWebhook(form(response({ txnid: 'another-shop' })), type)).toEqual({ kind: 'ignored' });
    expect(
      gateway.readWebhook(Buffer.from('{"action":"refund","status":"success"}'), {
        'content-type': 'application/json',
      }),
    ).toEqual({ kind: 'ignored' });
  });
});
