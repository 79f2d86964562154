import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeedbackOrder } from '@crust/contract/feedback';
import FeedbackScreen from '../src/features/feedback/FeedbackScreen.tsx';
import { startSession } from '../src/shared/api/session.ts';
import { resetToasts, useToasts } from '../src/shared/cart/toasts.ts';
import { FEEDBACK_PARAMS_KEY } from '../src/shared/feedback-params.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import { failed, mockServer, success } from './cart-fixtures.tsx';
import { currentPath, renderRoutes } from './location-harness.tsx';

const ORDER = 'O0000000000000000000F1';
const COMMENT = 'Hot pizza, polite rider, everything as ordered.';

function Home() {
  const toasts = useToasts();
  return <p data-testid="home">{toasts.map((t) => t.text).join(' | ')}</p>;
}
const SCREENS = { '/uf': FeedbackScreen, '/': Home };

function order(o: Partial<FeedbackOrder> = {}): FeedbackOrder {
  return {
    orderId: ORDER,
    dominosOrderId: '48213377',
    storeName: 'Crust Connaught Place',
    deliveryType: 'D',
    orderMode: 'ONLINE',
    deliveredAt: '2026-11-26T10:00:00.000Z',
    items: [
      { productId: 'PZ001', productName: 'Farmhouse', menuCode: 'PZ001-M', quantity: 1 },
      { productId: 'SD001', productName: 'Garlic Breadsticks', menuCode: 'SD001-R', quantity: 1 },
    ],
    rateability: 'RATEABLE',
    rated: false,
    firstTime: false,
    ...o,
  };
}

const thanks = {
  feedbackId: 'F00000000000000000001',
  orderId: ORDER,
  processing: 'SUCCESS',
  ticketOpen: false,
  firstTime: false,
  message: 'Thank you for your feedback!',
};

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  resetToasts();
  await startSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const group = (name: string) => screen.getByRole('group', { name });
const choose = (groupName: string, option: string | RegExp) =>
  fireEvent.click(within(group(groupName)).getByRole('radio', { name: option }));

async function openForm(o: Partial<FeedbackOrder> = {}, submit: () => unknown = () => success(thanks)) {
  await loginAsCustomer();
  const api = mockServer({
    'GET /api/v1/feedback/orders/:orderId': () => success(order(o)),
    'POST /api/v1/feedback': submit,
    'POST /api/v1/feedback/ftr': submit,
  });
  const view = renderRoutes(`/uf?orderId=${ORDER}`, SCREENS);
  await screen.findByTestId('fb-order');
  return { api, ...view };
}

function fillWell() {
  choose('How was your order overall?', '4 – Good');
  choose('How likely are you to recommend Crust to a friend?', '9');
  fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: COMMENT } });
}

