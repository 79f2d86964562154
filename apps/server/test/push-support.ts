import { newVapidKeys } from '../src/config/push.ts';

const pair = newVapidKeys();

/** What production needs for Web Push (config/push.ts): a VAPID pair and a contact, made for this test run. */
export const VAPID_PRODUCTION_ENV = {
  VAPID_PUBLIC_KEY: pair.publicKey,
  VAPID_PRIVATE_KEY: pair.privateKey,
  VAPID_SUBJECT: 'mailto:operations@example.com',
} as const;
