import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartCatalogue } from '../src/modules/cart/catalogue.ts';
import { CartCatalogues } from '../src/modules/cart/catalogue.ts';
import { CartService, type CartLocking } from '../src/modules/cart/service.ts';
import { MenuCache } from '../src/modules/menu/service.ts';
import { CouponUsage, PromotionBook } from '../src/modules/offers/service.ts';
import { StoreDirectory } from '../src/modules/stores/service.ts';
import { HttpError } from '../src/http/errors.ts';
import { cartClient, newGuest, PEPSI, side, type Guest } from './cart-support.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/**
 * Decision 006, as built: a cart write that lost to another process is done again with the cart row locked, so it
 * cannot lose again. "Another process" here writes the cart every time this one has read it and is about to
 * decide, unless the row is locked (then it would wait: it skips). PostgreSQL only: PGlite has no second process.
 */
const whyNot = process.env.TEST_DB !== 'postgres' ? 'row locks are PostgreSQL only' : null;

let t: TestApp;
beforeAll(async () => {
  if (!whyNot) t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The cart catalogues, with another process writing the cart each time one is looked up (once per read). */
class OtherProcessWrites extends CartCatalogues {
  writes = 0;
  constructor(
    private readonly cartId: () => string,
    private readonly target: TestApp,
  ) {
    super(new MenuCache(target.database.db));
  }
  override async forStore(storeId: number): Promise<CartCatalogue | undefined> {
    const result: unknown = await this.target.database.db.execute(sql`
      update carts set version = version + 1
      where id in (select id from carts where id = ${this.cartId()} for update skip locked)
      returning id`);
    this.writes += (result as { rows: unknown[] }).rows.length;
    return super.forStore(storeId);
  }
}

function service(catalogues: CartCatalogues, locking: CartLocking) {
  const db = t.database.db;
  const loyalty = { pointsOf: () => Promise.resolve(null) };
  return new CartService(
    db,
    catalogues,
    new PromotionBook(db, new StoreDirectory(db)),
    new CouponUsage(db),
    loyalty,
    Date.now,
    locking,
  );
}

async function newCart(): Promise<{ guest: Guest; cartId: string; version: number }> {
  const guest = await newGuest(t);
  const c = cartClient(t, guest);
  const cart = c.ok(await c.create([]));
  return { guest, cartId: cart.cartId, version: cart.version };
}

describe.skipIf(whyNot !== null)(`cart row locks${whyNot ? ` (skipped: ${whyNot})` : ''}`, () => {
  it('a write that keeps losing to another process lands once it locks the row', async () => {
    const { guest, cartId } = await newCart();
    const catalogues = new OtherProcessWrites(() => cartId, t);
    const result = await service(catalogues, { rowLocks: true, waitMs: 10_000 }).addItem(
      guest.userId,
      cartId,
      side(PEPSI),
      {},
    );
    expect(result.ok).toBe(true);
    expect(catalogues.writes).toBeGreaterThan(0);
    const final = await cartClient(t, guest).get(cartId);
    expect(final.validItems.map((l) => [l.product.code, l.quantity])).toEqual([[PEPSI, 1]]);
  });

  it('without the row lock the same write gives up: 503 CART_BUSY (what the lock fixes)', async () => {
    const { guest, cartId } = await newCart();
    const catalogues = new OtherProcessWrites(() => cartId, t);
    const write = service(catalogues, { rowLocks: false, waitMs: 10_000 }).addItem(
      guest.userId,
      cartId,
      side(PEPSI),
      {},
    );
    await expect(write).rejects.toMatchObject({ statusCode: 503, errors: [{ code: 'CART_BUSY' }] });
  });

  it('a write that cannot get the row in its time answers 503 CART_BUSY with Retry-After', async () => {
    const { guest, cartId } = await newCart();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holder: Promise<void> | undefined;
    // the other process writes the cart once, then holds its row until this write has given up
    class WritesThenHolds extends OtherProcessWrites {
      override async forStore(storeId: number): Promise<CartCatalogue | undefined> {
        const found = await super.forStore(storeId);
        if (!holder)
          await new Promise<void>((locked) => {
            holder = t.database.db.transaction(async (tx) => {
              await tx.execute(sql`select id from carts where id = ${cartId} for update`);
              locked();
              await released;
            });
          });
        return found;
      }
    }
    const carts = service(new WritesThenHolds(() => cartId, t), { rowLocks: true, waitMs: 200 });
    const outcome = await carts.addItem(guest.userId, cartId, side(PEPSI), {}).catch((err: unknown) => err);
    release();
    await holder;
    expect(outcome).toBeInstanceOf(HttpError);
    expect(outcome).toMatchObject({ statusCode: 503, retryAfterSec: 1, errors: [{ code: 'CART_BUSY' }] });
    expect((await cartClient(t, guest).get(cartId)).validItems).toEqual([]);
  });
});