describe('/uf', () => {
  it('sends a guest to log in, keeping the order for the way back (SPEC §4)', async () => {
    mockServer();
    const { router } = renderRoutes(`/uf?orderId=${ORDER}`, SCREENS);
    await waitFor(() => expect(currentPath(router)).toBe('/login?redirectUrl=%2Fuf'));
    expect(sessionStorage.getItem(FEEDBACK_PARAMS_KEY)).toBe(`orderId=${ORDER}`);
  });

  it('says what is missing on submit: overall, NPS, a comment of 30 characters; nothing is sent', async () => {
    const { api } = await openForm();
    expect(screen.getByTestId('fb-order').textContent).toBe('Order #48213377 from Crust Connaught Place');
    fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'Too short' } });
    expect(screen.getByText('9/250 characters (at least 30)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    expect(await screen.findByText('Please rate your overall experience')).toBeTruthy();
    expect(screen.getByText('Please tell us how likely you are to recommend us (0 to 10)')).toBeTruthy();
    expect(screen.getByText('Your feedback should have at least 30 characters')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('tags toggle off on a second tap (SPEC §4)', async () => {
    await openForm();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps every change on the device and brings it back on return (SPEC §4)', async () => {
    const first = await openForm();
    choose('How was your order overall?', '2 – Bad');
    fireEvent.click(screen.getByRole('button', { name: 'Payment' }));
    choose('Farmhouse', '5 – Very Good');
    const saved = JSON.parse(localStorage.getItem(`crust.feedback.${ORDER}`)!);
    expect(saved).toMatchObject({ overall: 2, tags: ['Payment'], food: { PZ001: 5 } });
    first.unmount();

    renderRoutes(`/uf?orderId=${ORDER}`, SCREENS);
    await screen.findByTestId('fb-order');
    expect(
      within(group('How was your order overall?')).getByRole<HTMLInputElement>('radio', { name: '2 – Bad' })
        .checked,
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Payment' }).getAttribute('aria-pressed')).toBe('true');
    expect(
      within(group('Farmhouse')).getByRole<HTMLInputElement>('radio', { name: '5 – Very Good' }).checked,
    ).toBe(true);
  });

  it('sends the in-house form, clears the saved state and goes home with a thank-you', async () => {
    const { api, router } = await openForm();
    fillWell();
    choose('Farmhouse', '5 – Very Good');
    fireEvent.click(screen.getByRole('button', { name: 'Tracking Order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(screen.getByTestId('home').textContent).toBe('Thank you for your feedback!');
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/v1/feedback');
    expect(post.body).toMatchObject({
      orderId: ORDER,
      overall: 4,
      nps: { score: 9 },
      comments: { comment: COMMENT, raiseTicket: false },
      food: [{ productId: 'PZ001', productName: 'Farmhouse', rating: 5, menuCode: 'PZ001-M' }],
      tags: ['Tracking Order'],
      orderMode: 'ONLINE',
    });
    expect(post.body).not.toHaveProperty('mobileNo');
    expect(localStorage.getItem(`crust.feedback.${ORDER}`)).toBeNull();
  });

  it('offers a ticket only for a low rating', async () => {
    const { api } = await openForm();
    fillWell();
    expect(screen.queryByRole('checkbox')).toBeNull();
    choose('How was your order overall?', '1 – Very Bad');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Ask the store to get back to me about this order' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(api.calls.find((c) => c.method === 'POST')!.body.comments.raiseTicket).toBe(true);
  });

  it('an offline order asks for its mobile; MOBILE_NOT_MATCHED shows under the field, not in a dialog', async () => {
    await loginAsCustomer();
    const api = mockServer({
      'GET /api/v1/feedback/orders/:orderId': (call) =>
        new URL(call.url, 'http://x').searchParams.get('mobileNo') === '9876543210'
          ? success(order({ orderMode: 'OFFLINE' }))
          : failed(
              'OFFLINE',
              'This order is not in your account. Enter the mobile number it was placed with to rate it.',
            ),
      'POST /api/v1/feedback': () =>
        failed(
          'MOBILE_NOT_MATCHED',
          'This mobile number does not match the order. Please enter the number the order was placed with.',
        ),
    });
    renderRoutes(`/uf?orderId=${ORDER}`, SCREENS);
    const mobile = await screen.findByLabelText('Mobile number the order was placed with');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter Mobile Number')).toBeTruthy();
    fireEvent.change(mobile, { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByTestId('fb-order');
    fillWell();
    const field = screen.getByLabelText<HTMLInputElement>('Mobile number the order was placed with');
    expect(field.value).toBe('9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    expect(
      await screen.findByText(
        'This mobile number does not match the order. Please enter the number the order was placed with.',
      ),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      orderMode: 'OFFLINE',
      mobileNo: '9876543210',
    });
  });

  it('other refusals show a dialog', async () => {
    await openForm({}, () => failed('FEEDBACK_EXISTS', 'You have already rated this order. Thank you!'));
    fillWell();
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('You have already rated this order. Thank you!')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("the first-time rider's short form: overall, NPS and an optional comment, to the FTR endpoint", async () => {
    const { api, router } = await openForm({ firstTime: true });
    expect(screen.getByText('Welcome! How was your first order?')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Farmhouse' })).toBeNull();
    choose('How was your order overall?', '5 – Very Good');
    choose('How likely are you to recommend Crust to a friend?', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(api.calls.find((c) => c.method === 'POST')!.path).toBe('/api/v1/feedback/ftr');
  });

  it.each([
    [{ rated: true }, 'You have rated this order. Thank you!'],
    [{ rateability: 'NOT_DELIVERED' as const }, 'You can rate this order once it has been delivered.'],
    [
      { rateability: 'WINDOW_CLOSED' as const },
      'This order was delivered more than 60 days ago and can no longer be rated.',
    ],
  ])('%j: says why there is no form', async (o, text) => {
    await loginAsCustomer();
    mockServer({ 'GET /api/v1/feedback/orders/:orderId': () => success(order(o)) });
    renderRoutes(`/uf?orderId=${ORDER}`, SCREENS);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit feedback' })).toBeNull();
  });
});
