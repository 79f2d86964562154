import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_TEXTS,
  isIdempotencyKey,
  purgeIdempotencyKeys,
  withIdempotency,
  type IdempotentAnswer,
} from '../src/http/idempotency.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import * as keys from '../src/http/idempotency/repo.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let t: TestDatabase;
let db: Db;
beforeAll(async () => {
  t = await freshDatabase();
  db = t.database.db;
});
afterAll(() => t.drop());

const newKey = () => `key_${randomBytes(6).toString('hex')}`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A piece of work that counts its runs and answers which run it was. */
function counted(delayMs = 30) {
  const c = {
    runs: 0,
    work: async (): Promise<IdempotentAnswer<{ run: number; orderId: string }>> => {
      const run = ++c.runs;
      await sleep(delayMs);
      return { status: 201, body: { run, orderId: `order_${run}` } };
    },
  };
  return c;
}

describe('withIdempotency', () => {
  it('runs the work once for 50 concurrent calls with one key, and all get its answer', async () => {
    const key = newKey();
    const c = counted();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        withIdempotency(db, { principal: 'U1', key, requestHash: 'h1' }, c.work),
      ),
    );
    expect(c.runs).toBe(1);
    for (const a of answers) {
      expect(a.status).toBe(201);
      expect(a.body).toEqual({ run: 1, orderId: 'order_1' });
    }
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    // and a later call replays it without running anything
    const later = await withIdempotency(db, { principal: 'U1', key, requestHash: 'h1' }, c.work);
    expect(later).toEqual({ status: 201, body: { run: 1, orderId: 'order_1' }, replayed: true });
    expect(c.runs).toBe(1);
  });

  it('runs the work for each key, and keys are per principal', async () => {
    const c = counted(5);
    const keys = Array.from({ length: 10 }, newKey);
    const answers = await Promise.all(
      keys.map((key) => withIdempotency(db, { principal: 'U2', key, requestHash: 'h' }, c.work)),
    );
    expect(c.runs).toBe(10);
    expect(new Set(answers.map((a) => a.body.run)).size).toBe(10);
    expect(answers.every((a) => !a.replayed)).toBe(true);
    const other = await withIdempotency(db, { principal: 'U3', key: keys[0]!, requestHash: 'h' }, c.work);
    expect(other.replayed).toBe(false);
    expect(c.runs).toBe(11);
  });

  it('refuses the key with other details (422), done or still in progress', async () => {
    const key = newKey();
    const c = counted(60);
    const first = withIdempotency(db, { principal: 'U4', key, requestHash: 'a' }, c.work);
    await sleep(10);
    const refused = {
      statusCode: 422,
      errors: [{ code: 'IDEMPOTENCY_KEY_REUSED', displayMsg: IDEMPOTENCY_TEXTS.reused }],
    };
    await expect(
      withIdempotency(db, { principal: 'U4', key, requestHash: 'b' }, c.work),
    ).rejects.toMatchObject(refused);
    expect((await first).replayed).toBe(false);
    await expect(
      withIdempotency(db, { principal: 'U4', key, requestHash: 'b' }, c.work),
    ).rejects.toMatchObject(refused);
    expect(IDEMPOTENCY_TEXTS.reused).toBe('This request was already made with different details.');
    expect(c.runs).toBe(1);
  });

  it('forgets a key whose work threw, so the next call runs it', async () => {
    const key = newKey();
    const req = { principal: 'U5', key, requestHash: 'h' };
    await expect(
      withIdempotency(db, req, async () => {
        await sleep(5);
        throw new Error('gateway down');
      }),
    ).rejects.toThrow('gateway down');
    const c = counted(5);
    const again = await withIdempotency(db, req, c.work);
    expect(again).toMatchObject({ status: 201, replayed: false });
    expect(c.runs).toBe(1);
  });

  it('lets one waiter take over when the first caller’s work throws', async () => {
    const key = newKey();
    const req = { principal: 'U6', key, requestHash: 'h' };
    const failing = withIdempotency(db, req, async () => {
      await sleep(60);
      throw new Error('boom');
    });
    await sleep(10);
    const c = counted(20);
    const waiters = Array.from({ length: 8 }, () => withIdempotency(db, req, c.work));
    await expect(failing).rejects.toThrow('boom');
    const answers = await Promise.all(waiters);
    expect(c.runs).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
  });

  it('answers 409 to a caller that waited longer than it would for the first one', async () => {
    const key = newKey();
    const req = { principal: 'U7', key, requestHash: 'h' };
    const c = counted(200);
    const first = withIdempotency(db, req, c.work);
    await sleep(10);
    await expect(withIdempotency(db, req, c.work, { waitMs: 50 })).rejects.toMatchObject({
      statusCode: 409,
      errors: [{ code: 'IDEMPOTENCY_IN_PROGRESS' }],
    });
    expect((await first).replayed).toBe(false);
    expect(c.runs).toBe(1);
  });

  it('accepts 1–100 characters of [A-Za-z0-9_-] only', async () => {
    expect(isIdempotencyKey('a')).toBe(true);
    expect(isIdempotencyKey('A-z_09'.padEnd(100, 'x'))).toBe(true);
    for (const bad of ['', 'x'.repeat(101), 'has space', 'dot.ted', 'ünï', 'semi;colon'])
      expect(isIdempotencyKey(bad)).toBe(false);
    const c = counted(0);
    await expect(
      withIdempotency(db, { principal: 'U8', key: 'bad key', requestHash: 'h' }, c.work),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ code: 'INVALID_IDEMPOTENCY_KEY' }] });
    expect(c.runs).toBe(0);
  });

  it('purges keys made before a time, after which the key runs again', async () => {
    const key = newKey();
    const req = { principal: 'U9', key, requestHash: 'h' };
    const c = counted(0);
    await withIdempotency(db, req, c.work);
    expect(await purgeIdempotencyKeys(db, new Date(Date.now() - 24 * 60 * 60 * 1000))).toBe(0);
    expect((await withIdempotency(db, req, c.work)).replayed).toBe(true);
    expect(await purgeIdempotencyKeys(db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    expect((await withIdempotency(db, req, c.work)).replayed).toBe(false);
    expect(c.runs).toBe(2);
  });

  describe('after the holder died (issue 11 §4)', () => {
    const LEASE = 150;
    /** A claim made by a process that then died: never renewed, never finished. */
    const deadClaim = async (principal: string, key: string, requestHash = 'h') => {
      expect(await keys.claimKey(db, { principal, key }, requestHash, 'dead-process', LEASE)).toBe(true);
    };

    it('takes the key over once its lease ran out, and runs the work once for 20 racing retries', async () => {
      const key = newKey();
      await deadClaim('U10', key);
      const c = counted(20);
      const req = { principal: 'U10', key, requestHash: 'h' };
      // the dead claim lapses after LEASE; the taker's own lease is long, so a machine too busy to renew
      // within 150 ms cannot make a second taker (that case is the next tests' business)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => withIdempotency(db, req, c.work, { leaseMs: 10_000 })),
      );
      expect(c.runs).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toEqual(
        new Set([JSON.stringify({ run: 1, orderId: 'order_1' })]),
      );
      // stored: later calls replay it
      expect(await withIdempotency(db, req, c.work, { leaseMs: LEASE })).toMatchObject({ replayed: true });
      expect(c.runs).toBe(1);
    });

    it('takes over a key claimed before leases existed (no holder, no lease)', async () => {
      const key = newKey();
      await db.execute(
        sql`insert into idempotency_keys (principal, key, request_hash) values ('U11', ${key}, 'h')`,
      );
      const c = counted(5);
      const a = await withIdempotency(db, { principal: 'U11', key, requestHash: 'h' }, c.work);
      expect(a).toMatchObject({ status: 201, replayed: false });
      expect(c.runs).toBe(1);
    });

    it('still refuses another request under a dead key (422) rather than taking it over', async () => {
      const key = newKey();
      await deadClaim('U12', key, 'a');
      await sleep(LEASE * 2);
      const c = counted(0);
      await expect(
        withIdempotency(db, { principal: 'U12', key, requestHash: 'b' }, c.work, { leaseMs: LEASE }),
      ).rejects.toMatchObject({ statusCode: 422 });
      expect(c.runs).toBe(0);
    });

    it('does not double a slow but living holder: it renews its lease while it works', async () => {
      const key = newKey();
      const req = { principal: 'U13', key, requestHash: 'h' };
      // the work lasts four leases (renewed every third of one); waiters keep arriving all along
      const lease = 1_000; // long enough that a busy machine still renews in time
      const c = counted(lease * 4);
      const first = withIdempotency(db, req, c.work, { leaseMs: lease });
      const waiters: Promise<unknown>[] = [];
      for (let i = 0; i < 8; i++) {
        await sleep(lease / 2);
        waiters.push(withIdempotency(db, req, c.work, { leaseMs: lease }));
      }
      const answers = (await Promise.all([first, ...waiters])) as Awaited<typeof first>[];
      expect(c.runs).toBe(1);
      expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    });

    it("a holder that lost its key cannot finish or drop it: the taker's answer stands", async () => {
      const key = newKey();
      const id = { principal: 'U14', key };
      await deadClaim(id.principal, key);
      await sleep(LEASE * 2);
      const taker = await withIdempotency(
        db,
        { ...id, requestHash: 'h' },
        async () => ({ status: 200, body: { by: 'taker' } }),
        { leaseMs: LEASE },
      );
      expect(taker.replayed).toBe(false);
      // the first holder wakes up after all
      expect(await keys.renewLease(db, id, 'dead-process', LEASE)).toBe(false);
      expect(await keys.finishKey(db, id, 'dead-process', 200, { by: 'first' })).toBe(false);
      await keys.dropKeyInProgress(db, id, 'dead-process');
      const later = await withIdempotency(db, { ...id, requestHash: 'h' }, counted(0).work);
      expect(later).toEqual({ status: 200, body: { by: 'taker' }, replayed: true });
    });
  });
});
