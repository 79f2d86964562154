import { useEffect, useEffectEvent } from 'react';
import {
  PAYMENT_POLL_NEXT_SECONDS,
  PAYMENT_POLL_TOTAL_SECONDS,
  REFUND_POLL_INTERVAL_MS,
  REFUND_POLL_TOTAL_MS,
} from '@crust/domain/constants';
import { MESSAGES } from '@crust/domain/messages';
import { nextPollDelay } from '@crust/domain/payment-polling';
import { ApiError } from '../../shared/api/client.ts';
import { fetchPaymentStatus } from './api.ts';

/**
 * The two status pollers of SPEC §4, as plain functions that start polling and answer a stop function, and
 * as hooks. Neither has a clock of its own beyond Date.now and setTimeout, so fake timers drive them.
 */

type Timer = ReturnType<typeof setTimeout>;

interface Hints {
  nextCallTimeSec?: number;
  apiHitIntervalSec?: number;
}

/** How long a status call may still run once the budget is used up before the wait is given up. */
const LAST_ANSWER_GRACE_MS = 10_000;

export type PaymentPollOutcome =
  | { kind: 'success' }
  /** `refund`: money was taken and is being given back (SPEC §3 REFUND_PAGE), with the server's words */
  | { kind: 'failed'; refund?: { state: 'PENDING' | 'DONE'; message: string } }
  | { kind: 'timeout' };

export interface PaymentPollPlan {
  transactionId: string;
  /** epoch ms the 80 s budget counts from (the confirm's answer, else the arrival on the page) */
  startedAt: number;
  /** the confirm's nextCallTime: seconds before the first call (SPEC §9: 3) */
  firstCallSec?: number;
  /** the confirm's apiHitInterval */
  intervalSec?: number;
  /**
   * the browser is back from the gateway's pages, which have already had the bank's answer: the first call is
   * made at once instead of after nextCallTime
   */
  askAtOnce?: boolean;
}

/**
 * SPEC §4 polling while the gateway decides: the first call after nextCallTime (3 s by default), or at once
 * back from the gateway (`askAtOnce`), then as each answer says (nextCallTime, else apiHitInterval), until 80 s
 * after `startedAt`. SUCCESS and FAILED
 * end it; WAIT, IN_PROGRESS and UNKNOWN ask again, and so does a call that failed (network, 5xx). A page
 * reached after the budget is spent (the gateway's page took long) still asks once.
 */
export function pollPaymentStatus(
  plan: PaymentPollPlan,
  onOutcome: (outcome: PaymentPollOutcome) => void,
): () => void {
  const controller = new AbortController();
  let timer: Timer | undefined;
  let done = false;
  const elapsedSec = () => (Date.now() - plan.startedAt) / 1000;
  // a call that hangs past the budget does not keep the customer waiting
  const budgetEnd = plan.startedAt + PAYMENT_POLL_TOTAL_SECONDS * 1000;
  const deadline = setTimeout(
    () => finish({ kind: 'timeout' }),
    Math.max(budgetEnd - Date.now(), 0) + LAST_ANSWER_GRACE_MS,
  );

  const stop = () => {
    done = true;
    clearTimeout(timer);
    clearTimeout(deadline);
    controller.abort();
  };
  const finish = (outcome: PaymentPollOutcome) => {
    if (done) return;
    stop();
    onOutcome(outcome);
  };

  const schedule = (hints: Hints, atLeastOnce = false) => {
    const delay = nextPollDelay({ ...hints, elapsedSec: elapsedSec() });
    if (delay === null && !atLeastOnce) {
      finish({ kind: 'timeout' });
      return;
    }
    timer = setTimeout(() => void ask(hints), (delay ?? 0) * 1000);
  };

  const ask = async (hints: Hints) => {
    let next = hints;
    try {
      const status = await fetchPaymentStatus(plan.transactionId, controller.signal);
      if (done) return;
      switch (status.status) {
        case 'SUCCESS':
          finish({ kind: 'success' });
          return;
        case 'FAILED':
          finish(failedOf(status));
          return;
        case 'WAIT':
        case 'IN_PROGRESS':
        case 'UNKNOWN':
          next = { nextCallTimeSec: status.nextCallTime, apiHitIntervalSec: status.apiHitInterval };
          break;
      }
    } catch {
      // no answer this time: ask again within the budget
      if (done) return;
    }
    schedule(next);
  };

  if (plan.askAtOnce) void ask({ apiHitIntervalSec: plan.intervalSec });
  else
    schedule(
      {
        nextCallTimeSec: plan.firstCallSec ?? PAYMENT_POLL_NEXT_SECONDS,
        apiHitIntervalSec: plan.intervalSec,
      },
      true,
    );
  return stop;
}

