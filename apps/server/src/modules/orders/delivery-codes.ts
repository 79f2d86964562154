import { createHmac, randomInt } from 'node:crypto';
import { DELIVERY_CODE_ATTEMPTS, isDeliveryCode, TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { SmsProvider } from '../../providers/sms/provider.ts';
import { sameHash } from '../../http/session-tokens.ts';
import type { OrderSubscriber } from './events.ts';
import * as repo from './repo.ts';
import type { OrderRow } from './repo.ts';

/** A passenger may ask for the code again once a minute. */
export const DELIVERY_CODE_RESEND_SECONDS = 60;

export const DELIVERY_CODE_TEXTS = {
  resendWait: `Your delivery code was sent less than ${DELIVERY_CODE_RESEND_SECONDS} seconds ago. Please check your messages.`,
  notTrain: 'Only an order to a train seat has a delivery code.',
  finished: 'This order is no longer on its way, so it needs no delivery code.',
} as const;

/**
 * A train order's delivery code (issue 16 §3): four digits texted to the passenger when the order is placed, typed
 * by the rider at the coach to hand the pizza over. Only a keyed hash is kept. Each try is counted before it is
 * checked, in one conditional statement, so however many tries arrive at once no more than DELIVERY_CODE_ATTEMPTS
 * are ever checked.
 */
export class DeliveryCodes {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly secret: string,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Texts the code when a train order is placed (after its commit; a replayed event finds the code made). */
  follow(): OrderSubscriber {
    return {
      name: 'delivery codes',
      after: async (event) => {
        if (event.kind !== 'placed' || event.order.deliveryType !== 'IRCTC') return;
        await this.issue(event.order, 'first');
      },
    };
  }

  /**
   * A new code for the order, texted to its mobile: the first (only if it has none) or again (only once a
   * minute; the old code stops working and the tries start again). Answers whether one was sent.
   */
  async issue(order: Pick<OrderRow, 'id' | 'number' | 'mobile'>, which: 'first' | 'again'): Promise<boolean> {
    const code = String(randomInt(0, 10_000)).padStart(4, '0');
    const now = new Date(this.clock());
    const row = { orderId: order.id, codeHash: this.hash(order.id, code), attempts: 0, sentAt: now };
    const made =
      which === 'first'
        ? await repo.insertDeliveryCode(this.db, row)
        : await repo.replaceDeliveryCode(
            this.db,
            row,
            new Date(now.getTime() - DELIVERY_CODE_RESEND_SECONDS * 1000),
          );
    if (!made) return false;
    await this.sms.send(order.mobile, { kind: 'DELIVERY_OTP', vars: { code, orderNumber: order.number } });
    return true;
  }

  /** The rider's code for the order: answers when it is right, else refuses with the rider's words. */
  async check(orderId: string, code: string | undefined): Promise<void> {
    if (!code) throw codeError('DELIVERY_CODE_REQUIRED', TRAIN_ORDER_TEXTS.codeRequired);
    // the try is taken first, whatever the code: a malformed one counts like a wrong one
    const taken = await repo.takeCodeAttempt(this.db, orderId, DELIVERY_CODE_ATTEMPTS);
    if (taken === undefined)
      throw (await repo.hasDeliveryCode(this.db, orderId))
        ? codeError('DELIVERY_CODE_LOCKED', TRAIN_ORDER_TEXTS.codeLocked)
        : codeError('DELIVERY_CODE_MISSING', TRAIN_ORDER_TEXTS.codeMissing);
    if (!isDeliveryCode(code) || !sameHash(this.hash(orderId, code), taken))
      throw codeError('DELIVERY_CODE_WRONG', TRAIN_ORDER_TEXTS.codeWrong);
  }

  private hash(orderId: string, code: string): string {
    return createHmac('sha256', this.secret).update(`delivery-code|${orderId}|${code}`).digest('hex');
  }
}

const codeError = (code: string, text: string) => httpError(400, code, text, { field: 'deliveryCode' });
