import type { PushKey, PushSubscriptionAnswer, PushSubscriptionBody } from '@crust/contract/notifications';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { api } from '../api/client.ts';
import type { Success } from '../api/envelope.ts';

/** The server's VAPID public key, which the browser's subscription is bound to. */
export async function fetchPushKey(): Promise<string> {
  return (await api<Success<PushKey>>(API_PATHS.pushKey)).data.publicKey;
}

/** Gives the order the browser's subscription; answers its id, to opt out with. */
export async function postSubscription(orderId: string, body: PushSubscriptionBody): Promise<string> {
  const path = fillPath(API_PATHS.orderPushSubscriptions, { orderId });
  return (await api<Success<PushSubscriptionAnswer>>(path, { method: 'POST', body })).data.id;
}

export async function deleteSubscription(orderId: string, subscriptionId: string): Promise<void> {
  await api(fillPath(API_PATHS.orderPushSubscription, { orderId, subscriptionId }), { method: 'DELETE' });
}
