import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay-style ids (`order_…`, `pay_…`, `rfnd_…`, `evt_…`): a prefix and 14 random letters and digits. */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

/** What an id from gatewayId looks like; anything else is not looked up at all. */
export const GATEWAY_ID = /^(order|pay|rfnd|evt)_[A-Za-z0-9]{14}$/;