/** Polls while mounted (and `plan` is given); stops on unmount. The latest `onOutcome` is called. */
export function usePaymentPolling(
  plan: PaymentPollPlan | null,
  onOutcome: (outcome: PaymentPollOutcome) => void,
): void {
  const report = useEffectEvent(onOutcome);
  const transactionId = plan?.transactionId;
  const startedAt = plan?.startedAt;
  const firstCallSec = plan?.firstCallSec;
  const intervalSec = plan?.intervalSec;
  const askAtOnce = plan?.askAtOnce;
  useEffect(() => {
    if (transactionId === undefined || startedAt === undefined) return;
    return pollPaymentStatus({ transactionId, startedAt, firstCallSec, intervalSec, askAtOnce }, (o) =>
      report(o),
    );
  }, [transactionId, startedAt, firstCallSec, intervalSec, askAtOnce]);
}

export type OrderStatusOutcome =
  | { kind: 'success'; orderId: string }
  | { kind: 'failed' }
  | { kind: 'unknown' }
  /** the server knows no such transaction for this customer (a stale or foreign link) */
  | { kind: 'notFound' };

/** A refusal that asking again will not change (bad id, not this customer's, no such transaction). */
const isFinalRefusal = (e: unknown) => e instanceof ApiError && [400, 403, 404].includes(e.status);

/**
 * SPEC §4 thank-you status polling: asked at once; WAIT and IN_PROGRESS repeat every apiHitInterval until
 * the answer's apiHitTime (seconds since the first call) is used up, which then counts as UNKNOWN. Until
 * an answer gives the budget, the 80 s of SPEC §9 apply; a failed call is asked again within it, unless
 * the server refuses the transaction outright (a stale or foreign link: nothing to clear then).
 */
export function pollOrderStatus(
  transactionId: string,
  onOutcome: (outcome: OrderStatusOutcome) => void,
): () => void {
  const controller = new AbortController();
  const started = Date.now();
  let timer: Timer | undefined;
  let done = false;
  let budgetSec: number = PAYMENT_POLL_TOTAL_SECONDS;
  let intervalSec: number | undefined;

  const finish = (outcome: OrderStatusOutcome) => {
    if (done) return;
    done = true;
    onOutcome(outcome);
  };

  const ask = async () => {
    try {
      const status = await fetchPaymentStatus(transactionId, controller.signal);
      if (done) return;
      switch (status.status) {
        case 'SUCCESS':
          finish({ kind: 'success', orderId: status.orderId });
          return;
        case 'FAILED':
          finish({ kind: 'failed' });
          return;
        case 'UNKNOWN':
          finish({ kind: 'unknown' });
          return;
        case 'WAIT':
        case 'IN_PROGRESS':
          budgetSec = status.apiHitTime;
          intervalSec = status.apiHitInterval;
          break;
      }
    } catch (e) {
      if (done) return;
      if (isFinalRefusal(e)) {
        finish({ kind: 'notFound' });
        return;
      }
    }
    const delay = nextPollDelay({
      apiHitIntervalSec: intervalSec,
      elapsedSec: (Date.now() - started) / 1000,
      budgetSec,
    });
    if (delay === null) finish({ kind: 'unknown' });
    else timer = setTimeout(() => void ask(), delay * 1000);
  };

  void ask();
  return () => {
    done = true;
    clearTimeout(timer);
    controller.abort();
  };
}

/** Polls the thank-you status while mounted with a transaction id; stops on unmount. */
export function useOrderStatusPolling(
  transactionId: string | null,
  onOutcome: (outcome: OrderStatusOutcome) => void,
): void {
  const report = useEffectEvent(onOutcome);
  useEffect(() => {
    if (!transactionId) return;
    return pollOrderStatus(transactionId, (o) => report(o));
  }, [transactionId]);
}

