import { expect, test, type Page } from '@playwright/test';
import {
  addAndCheckout,
  addGuestAddress,
  deliverNearConnaughtPlace,
  expectOrderPlaced,
  placeCashOrderWithOtp,
  shot,
  skipCashLoginOffer,
  VEG_PIZZA,
} from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';
import { openStoreTablet, orderCard } from '../support/store-tablet.ts';

interface SandboxSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

// the customer allowed notifications when the browser asked
test.use({ permissions: ['notifications'] });

/**
 * Headless Chromium's pushManager.subscribe registers with Google's push service (FCM), which a machine offline
 * cannot reach, so it rejects. Only that call is replaced (docs/decisions/021-push-notifications.md): it answers a
 * subscription the push sandbox made, whose private key the sandbox holds, so the server's messages go to the
 * sandbox and are decrypted there. Everything else is real: the permission, the service worker, the app's calls.
 */
async function subscribeThroughSandbox(page: Page, sub: SandboxSubscription) {
  await page.addInitScript((s: SandboxSubscription) => {
    let made: object | null = null;
    const subscription = () => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: () => {
        made = null;
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = function () {
      made ??= subscription();
      return Promise.resolve(made as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(made as PushSubscription | null);
    };
  }, sub);
}

/**
 * Issue 31 §14: a guest opts in to updates on the thank-you page; the store moves the order through its stages;
 * for each, the server's push message (signed with VAPID, encrypted with aes128gcm) is decrypted by the push
 * sandbox, and that very payload is handed to the page's service worker as a push event through Chromium's
 * DevTools protocol: the service worker shows the stage's notification.
 */
test('the customer opts in and the service worker shows each stage as a notification', async ({
  page,
  request,
  browser,
  context,
}) => {
  const sub = (await (await request.post('/sandbox/push/subscriptions')).json()) as SandboxSubscription;
  await subscribeThroughSandbox(page, sub);
  await skipCashLoginOffer(page);

  const mobile = freshMobile();
  await deliverNearConnaughtPlace(page);
  await addAndCheckout(page, VEG_PIZZA, 'Farmhouse');
  await addGuestAddress(
    page,
    { house: '21', street: 'Barakhamba Road' },
    { firstName: 'Kavya', lastName: 'Menon', mobile },
  );
  await placeCashOrderWithOtp(page, request, mobile);
  const { orderNumber, main } = await expectOrderPlaced(page);

  const updates = main.getByTestId('order-updates');
  await expect(updates.getByRole('button', { name: 'Get updates on this order' })).toBeVisible();
  await updates.scrollIntoViewIfNeeded();
  await shot(page, 'push-opt-in-off');
  await updates.getByRole('button', { name: 'Get updates on this order' }).click();
  await expect(updates.getByText('Updates on this order are on.')).toBeVisible();
  await shot(page, 'push-opt-in-on');

  // the service worker's registration, as DevTools sees it
  const cdp = await context.newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');

  const { tablet, store } = await openStoreTablet(browser, 1001);
  const card = orderCard(store, orderNumber);
  await expect(card).toBeVisible();

  const stages: { move: () => Promise<void>; title: string; body: RegExp }[] = [
    {
      move: () => card.getByRole('button', { name: 'Start baking' }).click(),
      title: 'Being baked',
      body: new RegExp(`^Order ${orderNumber} is in the oven\\.$`),
    },
    {
      move: async () => {
        await card.getByLabel("Rider's name").fill('Ravi Kumar');
        await card.getByRole('button', { name: 'Dispatch' }).click();
      },
      title: 'Out for delivery',
      body: new RegExp(`^Ravi Kumar is on the way with order ${orderNumber}\\.$`),
    },
    {
      move: () => card.getByRole('button', { name: 'Delivered' }).click(),
      title: 'Delivered',
      body: new RegExp(`^Order ${orderNumber} has been delivered\\. Enjoy your meal!$`),
    },
  ];

  for (const [i, stage] of stages.entries()) {
    await stage.move();
    // the server's message, as the push sandbox decrypted it
    let payload = '';
    await expect
      .poll(async () => {
        const { messages } = (await (
          await request.get(`/sandbox/push/subscriptions/${sub.id}/messages`)
        ).json()) as { messages: { payload: string }[] };
        payload = messages[i]?.payload ?? '';
        return messages.length;
      })
      .toBe(i + 1);
    expect(JSON.parse(payload)).toMatchObject({
      title: stage.title,
      url: expect.stringContaining('/trackOrder?'),
    });

    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: payload,
    });
    // one notification per order: each stage replaces the last
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            url: (n.data as { url: string }).url,
          })),
        ),
      )
      .toEqual([{ title: stage.title, body: expect.stringMatching(stage.body), url: expect.any(String) }]);
  }
  await tablet.close();
});
