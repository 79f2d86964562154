/**
 * Idempotency keys in the database (docs/decisions/010-orders-and-payments.md): the first request with a
 * key inserts its row (`ON CONFLICT DO NOTHING`) and runs the work, storing the answer; a concurrent or
 * later request with the same key waits for / replays that answer. Nothing is kept in process memory,
 * so this holds across server processes.
 *
 * A claim is a lease: the working process renews it while it works, so a slow but living one keeps its key.
 * A process that dies (kill -9, a lost machine) stops renewing, and after at most the lease the next request
 * with the key takes the work over. The work itself must converge when run again (checkout's does: one
 * active order per cart, a gateway order per receipt), since a holder that froze longer than its lease can
 * wake up to find its work taken over.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { httpError } from './errors.ts';
import * as repo from './idempotency/repo.ts';

/** 1–100 characters of letters, digits, `_` and `-`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** How long a stored answer is kept: rows older than this may be purged. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a claim stands unless renewed; the holder renews it every third of that. So a key whose process
 * died is taken over at most this long after its last renewal (docs/checkout.md "After a crash").
 */
export const IDEMPOTENCY_LEASE_MS = 10_000;

export const IDEMPOTENCY_TEXTS = {
  reused: 'This request was already made with different details.',
  invalid: 'The Idempotency-Key must be 1 to 100 letters, digits, "_" or "-".',
  inProgress: 'This request is still being processed. Please try again in a moment.',
} as const;

export function isIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

export interface IdempotentRequest {
  /** who is asking (a customer or guest id): keys are scoped to them */
  principal: string;
  key: string;
  /** a hash of what is asked (method, path, body), so the same key with other details is refused */
  requestHash: string;
}

export interface IdempotentAnswer<B = unknown> {
  status: number;
  /** JSON-serialisable: a replay answers it as stored in jsonb */
  body: B;
}

export interface IdempotencyOptions {
  /** how often a waiting caller looks at the row; 25 ms */
  pollMs?: number;
  /** how long a waiting caller waits for the first one to finish; 30 s */
  waitMs?: number;
  /** how long a claim stands without renewal; IDEMPOTENCY_LEASE_MS */
  leaseMs?: number;
}

/**
 * Handed to the work: `settle` stores the answer inside the work's own transaction, so the answer is committed
 * with what it answers for (issue 12 §2: one transaction for a cash order). Call it last in that transaction,
 * with the answer the work then returns; withIdempotency does not store that answer a second time.
 */
export interface IdempotentKey<B> {
  settle(tx: Db, answer: IdempotentAnswer<B>): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` once per (principal, key). Answers the work's answer (`replayed: false`) to the caller who
 * ran it and the stored answer (`replayed: true`) to every other. Throws HttpError 400
 * INVALID_IDEMPOTENCY_KEY for a malformed key, 422 IDEMPOTENCY_KEY_REUSED for the key under another
 * request hash and 409 IDEMPOTENCY_IN_PROGRESS when the first request has not finished within `waitMs`.
 * When `work` throws, the row is deleted (so a retry runs the work again) and the error is rethrown. A
 * key whose holder stopped renewing its lease is taken over by one waiting or later caller, who runs `work`.
 */
export async function withIdempotency<B>(
  db: Db,
  req: IdempotentRequest,
  work: (key: IdempotentKey<B>) => Promise<IdempotentAnswer<B>>,
  opts: IdempotencyOptions = {},
): Promise<IdempotentAnswer<B> & { replayed: boolean }> {
  if (!isIdempotencyKey(req.key)) throw httpError(400, 'INVALID_IDEMPOTENCY_KEY', IDEMPOTENCY_TEXTS.invalid);
  const pollMs = opts.pollMs ?? 25;
  const leaseMs = opts.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  const id = { principal: req.principal, key: req.key };
  const holder = randomBytes(12).toString('base64url');

  const run = async () => {
    // renewed while the work runs; a renewal that fails only shortens the claim to what it already had
    const renewal = setInterval(
      () => {
        repo.renewLease(db, id, holder, leaseMs).catch(() => undefined);
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    // what `settle` wrote inside the work's transaction; stored again below unless the work answers the same
    let settled: string | undefined;
    const key: IdempotentKey<B> = {
      settle: async (tx, answer) => {
        await repo.finishKey(tx, id, holder, answer.status, answer.body);
        settled = JSON.stringify([answer.status, answer.body ?? null]);
      },
    };
    let answer: IdempotentAnswer<B>;
    try {
      answer = await work(key);
    } catch (err) {
      clearInterval(renewal);
      // let a retry run the work again
      await repo.dropKeyInProgress(db, id, holder);
      throw err;
    }
    clearInterval(renewal);
    // false when another caller took the key over while this one stalled: theirs is the stored answer,
    // and the work converged on the same result
    if (settled !== JSON.stringify([answer.status, answer.body ?? null]))
      await repo.finishKey(db, id, holder, answer.status, answer.body);
    return { ...answer, replayed: false };
  };

  for (;;) {
    if (await repo.claimKey(db, id, req.requestHash, holder, leaseMs)) return run();

    // somebody has the key: wait for their answer
    for (;;) {
      const row = await repo.findKey(db, id);
      // their work failed and the row went: try to claim it ourselves
      if (!row) break;
      if (row.requestHash !== req.requestHash)
        throw httpError(422, 'IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_TEXTS.reused);
      if (row.status === 'done')
        return { status: row.responseStatus ?? 200, body: row.responseBody as B, replayed: true };
      // its holder stopped renewing (its process died): the work is ours to finish
      if (row.lapsed && (await repo.takeOverKey(db, id, holder, leaseMs))) return run();
      if (Date.now() >= deadline)
        throw httpError(409, 'IDEMPOTENCY_IN_PROGRESS', IDEMPOTENCY_TEXTS.inProgress);
      await sleep(pollMs);
    }
  }
}

/** withIdempotency over one database, for the routes that are handed it. */
export class IdempotentCalls {
  constructor(private readonly db: Db) {}

  run<B>(
    req: IdempotentRequest,
    work: (key: IdempotentKey<B>) => Promise<IdempotentAnswer<B>>,
  ): Promise<IdempotentAnswer<B> & { replayed: boolean }> {
    return withIdempotency(this.db, req, work);
  }
}

/** Deletes the keys made before `before` (e.g. now less IDEMPOTENCY_TTL_MS); answers how many went. */
export function purgeIdempotencyKeys(db: Db, before: Date): Promise<number> {
  return repo.deleteKeysBefore(db, before);
}