/**
 * After the 80 s wait ran out (issue 28 §3, decision 019): how often the page still asks, and for how long. The
 * server settles the payment meanwhile (webhooks, the reconciler) and texts the outcome, so this only spares the
 * customer a reload; it stops after a bounded time, leaving the page saying what it said.
 */
export const STILL_CONFIRMING_EVERY_MS = 15_000;
export const STILL_CONFIRMING_FOR_MS = 30 * 60_000;

export type FollowOutcome = Exclude<PaymentPollOutcome, { kind: 'timeout' }>;

/** A status answer's FAILED, with the refund when money was taken. */
function failedOf(status: { refund?: 'PENDING' | 'DONE'; displayMsg?: string }): FollowOutcome {
  return status.refund
    ? {
        kind: 'failed',
        refund: { state: status.refund, message: status.displayMsg ?? MESSAGES.orderFailedRefund },
      }
    : { kind: 'failed' };
}

/**
 * Follows a payment whose wait ran out: asked every STILL_CONFIRMING_EVERY_MS (at once too, when `atOnce`) until
 * SUCCESS or FAILED, or STILL_CONFIRMING_FOR_MS have passed. A failed call is asked again next time. Answers a
 * stop function.
 */
export function followPaymentStatus(
  transactionId: string,
  onOutcome: (outcome: FollowOutcome) => void,
  atOnce = false,
): () => void {
  const controller = new AbortController();
  const until = Date.now() + STILL_CONFIRMING_FOR_MS;
  let timer: Timer | undefined;
  let done = false;
  const ask = async () => {
    try {
      const status = await fetchPaymentStatus(transactionId, controller.signal);
      if (done) return;
      if (status.status === 'SUCCESS' || status.status === 'FAILED') {
        done = true;
        onOutcome(status.status === 'SUCCESS' ? { kind: 'success' } : failedOf(status));
        return;
      }
    } catch {
      // no answer this time: the next one may bring it
      if (done) return;
    }
    next();
  };
  const next = () => {
    if (Date.now() + STILL_CONFIRMING_EVERY_MS <= until)
      timer = setTimeout(() => void ask(), STILL_CONFIRMING_EVERY_MS);
  };
  if (atOnce) void ask();
  else next();
  return () => {
    done = true;
    clearTimeout(timer);
    controller.abort();
  };
}

/** followPaymentStatus while mounted with a transaction id; stops on unmount. */
export function useFollowPayment(
  transactionId: string | null,
  onOutcome: (outcome: FollowOutcome) => void,
  atOnce = false,
): void {
  const report = useEffectEvent(onOutcome);
  useEffect(() => {
    if (!transactionId) return;
    return followPaymentStatus(transactionId, (o) => report(o), atOnce);
  }, [transactionId, atOnce]);
}

/**
 * SPEC §9 refund polling: while a refund is PENDING, the status is asked every 3 s for 180 s in all, until the
 * gateway has taken it (DONE). Answers a stop function; `onDone` is called once DONE is seen, `onGiveUp` when the
 * 180 s are spent first (the refund still goes on: the order history shows it).
 */
export function pollRefund(transactionId: string, on: { done: () => void; giveUp: () => void }): () => void {
  const controller = new AbortController();
  const started = Date.now();
  let timer: Timer | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    controller.abort();
  };
  const ask = async () => {
    try {
      const status = await fetchPaymentStatus(transactionId, controller.signal);
      if (stopped) return;
      if (status.refund === 'DONE') {
        stop();
        on.done();
        return;
      }
    } catch {
      // no answer this time: asked again within the budget
      if (stopped) return;
    }
    const delay = nextPollDelay({
      apiHitIntervalSec: REFUND_POLL_INTERVAL_MS / 1000,
      elapsedSec: (Date.now() - started) / 1000,
      budgetSec: REFUND_POLL_TOTAL_MS / 1000,
    });
    if (delay === null) {
      stop();
      on.giveUp();
      return;
    }
    timer = setTimeout(() => void ask(), delay * 1000);
  };
  timer = setTimeout(() => void ask(), REFUND_POLL_INTERVAL_MS);
  return stop;
}
