import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedDemoData } from '../src/db/seed/index.ts';
import { rebuildSnapshots } from '../src/modules/menu/service.ts';
import { freshDatabase, type TestDatabase } from './helpers.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});
afterAll(() => t.drop());

async function counts() {
  const tables = [
    'cities',
    'localities',
    'stores',
    'products',
    'product_variants',
    'toppings',
    'topping_prices',
    'store_product_overrides',
    'menu_snapshots',
    'store_payment_options',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const res = await t.database.db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    out[table] = (res as { rows: { n: number }[] }).rows[0]!.n;
  }
  return out;
}

describe('seed', () => {
  it('is idempotent: seeding twice never duplicates data', async () => {
    expect((await seedDemoData(t.database.db)).applied).toBe(true);
    await rebuildSnapshots(t.database.db);
    const first = await counts();
    expect(first.stores).toBeGreaterThanOrEqual(40);
    expect(first.localities).toBeGreaterThanOrEqual(300);
    expect(first.products).toBeGreaterThanOrEqual(60);
    expect(first.menu_snapshots).toBe(first.stores);
    expect(first.store_payment_options).toBe((first.stores ?? 0) * 9);
    expect((await seedDemoData(t.database.db)).applied).toBe(false);
    await rebuildSnapshots(t.database.db);
    expect(await counts()).toEqual(first);
  });

  it('survives two processes seeding at once', async () => {
    const other = await freshDatabase();
    try {
      const results = await Promise.all([seedDemoData(other.database.db), seedDemoData(other.database.db)]);
      expect(results.filter((r) => r.applied)).toHaveLength(1);
    } finally {
      await other.drop();
    }
  });
});
