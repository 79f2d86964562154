import type { Cart, CartItemInput } from '@crust/contract';
import { assertNever } from '@crust/domain/delivery-types';
import { messageOf, NetworkError } from '../api/errors.ts';
import { dropKeptEdit, isOffline, refuseKeptEdit, waitingEdits, type KeptEdit } from './outbox.ts';
import { keptT } from './kept-texts.ts';
import { notify } from './toasts.ts';

/** The cart calls the kept edits go through (./changes.ts `cartActions`), given rather than imported. */
export interface KeptSender {
  sendAdd(item: CartItemInput, key: string): Promise<Cart>;
  removeNow(itemId: string): Promise<Cart>;
  patchNow(itemId: string, quantity: number): Promise<Cart>;
  /** the line's quantity as the server has it now; null when the line is gone */
  lineNow(itemId: string): Promise<number | null>;
}

let sending = false;

/**
 * How a round ended: everything answered; stopped because the phone is offline (its 'online' event starts the next);
 * stopped because the server could not be reached although the phone says it is online (a captive portal, a
 * server restarting: nobody will say when it is back, so the caller tries again later); or another round was
 * already sending.
 */
export type KeptRound = 'answered' | 'offline' | 'unreachable' | 'busy';

/**
 * The edits kept offline (./outbox.ts), sent in the order tapped. Each leaves the list once the server has answered
 * it: done, or refused (then told, by name, and still listed with the reason until dismissed). A network failure
 * ends the round with the rest still kept.
 */
export async function sendKeptEdits(to: KeptSender): Promise<KeptRound> {
  if (sending) return 'busy';
  sending = true;
  try {
    for (let edit = waitingEdits()[0]; edit; edit = waitingEdits()[0]) {
      if (isOffline()) return 'offline';
      try {
        await sendOne(to, edit);
        dropKeptEdit(edit.key);
      } catch (e) {
        if (e instanceof NetworkError) return isOffline() ? 'offline' : 'unreachable';
        const reason = messageOf(e);
        refuseKeptEdit(edit.key, reason);
        notify(keptT('keptRefused', { name: edit.name, reason }), 'error');
      }
    }
    return 'answered';
  } finally {
    sending = false;
  }
}

async function sendOne(to: KeptSender, edit: KeptEdit): Promise<void> {
  switch (edit.kind) {
    case 'add':
      // the key given when tapped: an add that reached the server before the connection went is not made twice
      await to.sendAdd(edit.item, edit.key);
      return;
    case 'remove':
      await to.removeNow(edit.itemId);
      return;
    case 'step': {
      // the step on the line as the server has it now: a change made meanwhile elsewhere is kept
      const quantity = await to.lineNow(edit.itemId);
      if (quantity === null) return;
      const next = quantity + edit.step;
      await (next > 0 ? to.patchNow(edit.itemId, next) : to.removeNow(edit.itemId));
      return;
    }
    default:
      return assertNever(edit);
  }
}
