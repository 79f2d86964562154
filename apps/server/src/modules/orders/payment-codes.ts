import { createHmac } from 'node:crypto';
import type { ConfirmOrderResult, OrderCodeBody } from '@crust/contract/orders';
import { OTP_ATTEMPTS } from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import { cashWords } from '@crust/domain/payment-words';
import type { Db } from '../../db/client.ts';
import type { Result } from '../../http/errors.ts';
import { clearLimit, giveBack, slotsOf, takeSlot, takeSlots } from '../../http/limits.ts';
import type { Principal } from '../../http/principal.ts';
import { SmsError, type SmsProvider } from '../../providers/sms/provider.ts';
import { verifyPassword } from '../../crypto/passwords.ts';
import { newOtpCode } from '../auth/service.ts';
import { sameHash } from '../../http/session-tokens.ts';
import { smsFailed } from '../sms/failure.ts';
import type { OrderAnswers } from './answers.ts';
import { cardCodeGuesses, codeResendOf, codeSendsTo, minutesText } from './code-limits.ts';
import { Refusal } from './events.ts';
import { fail } from './fail.ts';
import { payByOfOrder } from './next-action.ts';
import { typeOf } from './order-facts.ts';
import { ownedOrder } from './owned.ts';
import type { PaymentFlow } from './payment-flow.ts';
import * as repo from './repo.ts';
import { ORDER_TEXTS } from './texts.ts';

export interface PaymentCodesDeps {
  db: Db;
  sms: SmsProvider;
  /** signs COD and gift-card codes */
  secret: string;
  flow: PaymentFlow;
}

/**
 * The codes an order is paid with (SPEC §3 COD_OTP, EV_OTP, EV_PIN): the COD OTP and a gift card's OTP texted
 * to the order, and what the customer types back, a card's PIN included.
 */
export class PaymentCodes {
  private readonly db: Db;

  constructor(
    private readonly o: PaymentCodesDeps,
    private readonly answers: OrderAnswers,
    private readonly clock: () => number,
  ) {
    this.db = o.db;
  }

  /**
   * The order's first code (COD, or a gift card's): when the number has had its codes for the hour, the
   * order cannot go on, so it fails (its wallet part given back) and the customer is told why. A confirm
   * redoing the first step of an order whose confirm died (or was merely slow) sends no second code.
   */
  async firstCode(order: repo.OrderRow): Promise<Result<ConfirmOrderResult>> {
    const refused = await this.sendCode(order, 'first');
    // a racing first step holds the order's resend slot: its code is the order's
    if (!refused || refused.code === 'RESEND_TOO_SOON') return this.answers.answerFor(order);
    await this.o.flow.apply(order.id, 'expired', { failureCode: 'CODE_SEND_LIMIT' });
    return fail(refused.code, refused.displayMsg);
  }

