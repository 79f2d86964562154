import type { PushSubscriptionBody } from '@crust/contract/notifications';
import { readJson, writeJson } from '../storage.ts';
import { deleteSubscription, fetchPushKey, postSubscription } from './api.ts';

/** Where the browser stands on one order's updates. */
export type UpdatesState = 'unsupported' | 'blocked' | 'off' | 'on';

/** The order's subscription id on the server, kept so the page shows "on" again and can opt out. */
const keyOf = (orderId: string) => `crust.orderUpdates.${orderId}`;

/** The app's service worker registration, or null where there is none (an old browser, the dev server). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null;
  const registered = await navigator.serviceWorker.getRegistration();
  // registered but maybe still installing: subscribing needs the active worker
  return registered ? navigator.serviceWorker.ready : null;
}

export async function currentState(orderId: string): Promise<UpdatesState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const kept = readJson<string | null>(keyOf(orderId), null);
  const subscribed =
    Notification.permission === 'granted' && (await reg.pushManager.getSubscription()) !== null;
  return kept && subscribed ? 'on' : 'off';
}

/** PushSubscription.toJSON() as the server takes it. */
function bodyOf(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? '',
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** The browser's subscription for the server's key: the one it has, or a new one (again if the key changed). */
async function subscription(reg: ServiceWorkerRegistration, key: string): Promise<PushSubscription> {
  const options = { userVisibleOnly: true, applicationServerKey: key };
  try {
    return (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe(options));
  } catch (err) {
    // a subscription made with another server key cannot be reused: made again
    const old = await reg.pushManager.getSubscription();
    if (!old) throw err;
    await old.unsubscribe();
    return reg.pushManager.subscribe(options);
  }
}

/** Asks the browser's permission, subscribes, and gives the subscription to the order. */
export async function turnOn(orderId: string): Promise<UpdatesState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const sub = await subscription(reg, await fetchPushKey());
  writeJson(keyOf(orderId), await postSubscription(orderId, bodyOf(sub)));
  return 'on';
}

/** The order tells this browser nothing more; the browser's subscription stays for its other orders. */
export async function turnOff(orderId: string): Promise<UpdatesState> {
  const kept = readJson<string | null>(keyOf(orderId), null);
  if (kept) await deleteSubscription(orderId, kept);
  writeJson(keyOf(orderId), null);
  return 'off';
}
