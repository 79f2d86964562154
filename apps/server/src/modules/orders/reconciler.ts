import type { FastifyBaseLogger } from 'fastify';
import { TRANSACTION_TIMEOUT_SECONDS } from '@crust/domain/constants';
import type { Db } from '../../db/client.ts';
import { EXTRA_REFUND_RETRY_MS } from './extra-captures.ts';
import { firstStepDone } from './first-step.ts';
import type { PaymentFlow } from './payment-flow.ts';
import * as repo from './repo.ts';

/** A COD or voucher order waits this long for its code. */
export const CODE_ORDER_LIFE_MS = 15 * 60_000;
/**
 * How long one payment's settling may hold its place in a pass (it waits on the gateway's status API, perhaps
 * on a refund): a slower answer is left to finish on its own, and the pass goes on with the rest.
 */
export const RECONCILE_CALL_MS = 5_000;
/** Payments settled at once: a slow gateway answer holds one of them, not the queue. */
export const RECONCILE_PARALLEL = 8;
/** Stale payments read per query; a pass reads pages until none is left. */
export const RECONCILE_PAGE = 100;

/** How often one process asks the gateway again about a decided payment whose gateway order had an open attempt. */
export const WATCH_EVERY_MS = 2 * 60_000;
/** Watched payments remembered at most before the ones asked about long enough ago are forgotten. */
const WATCH_KEPT = 10_000;

export interface ReconcileOptions {
  callMs?: number;
  /**
   * When the pass stops waiting on one payment's settling: `callMs` after it starts unless given. A test gives it
   * to decide "slower than the bound" by an event rather than by racing the clock of a machine of unknown speed.
   */
  deadline?: (orderId: string) => Promise<unknown>;
  parallel?: number;
  pageSize?: number;
}

/**
 * The reconciler (docs/checkout.md "After a crash"): every payment untouched for longer than the transaction
 * timeout is settled by asking the gateway, a code nobody entered lapses, and an orphan (an order whose
 * confirm died before the customer was given a way to pay) fails, giving back its wallet part and its cart.
 * A pass drains everything due, oldest first, in parallel, each payment bounded in time: payments that cannot
 * be settled yet (a code still in its life, a refund the gateway refuses, a gateway that does not answer)
 * are passed over, not waited on, so one cannot hold back the others. Every write is conditional, so passes
 * in several processes, or one overlapping a slow answer from the last, change each payment once.
 * It also asks again about decided payments (issue 28 §1): those with a second capture whose refund is still due,
 * and those whose gateway order had an attempt still open when they were decided, while it may still capture
 * (extra-captures.ts OPEN_ATTEMPTS_WATCH_MS), so a capture whose webhook was lost is refunded too.
 */