  /**
   * Texts the order a new code: a COD OTP to the order's mobile, a gift card's OTP to the card's registered
   * mobile. The slots are taken before the text: one per order every 45 s, and CODE_SENDS_PER_MOBILE an
   * hour to one number, so parallel confirms and resends to a number send at most that many. Answers the
   * refusal when a slot was not free.
   *
   * When the SMS provider does not take the text, this throws HTTP 503 SMS_FAILED and the customer can ask for
   * the code again at once: the order's 45-second wait is given back, and so is the number's hourly slot when
   * the text certainly did not leave (after a timeout it may still arrive, so it keeps counting). A resend that
   * certainly failed leaves the order its previous code, which the customer may be holding. A first code
   * stays on the order whatever happened, so a retried confirm answers COD_OTP / EV_OTP with "Resend" at hand
   * rather than waiting for a first step that was done.
   */
  private async sendCode(
    order: repo.OrderRow,
    which: 'first' | 'again' = 'again',
  ): Promise<{ code: string; displayMsg: string } | null> {
    if (which === 'first' && (await repo.findOrder(this.db, order.id))?.codeHash) return null;
    const by = payByOfOrder(order);
    const voucher =
      by.kind === 'voucher' && order.voucherCode
        ? await repo.findVoucher(this.db, order.voucherCode)
        : undefined;
    const to = voucher ? voucher.mobile : order.mobile;
    if (!to) return { code: 'EVOUCHER_INVALID', displayMsg: ORDER_TEXTS.giftCardNoMobile };
    const now = new Date(this.clock());
    const taken = await takeSlots(this.db, [codeResendOf(order.id), codeSendsTo(to)], now);
    if (!taken.ok)
      return taken.limit.key === codeResendOf(order.id).key
        ? { code: 'RESEND_TOO_SOON', displayMsg: ORDER_TEXTS.codeResendTooSoon }
        : {
            code: 'CODE_SEND_LIMIT',
            displayMsg: ORDER_TEXTS.codeSendLimit(minutesText(taken.retryAfterSec)),
          };
    const code = newOtpCode();
    const change = {
      codeHash: this.codeHash(order.id, code),
      codeAttempts: 0,
      codeSentAt: now,
    };
    if (which === 'first') {
      if (!(await repo.setFirstCode(this.db, order.id, change))) {
        // another first step's code went out: no second text, and these slots were never spent
        await giveBack(this.db, taken.slots);
        return null;
      }
    } else {
      await repo.updateOrder(this.db, order.id, change);
    }
    try {
      await this.o.sms.send(
        to,
        voucher
          ? { kind: 'GIFT_CARD_OTP', vars: { code } }
          : { kind: 'COD_CODE', vars: { code, cash: cashWords(typeOf(order)) } },
      );
    } catch (err) {
      if (!(err instanceof SmsError)) throw err;
      if (which === 'again' && !err.maybeSent)
        await repo.restoreCode(this.db, order.id, change.codeHash, order);
      await giveBack(this.db, err.maybeSent ? slotsOf(taken.slots, [codeResendOf(order.id)]) : taken.slots);
      throw smsFailed();
    }
    return null;
  }

  private codeHash(orderId: string, code: string): string {
    return createHmac('sha256', this.o.secret).update(`order-code|${orderId}|${code}`).digest('hex');
  }

  /** The COD OTP, a gift card's OTP or an e-voucher's PIN (SPEC §3 COD_OTP, EV_OTP, EV_PIN). */
  async submitCode(
    principal: Principal,
    orderId: string,
    body: OrderCodeBody,
  ): Promise<Result<ConfirmOrderResult>> {
    const order = await ownedOrder(this.db, principal, orderId);
    if (order.status !== 'payment_pending') return this.answers.answerFor(order);
    const by = payByOfOrder(order);
    const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
    const usesOtp = by.kind === 'cash' || voucher?.kind === 'GC';
    if (by.kind !== 'cash' && by.kind !== 'voucher') return this.answers.answerFor(order);

    if ('resend' in body) {
      if (!usesOtp) return this.answers.answerFor(order);
      const refused = await this.sendCode(order);
      if (refused) return fail(refused.code, refused.displayMsg);
      return this.answers.answerFor(order);
    }

    // a card's PIN or OTP: its guesses are counted per card, across orders and sessions, before checking
    const guesses = voucher ? cardCodeGuesses(voucher.code) : null;
    if (guesses) {
      const slot = await takeSlot(this.db, guesses, new Date(this.clock()));
      if (!slot.ok) {
        await this.o.flow.apply(order.id, 'declined', { failureCode: 'CARD_CODE_LOCKED' });
        return fail('CARD_CODE_LOCKED', ORDER_TEXTS.cardCodeLocked(minutesText(slot.retryAfterSec)));
      }
    }
    const right = usesOtp
      ? order.codeHash !== null && sameHash(this.codeHash(order.id, body.code), order.codeHash)
      : voucher?.pinHash !== null &&
        voucher?.pinHash !== undefined &&
        (await verifyPassword(body.code, voucher.pinHash));
    // the card's owner got it right: their earlier slips no longer count against the card
    if (right && guesses) await clearLimit(this.db, guesses.key);
    if (!right) {
      const tries = await repo.countWrongCode(this.db, order.id);
      if (tries >= OTP_ATTEMPTS) {
        await this.o.flow.apply(order.id, 'declined', { failureCode: 'CODE_ATTEMPTS_EXCEEDED' });
        return fail('PAYMENT_FAILED', MESSAGES.paymentFailed);
      }
      return fail('CODE_INCORRECT', ORDER_TEXTS.codeIncorrect, 'code');
    }
    try {
      await this.o.flow.apply(order.id, 'authorised');
    } catch (err) {
      if (err instanceof Refusal) return fail(err.code, err.displayMsg);
      throw err;
    }
    return this.answers.answerFor(order);
  }
}
