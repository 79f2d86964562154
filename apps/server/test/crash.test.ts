import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { OrderHistoryResponseSchema } from '@crust/contract/history';
import { ConfirmOrderResponseSchema, PaymentOptionsResponseSchema } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { openDatabase, type Db } from '../src/db/client.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { json, scratchDatabase } from './helpers.ts';
import { freePort, overHttp, startServer, type LiveServer } from './live-server.ts';
import { checkout, ok, orderClient } from './order-support.ts';

/**
 * Issue 11 §4 and §6: the real server, killed with kill -9 in the middle of a card confirm and started again
 * on the same database. The retry with the same Idempotency-Key is answered (the dead request's claim lapses
 * and is taken over) with the same order; the reconciler settles that order once it is abandoned; the wallet
 * money comes back; the customer orders again. Once per run: on PostgreSQL when the run has DATABASE_URL (CI), else
 * on PGlite (both pass; PGlite's folder survives kill -9). About 40 s on an idle machine: three server starts on PGlite, two on
 * PostgreSQL, and no waiting on the clock (the abandoned order is aged in the database instead).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const WALLET = 10_000;
const secret = `crash-test-${randomBytes(16).toString('hex')}`;

/** A fresh database for the server: a PGlite folder, or a new PostgreSQL database next to DATABASE_URL. */
async function freshStore(): Promise<{
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  live: boolean;
  drop: () => Promise<void>;
}> {
  if (!onPostgres) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crust-crash-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      /** PGlite has one owner: the server is stopped while the test opens the folder itself */
      open: () => openDatabase({ dataDir }),
      live: false,
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchDatabase('crust_crash');
  return {
    env: { DATABASE_URL: scratch.url },
    open: () => openDatabase({ databaseUrl: scratch.url, dataDir: '' }),
    live: true,
    drop: scratch.drop,
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// once per run: on PostgreSQL when the run has it (CI), else on PGlite
const runHere = onPostgres || !process.env.DATABASE_URL;

describe.runIf(runHere)(
  `kill -9 in the middle of a card confirm (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
  () => {
    it('the same key is answered with the same order, the orphan is settled, the wallet comes back, the customer orders again', async () => {
      const store = await freshStore();
      cleanups.push(store.drop);
      const port = await freePort();
      const env = {
        ...store.env,
        SESSION_SECRET: secret,
        SEED: 'true',
        RECONCILE_INTERVAL_MS: '300',
        PG_OUTBOX_INTERVAL_MS: '300',
      };
      let server: LiveServer = await startServer(port, env);
      cleanups.push(() => server.kill());
      const remote = overHttp(() => server);
      const call = remote.app.inject.bind(remote.app);

      /** Reads and writes the server's database: at once on PostgreSQL; on PGlite with the server stopped. */
      const withDatabase = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
        if (!store.live) await server.stop();
        const database = await store.open();
        try {
          return await work(database.db);
        } finally {
          await database.close();
          if (!store.live) server = await startServer(port, env);
        }
      };
      const rowsOf = async <R>(db: Db, query: ReturnType<typeof sql>): Promise<R[]> => {
        const result: unknown = await db.execute(query);
        return (result as { rows: R[] }).rows;
      };

      // a customer with ₹100 in the wallet pays a cart by card plus the wallet
      const auth = authClient(() => remote);
      const mobile = auth.freshMobile();
      const session = (await auth.login(mobile)) as Parameters<typeof customerHeaders>[0];
      const who = { userId: session.userId, headers: { ...customerHeaders(session), deliverytype: 'D' } };
      const credit = await call({
        method: 'POST',
        url: '/sandbox/wallet/credit',
        payload: { mobile, amountPaise: WALLET },
      });
      expect(credit.statusCode, credit.body).toBe(200);
      const wallet = async () => {
        const res = await call({
          method: 'GET',
          url: `${fillPath(API_PATHS.paymentOptions, { storeId: 1001 })}?deliveryType=D`,
          headers: who.headers,
        });
        return PaymentOptionsResponseSchema.parse(json(res)).data.wallet?.balancePaise;
      };
      const history = async () => {
        const res = await call({ method: 'GET', url: API_PATHS.orderHistory, headers: who.headers });
        return OrderHistoryResponseSchema.parse(json(res)).data.orders;
      };
      const c = orderClient(remote, who);
      const cart = await c.cart();
      const body = c.body(cart, { primaryPaymentId: 'CC', secondaryPaymentId: 'PIGGYBANK' });
      expect(await wallet()).toBe(WALLET);

      // the gateway takes 30 s to make the order: the confirm is in the middle of it when the server dies
      const modes = await call({ method: 'POST', url: '/sandbox/pg/modes', payload: { latencyMs: 30_000 } });
      expect(modes.statusCode, modes.body).toBe(200);
      const key = randomUUID();
      const dying = c.confirmRaw(body, key).then(
        () => 'answered',
        () => 'cut off',
      );
      await expect.poll(async () => (await history()).length, { timeout: 60_000 }).toBe(1);
      const [begun] = await history();
      expect(begun).toMatchObject({ status: 'PAYMENT_PENDING' });
      expect(await wallet()).toBe(0); // held for the order
      await server.kill();
      expect(await dying).toBe('cut off');

      // started again on the same database (on PGlite: the folder survived kill -9)
      server = await startServer(port, env);
      await call({ method: 'POST', url: '/sandbox/pg/modes/reset' });

      // the retry with the same key: the dead request's claim is taken over, and its order resumed
      const res = await c.confirmRaw(body, key);
      expect(res.statusCode, `${res.body}\n${server.output()}`).toBe(200);
      const retried = ok(ConfirmOrderResponseSchema.parse(json(res)));
      expect(retried).toMatchObject({
        orderId: begun!.id,
        nextAction: 'PROCESS_PAYMENT',
        walletPaise: WALLET,
      });

      // exactly one order for the cart and one gateway order for it; then the customer walks away, and the
      // order is aged past the transaction timeout (instead of waiting 2 minutes)
      await withDatabase(async (db) => {
        const orders = await rowsOf<{ id: string }>(
          db,
          sql`select id from orders where cart_id = ${cart.cartId}`,
        );
        expect(orders).toEqual([{ id: begun!.id }]);
        const receipts = await rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from pg_orders where receipt = ${begun!.id}`,
        );
        expect(receipts).toEqual([{ n: 1 }]);
        await db.execute(
          sql`update orders set created_at = created_at - interval '3 minutes' where id = ${begun!.id}`,
        );
        await db.execute(sql`update payments set created_at = created_at - interval '3 minutes',
                                               updated_at = updated_at - interval '3 minutes'
                             where order_id = ${begun!.id}`);
      });

      // nobody asks about it: the reconciler fails it and gives the wallet money back
      await expect.poll(wallet, { timeout: 60_000, interval: 200 }).toBe(WALLET);
      expect((await c.status(retried.transactionId)).status).toBe('FAILED');

      // and the customer orders the same cart again, and pays
      const again = ok(await c.confirm(body));
      expect(again.orderId).not.toBe(begun!.id);
      expect(again).toMatchObject({ nextAction: 'PROCESS_PAYMENT', walletPaise: WALLET });
      const { payCard, follow } = checkout(() => remote);
      await follow((await payCard(again)).res);
      expect((await c.status(again.transactionId)).status).toBe('SUCCESS');
      expect(await wallet()).toBe(0);
      const statuses = (await history()).map((o) => [o.id, o.status]);
      expect(statuses).toEqual(
        expect.arrayContaining([
          [begun!.id, 'FAILED'],
          [again.orderId, 'PLACED'],
        ]),
      );
    }, 300_000);
  },
);