export class Reconciler {
  /** payments whose settling, from this pass or an earlier one, has not finished: not started twice */
  private readonly settling = new Set<string>();
  /** when this process last asked about each watched payment */
  private readonly watchedAt = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly flow: PaymentFlow,
    private readonly log: FastifyBaseLogger | null,
  ) {}

  /** One pass over what is due at `nowMs`; answers how many payments were due. */
  async run(nowMs: number, opts: ReconcileOptions = {}): Promise<number> {
    const before = new Date(nowMs - TRANSACTION_TIMEOUT_SECONDS * 1000);
    const pages: PageOf[] = [
      (after, limit) => repo.stalePayments(this.db, before, after, limit),
      (after, limit) =>
        repo.ordersWithDueExtras(this.db, new Date(nowMs - EXTRA_REFUND_RETRY_MS), after, limit),
      (after, limit) =>
        repo
          .watchedPayments(this.db, new Date(nowMs), after, limit)
          .then((page) => page.filter((p) => this.watchDue(p.orderId, nowMs))),
    ];
    let due = 0;
    for (const pageOf of pages) due += await this.drain(pageOf, nowMs, opts);
    return due;
  }

  /**
   * Whether a watched payment is asked about again in this pass: at most every WATCH_EVERY_MS by this process, so an
   * order whose bank page was left open costs the gateway about 30 status calls in its hour, not one every pass.
   */
  private watchDue(orderId: string, nowMs: number): boolean {
    const last = this.watchedAt.get(orderId);
    if (last !== undefined && nowMs - last < WATCH_EVERY_MS) return false;
    if (this.watchedAt.size >= WATCH_KEPT)
      for (const [id, at] of this.watchedAt) if (nowMs - at >= WATCH_EVERY_MS) this.watchedAt.delete(id);
    this.watchedAt.set(orderId, nowMs);
    return true;
  }

  /** Settles every payment one query names, page by page. */
  private async drain(pageOf: PageOf, nowMs: number, opts: ReconcileOptions): Promise<number> {
    const pageSize = opts.pageSize ?? RECONCILE_PAGE;
    const parallel = opts.parallel ?? RECONCILE_PARALLEL;
    const callMs = opts.callMs ?? RECONCILE_CALL_MS;
    let after: repo.StaleCursor | null = null;
    let due = 0;
    for (;;) {
      const page = await pageOf(after, pageSize);
      due += page.length;
      await eachInParallel(page, parallel, (p) => this.settle(p.orderId, nowMs, callMs, opts.deadline));
      const last = page.at(-1);
      if (!last || page.length < pageSize) return due;
      after = last;
    }
  }

  private async settle(
    orderId: string,
    nowMs: number,
    callMs: number,
    deadline: ReconcileOptions['deadline'],
  ): Promise<void> {
    if (this.settling.has(orderId)) return;
    this.settling.add(orderId);
    const work = this.settleOne(orderId, nowMs)
      .catch((err: unknown) => this.log?.error({ err, orderId }, 'the reconciler could not settle a payment'))
      .finally(() => this.settling.delete(orderId));
    if ((await within(work, callMs, deadline?.(orderId))) === 'late')
      this.log?.warn(
        { orderId, callMs },
        'slow gateway answer: the reconciler moved on and comes back later',
      );
  }

  private async settleOne(orderId: string, nowMs: number): Promise<void> {
    // nobody waits for these answers any more (the client stops asking long before): the customer is texted
    const state = await this.flow.sync(orderId, nowMs, true);
    if (state !== 'created' && state !== 'pending') return;
    const [order, payment] = await Promise.all([
      repo.findOrder(this.db, orderId),
      repo.findPayment(this.db, orderId),
    ]);
    if (!order || !payment || order.status !== 'payment_pending' || payment.gatewayOrderId !== null) return;
    const voucher = order.voucherCode ? await repo.findVoucher(this.db, order.voucherCode) : undefined;
    const ageMs = nowMs - order.createdAt.getTime();
    if (!firstStepDone(order, payment, voucher?.kind ?? null)) {
      // nobody was given a way to pay it, so no money can have moved: it fails, and the wallet part and
      // the cart are free again (unless a retried confirm gives it its gateway order this very moment)
      if (ageMs >= TRANSACTION_TIMEOUT_SECONDS * 1000)
        await this.flow.apply(orderId, 'expired', { failureCode: 'ORPHANED' }, { withoutGatewayOrder: true });
      return;
    }
    // a code nobody entered: the order lapses after the code's life, and the wallet part comes back
    if (ageMs > CODE_ORDER_LIFE_MS)
      await this.flow.apply(orderId, 'expired', { failureCode: 'CODE_NOT_ENTERED' });
  }
}

/** One page of a walk over payments to settle, after the cursor. */
type PageOf = (after: repo.StaleCursor | null, limit: number) => Promise<repo.StaleCursor[]>;

/** Runs `fn` over `items`, at most `n` at a time. */
async function eachInParallel<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/** Whether `work` (which never rejects) finished before `deadline`, or within `ms`; it goes on either way. */
async function within(
  work: Promise<unknown>,
  ms: number,
  deadline: Promise<unknown> | undefined,
): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = deadline
    ? deadline.then(() => 'late' as const)
    : new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), ms);
      });
  try {
    return await Promise.race([work.then(() => 'done' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}
