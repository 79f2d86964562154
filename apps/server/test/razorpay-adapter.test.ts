import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { paise } from '@crust/domain/money';
import { methodOf, paymentOf } from '../src/providers/payments/razorpay/entities.ts';
import { RazorpayGateway } from '../src/providers/payments/razorpay/gateway.ts';
import { refusalOf } from '../src/providers/payments/razorpay/http.ts';
import { checkoutSignature, webhookSignature } from '../src/providers/payments/razorpay/signatures.ts';

/**
 * The Razorpay adapter's own rules, without a network: signatures against values computed outside this code
 * (`printf '%s' 'order_…|pay_…' | openssl dgst -sha256 -hmac <secret>`), request building, retries, the mapping
 * of Razorpay's answers. razorpay-journeys.test.ts runs it over HTTP against the sandbox.
 */
const log = pino({ level: 'silent' });
const KEY = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'EnLs21M47BllR3X8PSFtjtbd',
  webhookSecret: 'whsec_test_123',
};

interface Call {
  url: string;
  method: string;
  body: unknown;
  authorization: string | null;
}

/** A gateway whose fetch answers from a script, recording each call. */
function scripted(answers: ((call: Call) => { status: number; body: unknown } | Error)[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const answer = answers[calls.length - 1];
    if (!answer) throw new Error(`no answer scripted for call ${calls.length}`);
    const a = answer(call);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const gateway = new RazorpayGateway({
    baseUrl: 'https://api.razorpay.test',
    ...KEY,
    publicUrl: 'https://order.crust.test',
    log,
    upiAppUrl: null,
    fetch: fetchImpl,
  });
  return { gateway, calls };
}

const ORDER = {
  id: 'order_IluGWxBm9U8zJ8',
  entity: 'order',
  amount: 50_000,
  amount_paid: 0,
  currency: 'INR',
  receipt: 'crust-1',
  status: 'created',
  created_at: 1_700_000_000,
};

/** What every direct payment posts to Razorpay's create/checkout for the 500-rupee test order, beside its method. */
const createCheckoutFields = {
  key_id: KEY.keyId,
  order_id: ORDER.id,
  callback_url: 'https://order.crust.test/api/v1/payments/callback?transactionId=t1',
  description: 'Crust order 1',
  amount: '50000',
  currency: 'INR',
  contact: '+919876500001',
  email: 'asha@example.com',
};
const PAYMENT = {
  id: 'pay_IluGWxBm9U8zJ8',
  entity: 'payment',
  amount: 50_000,
  currency: 'INR',
  status: 'captured',
  order_id: ORDER.id,
  method: 'card',
  amount_refunded: 0,
  card: { last4: '1111', network: 'Visa', iin: '411111' },
  created_at: 1_700_000_100,
};
const collection = (items: unknown[]) => ({ entity: 'collection', count: items.length, items });
const ok = (body: unknown) => () => ({ status: 200, body });

describe('signatures', () => {
  it('the checkout signature is HMAC-SHA256 of order_id|payment_id with the key secret', () => {
    expect(checkoutSignature(KEY.keySecret, 'order_IluGWxBm9U8zJ8', 'pay_IluGWxBm9U8zJ8')).toBe(
      '87d2958037422750818c4ccd4755654b0a99665c5505ce7aa616b35a075e196f',
    );
  });

  it('a webhook signature is HMAC-SHA256 of the raw body with the webhook secret', () => {
    expect(webhookSignature(KEY.webhookSecret, '{"entity":"event","event":"payment.captured"}')).toBe(
      'afab959aab684b042f79999eee67e3974f7ed3628acb0aeac7d6fce6210d23fd',
    );
  });

  it.each([
    [
      'the right signature',
      { razorpay_signature: '87d2958037422750818c4ccd4755654b0a99665c5505ce7aa616b35a075e196f' },
      ORDER.id,
    ],
    [
      'upper-case hex',
      { razorpay_signature: '87D2958037422750818C4CCD4755654B0A99665C5505CE7AA616B35A075E196F' },
      ORDER.id,
    ],
    [
      'a changed signature',
      { razorpay_signature: '97d2958037422750818c4ccd4755654b0a99665c5505ce7aa616b35a075e196f' },
      null,
    ],
    ['no signature', {}, null],
    [
      'another payment id',
      {
        razorpay_payment_id: 'pay_X',
        razorpay_signature: '87d2958037422750818c4ccd4755654b0a99665c5505ce7aa616b35a075e196f',
      },
      null,
    ],
  ])('a callback with %s', (_, over, expected) => {
    const { gateway } = scripted([]);
    const fields = { razorpay_order_id: ORDER.id, razorpay_payment_id: PAYMENT.id, ...over } as Record<
      string,
      string
    >;
    expect(gateway.readCallback(fields)).toBe(expected);
  });
});

describe('webhooks', () => {
  const body = (event: string, payload: object) =>
    JSON.stringify({ entity: 'event', account_id: 'acc_1', event, contains: [], payload, created_at: 1 });
  const headers = (raw: string, over: Record<string, string> = {}) => ({
    'x-razorpay-signature': webhookSignature(KEY.webhookSecret, raw),
    'x-razorpay-event-id': 'evt_1',
    ...over,
  });
  const read = (raw: string, h: Record<string, string>) =>
    scripted([]).gateway.readWebhook(Buffer.from(raw), h);
  const captured = body('payment.captured', { payment: { entity: PAYMENT } });

  it.each([
    [
      'a captured payment',
      captured,
      headers(captured),
      { kind: 'news', news: { eventId: 'evt_1', event: 'payment.captured', gatewayOrderId: ORDER.id } },
    ],
    [
      'order.paid',
      body('order.paid', { order: { entity: ORDER } }),
      headers(body('order.paid', { order: { entity: ORDER } })),
      { kind: 'news', news: { eventId: 'evt_1', event: 'order.paid', gatewayOrderId: ORDER.id } },
    ],
    [
      'an event Crust does not follow',
      body('invoice.paid', {}),
      headers(body('invoice.paid', {})),
      { kind: 'ignored' },
    ],
    [
      'a wrong signature',
      captured,
      headers(captured, { 'x-razorpay-signature': '0'.repeat(64) }),
      { kind: 'unsigned' },
    ],
    [
      'a body changed after signing',
      captured.replace('captured', 'failed'),
      headers(captured),
      { kind: 'unsigned' },
    ],
    [
      'no event id',
      captured,
      { 'x-razorpay-signature': webhookSignature(KEY.webhookSecret, captured) },
      { kind: 'malformed' },
    ],
    ['signed nonsense', 'not json', headers('not json'), { kind: 'malformed' }],
  ])('%s', (_, raw, h, expected) => {
    expect(read(raw, h)).toEqual(expected);
  });
});

describe('requests', () => {
  it('createOrder looks for the receipt first and makes an order in paise with Basic auth', async () => {
    const { gateway, calls } = scripted([ok(collection([])), ok(ORDER)]);
    const made = await gateway.createOrder({
      amountPaise: paise(50_000),
      currency: 'INR',
      receipt: 'crust-1',
      notes: { callbackUrl: '/api/v1/payments/callback?transactionId=t', orderId: 'o1' },
    });
    expect(made).toMatchObject({ gatewayOrderId: ORDER.id, amountPaise: 50_000, status: 'created' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://api.razorpay.test/v1/orders?receipt=crust-1&count=10',
      'POST https://api.razorpay.test/v1/orders',
    ]);
    expect(calls[1]!.body).toEqual({
      amount: 50_000,
      currency: 'INR',
      receipt: 'crust-1',
      notes: { orderId: 'o1' },
      partial_payment: false,
    });
    expect(calls[1]!.authorization).toBe(
      `Basic ${Buffer.from(`${KEY.keyId}:${KEY.keySecret}`).toString('base64')}`,
    );
  });

  it('createOrder answers the order the receipt already has (a retried confirm makes no second order)', async () => {
    const { gateway, calls } = scripted([ok(collection([ORDER]))]);
    const made = await gateway.createOrder({
      amountPaise: paise(50_000),
      currency: 'INR',
      receipt: 'crust-1',
      notes: { callbackUrl: '/x' },
    });
    expect(made.gatewayOrderId).toBe(ORDER.id);
    expect(calls).toHaveLength(1);
  });

  it('reads are retried after a 5xx or a dropped connection; an order is never posted twice', async () => {
    const { gateway, calls } = scripted([
      () => ({ status: 502, body: { error: { code: 'SERVER_ERROR', description: 'bad gateway' } } }),
      () => new TypeError('fetch failed'),
      ok(collection([PAYMENT])),
    ]);
    expect(await gateway.paymentsOf(ORDER.id)).toHaveLength(1);
    expect(calls).toHaveLength(3);

    const posting = scripted([ok(collection([])), () => ({ status: 503, body: {} })]);
    await expect(
      posting.gateway.createOrder({
        amountPaise: paise(50_000),
        currency: 'INR',
        receipt: 'r',
        notes: { callbackUrl: '/x' },
      }),
    ).rejects.toThrow('HTTP 503');
    expect(posting.calls).toHaveLength(2);
  });

  it('a refund with the same receipt is found, not made again', async () => {
    const refund = {
      id: 'rfnd_1',
      entity: 'refund',
      amount: 50_000,
      payment_id: PAYMENT.id,
      receipt: 'refund-o1',
      status: 'processed',
      created_at: 1,
    };
    const { gateway, calls } = scripted([ok(collection([refund]))]);
    expect(await gateway.refund(PAYMENT.id, paise(50_000), 'refund-o1')).toMatchObject({
      refundId: 'rfnd_1',
    });
    expect(calls.map((c) => c.method)).toEqual(['GET']);
  });

  it('the card form posts to create/checkout with an absolute callback_url and the card under its names', async () => {
    const { gateway } = scripted([]);
    const step = await gateway.checkout({
      gatewayOrderId: ORDER.id,
      amountPaise: paise(50_000),
      method: 'card',
      callbackPath: '/api/v1/payments/callback?transactionId=t1',
      customer: { mobile: '9876500001', email: 'asha@example.com' },
      description: 'Crust order 1',
    });
    expect(step).toEqual({
      kind: 'form',
      action: 'https://api.razorpay.test/v1/payments/create/checkout',
      fields: {
        ...createCheckoutFields,
        method: 'card',
      },
      inputs: {
        number: 'card[number]',
        expiryMonth: 'card[expiry_month]',
        expiryYear: 'card[expiry_year]',
        cvv: 'card[cvv]',
        name: 'card[name]',
      },
    });
  });

  describe('a wallet chosen in checkout', () => {
    const walletCheckout = (wallet?: 'AMZPAY_WALLET' | 'PAYTM_WALLET' | 'WALLET') =>
      scripted([]).gateway.checkout({
        gatewayOrderId: ORDER.id,
        amountPaise: paise(50_000),
        method: 'wallet',
        callbackPath: '/api/v1/payments/callback?transactionId=t1',
        customer: { mobile: '9876500001', email: 'asha@example.com' },
        description: 'Crust order 1',
        ...(wallet ? { wallet } : {}),
      });

    it("Amazon Pay is posted to create/checkout as method wallet with Razorpay's code, no list of wallets", async () => {
      expect(await walletCheckout('AMZPAY_WALLET')).toEqual({
        kind: 'form',
        action: 'https://api.razorpay.test/v1/payments/create/checkout',
        fields: {
          ...createCheckoutFields,
          method: 'wallet',
          wallet: 'amazonpay',
        },
        inputs: null,
      });
    });

    it.each([['PAYTM_WALLET'], ['WALLET'], [undefined]] as const)(
      '%s opens the hosted checkout at its wallets',
      async (wallet) => {
        const step = await walletCheckout(wallet);
        if (step.kind !== 'form') throw new Error('not a form');
        expect(step.action).toBe('https://api.razorpay.test/v1/checkout/embedded');
        expect(step.fields['prefill[method]']).toBe('wallet');
        expect(step.fields).not.toHaveProperty('wallet');
      },
    );
  });
});

describe("Razorpay's answers", () => {
  it.each([
    [400, 'The id provided does not exist', 'NOT_FOUND'],
    [400, 'The refund amount provided is greater than amount captured', 'REFUND_EXCEEDS_PAYMENT'],
    [400, 'The payment has not been captured', 'PAYMENT_NOT_CAPTURED'],
    [400, 'Order amount less than minimum amount allowed', 'BAD_REQUEST'],
    [401, 'Authentication failed', 'BAD_REQUEST'],
  ])('HTTP %i "%s" is %s', (status, description, code) => {
    expect(refusalOf(status, { error: { code: 'BAD_REQUEST_ERROR', description } }).code).toBe(code);
  });

  it.each([
    [{ method: 'card' }, 'card'],
    [{ method: 'emi' }, 'card'],
    [{ method: 'netbanking' }, 'netbanking'],
    [{ method: 'wallet' }, 'wallet'],
    [{ method: 'upi', vpa: 'a@b' }, 'upi_collect'],
    [{ method: 'upi', upi: { flow: 'intent' } }, 'upi_intent'],
    [{ method: 'upi' }, 'upi_intent'],
    [{ method: 'paylater' }, 'wallet'],
  ])('method %o is %s', (p, expected) => {
    expect(methodOf(p as Parameters<typeof methodOf>[0])).toBe(expected);
  });

  it('a refunded payment was captured: the money was taken, and its refund is counted', () => {
    const p = paymentOf({ ...PAYMENT, status: 'refunded', amount_refunded: 50_000 } as never);
    expect(p).toMatchObject({
      status: 'captured',
      amountRefundedPaise: 50_000,
      cardBrand: 'VISA',
      cardLast4: '1111',
      cardBin: '411111',
    });
  });
});
