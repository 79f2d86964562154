import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaytmBalanceResult } from '@crust/contract/paytm';
import PaytmFormScreen from '../src/features/payment/PaytmFormScreen.tsx';
import { loadPage } from '../src/shared/navigation.ts';
import { useLocation } from './memory-router.tsx';
import { failed, isolateCartTests, mockServer, reply, success, urlOf } from './cart-fixtures.tsx';
import { renderRouter } from './render-fixtures.tsx';

vi.mock('../src/shared/navigation.ts', () => ({ loadPage: vi.fn() }));

isolateCartTests();
afterEach(() => vi.mocked(loadPage).mockClear());

const TX = 'T0123456789ABCDEF0123';
const CART = 'C0123456789ABCDEF0123';
const BALANCE = 'GET /api/v1/paytm-wallet/balance';
const SEND = 'POST /api/v1/paytm-wallet/otp/send';
const VERIFY = 'POST /api/v1/paytm-wallet/otp/verify';
const SUBMIT = 'PUT /api/v1/paytm-wallet/order';

function balance(o: Partial<PaytmBalanceResult> = {}): PaytmBalanceResult {
  return {
    transactionId: TX,
    cartId: CART,
    linked: false,
    mobile: '9876500001',
    amountPaise: 45_150,
    balancePaise: null,
    deficitPaise: null,
    nextAction: 'PAYTM_LINK',
    ...o,
  };
}

const submitted = (nextAction: string, extra: object = {}) =>
  success({ transactionId: TX, orderId: 'O0123456789ABCDEF0123', nextAction, ...extra });

function PaymentStub() {
  const state = useLocation().state as { paymentError?: string } | null;
  return (
    <>
      <h1>Payment page</h1>
      <p data-testid="payment-error">{state?.paymentError ?? ''}</p>
    </>
  );
}

function renderForm(url = `/paytmForm?transactionId=${TX}`) {
  return renderRouter(
    [
      { path: '/paytmForm', Component: PaytmFormScreen },
      { path: '/thankYou', Component: () => <h1>Thank-you page</h1> },
      { path: '/payment', Component: PaymentStub },
    ],
    url,
  );
}

const main = () => within(screen.getByRole('main'));

