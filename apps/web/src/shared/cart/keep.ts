import type { QueryClient } from '@tanstack/react-query';
import type { Cart, CartItemInput, Menu } from '@crust/contract';
import { randomId } from '../random-id.ts';
import { keptT } from './kept-texts.ts';
import { keepEdit, KeptOffline, type KeptEdit } from './outbox.ts';
import { notify } from './toasts.ts';

/** A cart edit tapped while it cannot be sent: an add (with the idempotency key it was given), or a new quantity. */
export type Tapped =
  { kind: 'add'; key: string; item: CartItemInput } | { kind: 'quantity'; itemId: string; quantity: number };

/**
 * Keeps a tapped edit for the connection (./outbox.ts), named as the customer knows it, and says so. Rejects with
 * KeptOffline, never throws: callers catch a promise (the cart's stepper), and their error toast stays quiet.
 */
export function keepTapped(qc: QueryClient, cart: Cart | null | undefined, tapped: Tapped): Promise<never> {
  const edit = describe(qc, cart, tapped);
  keepEdit(edit);
  notify(keptT('kept', { name: edit.name }));
  return Promise.reject(new KeptOffline());
}

/** `cart`: the cart as the screen shows it, whose line the edit changes. */
function describe(qc: QueryClient, cart: Cart | null | undefined, t: Tapped): KeptEdit {
  if (t.kind === 'add')
    return { kind: 'add', key: t.key, item: t.item, name: productName(qc, t.item.productCode) };
  const line = cart?.validItems.find((l) => l.itemId === t.itemId);
  const name = line?.product.name ?? '';
  // a step, not the number it led to: sent, it applies to the line as the server has it then (./send-kept.ts)
  return t.quantity === 0
    ? { kind: 'remove', key: randomId(), itemId: t.itemId, name }
    : { kind: 'step', key: randomId(), itemId: t.itemId, step: t.quantity - (line?.quantity ?? 0), name };
}

/** What a kept add is called: the product's name in a menu already loaded (every Add comes from one). */
function productName(qc: QueryClient, code: string): string {
  for (const [, menu] of qc.getQueriesData<Menu>({ queryKey: ['menu'] })) {
    const name = menu?.products.find((p) => p.menuCode === code)?.name;
    if (name) return name;
  }
  return code;
}