describe('/paytmForm', () => {
  it("links by OTP: the order's mobile, Send OTP, the 6-digit code, verify, then submit to the thank-you page", async () => {
    const server = mockServer({
      [BALANCE]: () => success(balance()),
      [SEND]: () => success({ state: 'st_1', codeSentTo: '98XXXXXX01' }),
      [VERIFY]: () => success({ linked: true, mobile: '9876500001' }),
      [SUBMIT]: () => submitted('THANKYOU'),
    });
    const { router } = renderForm();
    const mobile = await main().findByLabelText('Paytm mobile number');
    expect((mobile as HTMLInputElement).value).toBe('9876500001');
    expect(main().getByTestId('pay-amount').textContent).toBe('₹451.50');
    fireEvent.click(main().getByRole('button', { name: 'Send OTP' }));

    const otp = await main().findByLabelText('Enter verification code sent by SMS');
    expect(main().getByText('Paytm sent a 6-digit code to 98XXXXXX01.')).toBeTruthy();
    // too short: refused here, nothing sent
    fireEvent.change(otp, { target: { value: '123' } });
    fireEvent.click(main().getByRole('button', { name: 'Verify and pay' }));
    expect(await main().findByText('Enter the 6-digit code')).toBeTruthy();
    expect(server.find('POST', '/api/v1/paytm-wallet/otp/verify')).toHaveLength(0);

    fireEvent.change(otp, { target: { value: '12a3456' } });
    expect((otp as HTMLInputElement).value).toBe('123456');
    fireEvent.click(main().getByRole('button', { name: 'Verify and pay' }));
    await screen.findByRole('heading', { name: 'Thank-you page' });
    expect(urlOf(router)).toBe(`/thankYou?transactionId=${TX}`);
    expect(server.find('POST', '/api/v1/paytm-wallet/otp/send')[0]!.body).toEqual({
      mobile: '9876500001',
      orderTransactionId: TX,
    });
    expect(server.find('POST', '/api/v1/paytm-wallet/otp/verify')[0]!.body).toEqual({
      mobile: '9876500001',
      orderTransactionId: TX,
      state: 'st_1',
      cartId: CART,
      otp: '123456',
    });
    expect(server.find('PUT', '/api/v1/paytm-wallet/order')[0]!.body).toEqual({ orderTransactionId: TX });
  });

  it('shows a wrong OTP under the field and keeps the form', async () => {
    mockServer({
      [BALANCE]: () => success(balance()),
      [SEND]: () => success({ state: 'st_1', codeSentTo: '98XXXXXX01' }),
      [VERIFY]: () => failed('PAYTM_OTP_INCORRECT', 'Incorrect OTP. 2 attempts left.'),
    });
    renderForm();
    fireEvent.click(await main().findByRole('button', { name: 'Send OTP' }));
    fireEvent.change(await main().findByLabelText('Enter verification code sent by SMS'), {
      target: { value: '000000' },
    });
    fireEvent.click(main().getByRole('button', { name: 'Verify and pay' }));
    expect(await main().findByText('Incorrect OTP. 2 attempts left.')).toBeTruthy();
    expect(main().getByRole('button', { name: 'Verify and pay' })).toHaveProperty('disabled', false);
  });

  it('a send refused (the hourly limit) says so under the mobile', async () => {
    mockServer({
      [BALANCE]: () => success(balance()),
      [SEND]: () => failed('PAYTM_OTP_SEND_LIMIT', 'Too many OTPs have been sent to this number.'),
    });
    renderForm();
    fireEvent.click(await main().findByRole('button', { name: 'Send OTP' }));
    expect(await main().findByText('Too many OTPs have been sent to this number.')).toBeTruthy();
    expect(main().queryByLabelText('Enter verification code sent by SMS')).toBeNull();
  });

  it('PAY_PAGE replaces the form with /payment, saying why', async () => {
    mockServer({
      [BALANCE]: () =>
        success(
          balance({
            linked: true,
            nextAction: 'PAYTM_WITHDRAW_MONEY',
            balancePaise: 90_000,
            deficitPaise: 0,
          }),
        ),
      [SUBMIT]: () =>
        submitted('PAY_PAGE', {
          displayMsg: 'Paytm could not take this payment. Please choose another way to pay.',
        }),
    });
    const { router } = renderForm();
    await screen.findByRole('heading', { name: 'Payment page' });
    expect(screen.getByTestId('payment-error').textContent).toContain('Paytm could not take this payment.');
    // replaced: back does not return to the Paytm form
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('a linked wallet with the balance is submitted at once, showing the progress', async () => {
    let answer: (v: unknown) => void = () => {};
    mockServer({
      [BALANCE]: () =>
        success(
          balance({
            linked: true,
            nextAction: 'PAYTM_WITHDRAW_MONEY',
            balancePaise: 90_000,
            deficitPaise: 0,
          }),
        ),
      [SUBMIT]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderForm();
    expect(await main().findByText('Paying ₹451.50 from your Paytm wallet…')).toBeTruthy();
    expect(main().getByTestId('paytm-linked').textContent).toBe(
      'Paytm wallet 98XXXXXX01 is linked · Balance ₹900',
    );
    answer(submitted('THANKYOU'));
    await screen.findByRole('heading', { name: 'Thank-you page' });
  });

  it('PAYTM_ADD_MONEY on submit loads Paytm’s add-money page', async () => {
    mockServer({
      [BALANCE]: () => success(balance({ linked: true, nextAction: 'PAYTM_WITHDRAW_MONEY' })),
      [SUBMIT]: () => submitted('PAYTM_ADD_MONEY', { redirectUrl: '/sandbox/paytm/add-money?request=am_1' }),
    });
    renderForm();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/sandbox/paytm/add-money?request=am_1'));
  });

  it('back from a cancelled add-money: says so, offers Paytm again or another way', async () => {
    mockServer({
      [BALANCE]: () =>
        success(
          balance({
            linked: true,
            nextAction: 'PAYTM_ADD_MONEY',
            balancePaise: 15_000,
            deficitPaise: 30_150,
            redirectUrl: '/sandbox/paytm/add-money?request=am_1',
          }),
        ),
    });
    renderForm(`/paytmForm?transactionId=${TX}&addMoney=CANCELLED`);
    expect(await main().findByText('No money was added to your Paytm wallet.')).toBeTruthy();
    expect(main().getByText(/short by ₹301.50/)).toBeTruthy();
    expect(main().getByRole('link', { name: 'Add ₹301.50 on Paytm' }).getAttribute('href')).toBe(
      '/sandbox/paytm/add-money?request=am_1',
    );
    fireEvent.click(main().getByRole('button', { name: 'Pay another way' }));
    await screen.findByRole('heading', { name: 'Payment page' });
  });

  it('an order already paid goes to the thank-you page; Paytm not answering offers a retry', async () => {
    mockServer({ [BALANCE]: () => success(balance({ nextAction: 'THANKYOU' })) });
    renderForm();
    await screen.findByRole('heading', { name: 'Thank-you page' });

    mockServer({
      [BALANCE]: () => success(balance({ linked: true, nextAction: 'PAYTM_WITHDRAW_MONEY' })),
      [SUBMIT]: () =>
        reply(
          503,
          failed('PAYTM_UNAVAILABLE', 'Paytm is not responding right now. Please try again in a moment.'),
        ),
    });
    renderForm();
    expect(
      await screen.findByText('Paytm is not responding right now. Please try again in a moment.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe("checkout's Paytm next actions", () => {
  const base = { orderId: 'O0123456789ABCDEF0123', transactionId: TX, amountPaise: 45_150, walletPaise: 0 };
  it('PAYTM_LINK and PAYTM_WITHDRAW_MONEY go to /paytmForm, PAYTM_ADD_MONEY loads Paytm’s page, PAY_PAGE stays', async () => {
    const { nextStep } = await import('../src/features/checkout/next-action.ts');
    for (const nextAction of ['PAYTM_LINK', 'PAYTM_WITHDRAW_MONEY'] as const)
      expect(nextStep({ ...base, nextAction }, 'PAYTM_WALLET')).toEqual({
        kind: 'navigate',
        to: `/paytmForm?transactionId=${TX}`,
      });
    expect(
      nextStep(
        { ...base, nextAction: 'PAYTM_ADD_MONEY', redirectUrl: '/sandbox/paytm/add-money?request=am_1' },
        'PAYTM_WALLET',
      ),
    ).toEqual({ kind: 'load', url: 'http://localhost:3000/sandbox/paytm/add-money?request=am_1' });
    expect(
      nextStep(
        { ...base, nextAction: 'PAYTM_ADD_MONEY', redirectUrl: 'javascript:alert(1)' },
        'PAYTM_WALLET',
      ),
    ).toEqual({
      kind: 'navigate',
      to: `/paytmForm?transactionId=${TX}`,
    });
    expect(nextStep({ ...base, nextAction: 'PAY_PAGE' }, 'PAYTM_WALLET')).toMatchObject({ kind: 'failed' });
  });

  it('REFUND_PAGE (money taken, order not placed) goes to the payment screen, which follows the refund', async () => {
    const { nextStep } = await import('../src/features/checkout/next-action.ts');
    expect(nextStep({ ...base, nextAction: 'REFUND_PAGE' }, 'CC')).toEqual({
      kind: 'navigate',
      to: `/paymentTransaction?transactionId=${TX}`,
    });
  });
});
