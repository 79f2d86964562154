import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Db } from '../../db/client.ts';
import { composeStoreMenu, menuVersion, priceEntriesOf } from './compose.ts';
import * as repo from './repo.ts';
import { storeExists } from '../stores/service.ts';

/**
 * Rebuilds the precomputed menu bodies of the given stores (all when omitted) from the catalogue, with the
 * prices in force at `now`; each remembers when its next scheduled price starts.
 */
export async function rebuildSnapshots(db: Db, storeIds?: number[], now = new Date()): Promise<number> {
  const ids = storeIds ?? (await repo.listStoreIds(db)).map((r) => r.id);
  if (ids.length === 0) return 0;
  const [catalogue, overrides, cities] = await Promise.all([
    repo.loadCatalogue(db),
    repo.loadOverrides(db, ids),
    repo.storeCities(db, ids),
  ]);
  const entries = priceEntriesOf(catalogue.prices);
  for (const { id: storeId, cityId } of cities) {
    // a menu change rebuilds every store's: other requests get their turn between two stores, so the process
    // never stalls long enough to shed load (http/load-shedding.ts)
    await new Promise((resolve) => setImmediate(resolve));
    const own = overrides.filter((o) => o.storeId === storeId);
    const { menu, toppings, nextChangeAt } = composeStoreMenu(
      catalogue,
      { storeId, cityId },
      own,
      now.getTime(),
      entries,
    );
    const version = menuVersion(menu, toppings);
    const generatedAt = now.toISOString();
    await repo.saveSnapshot(db, {
      storeId,
      version,
      menuBody: JSON.stringify({ status: 'SUCCESS', data: { ...menu, version, generatedAt } }),
      toppingsBody: JSON.stringify({ status: 'SUCCESS', data: toppings }),
      nextChangeAt: nextChangeAt === null ? null : new Date(nextChangeAt),
    });
  }
  return cities.length;
}

/** The stores whose menu a scheduled price has changed by `now`, composed again (the background pass). */
export async function rebuildDueSnapshots(db: Db, now = new Date()): Promise<number[]> {
  const due = await repo.dueSnapshotStores(db, now);
  if (due.length > 0) await rebuildSnapshots(db, due, now);
  return due;
}

/** A body ready to send: raw JSON and its compressed forms, made once and reused for every request. */
export class PreparedBody {
  private gz: Buffer | undefined;
  private brotli: Buffer | undefined;
  readonly raw: Buffer;
  constructor(json: string) {
    this.raw = Buffer.from(json);
  }
  gzip(): Buffer {
    this.gz ??= gzipSync(this.raw, { level: 9 });
    return this.gz;
  }
  br(): Buffer {
    this.brotli ??= brotliCompressSync(this.raw, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
      },
    });
    return this.brotli;
  }
}

interface CachedMenu {
  etag: string;
  menu: PreparedBody;
  toppings: PreparedBody;
  checkedAt: number;
  /** when a scheduled price starts (ms): the entry is read, and the menu composed, again from then */
  nextChangeAt: number | null;
}

export type MenuLookup = { kind: 'found'; entry: CachedMenu } | { kind: 'unknown-store' };

/**
 * Serves precomputed menus from memory. Entries are re-read from the database after `ttlMs`, so a
 * menu rebuilt by another process reaches this one within that time (and at once through the shared cache
 * changes, caches/share.ts). A menu whose scheduled price has started is composed again on its first read
 * after the start, so the menu, the cart and the confirm price alike from that moment on.
 */
export class MenuCache {
  private readonly entries = new Map<number, CachedMenu>();
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async get(storeId: number): Promise<MenuLookup> {
    const cached = this.entries.get(storeId);
    const now = this.clock();
    const due = (at: number | null | undefined) => at !== null && at !== undefined && at <= now;
    if (cached && now - cached.checkedAt < this.ttlMs && !due(cached.nextChangeAt))
      return { kind: 'found', entry: cached };
    let row = await repo.findSnapshot(this.db, storeId);
    if (!row) {
      if (!(await storeExists(this.db, storeId))) return { kind: 'unknown-store' };
      await rebuildSnapshots(this.db, [storeId], new Date(now));
      row = await repo.findSnapshot(this.db, storeId);
      if (!row) return { kind: 'unknown-store' };
    } else if (due(row.nextChangeAt?.getTime())) {
      await rebuildSnapshots(this.db, [storeId], new Date(now));
      row = (await repo.findSnapshot(this.db, storeId)) ?? row;
    }
    const nextChangeAt = row.nextChangeAt?.getTime() ?? null;
    const etag = `"${row.version}"`;
    if (cached && cached.etag === etag) {
      cached.checkedAt = now;
      cached.nextChangeAt = nextChangeAt;
      return { kind: 'found', entry: cached };
    }
    const entry: CachedMenu = {
      etag,
      menu: new PreparedBody(row.menuBody),
      toppings: new PreparedBody(row.toppingsBody),
      checkedAt: now,
      nextChangeAt,
    };
    this.entries.set(storeId, entry);
    return { kind: 'found', entry };
  }

  /** Forgets one store's menu so the next read takes the rebuilt snapshot. */
  invalidate(storeId: number): void {
    this.entries.delete(storeId);
  }

  clear(): void {
    this.entries.clear();
  }

  /** changeStoreProduct over this cache's database; `record` writes in its transaction (the audit log). */
  changeProduct(
    storeId: number,
    productCode: string,
    change: Parameters<typeof changeStoreProduct>[4],
    record?: (tx: Db) => Promise<void>,
  ): Promise<boolean> {
    return changeStoreProduct(this.db, this, storeId, productCode, change, record);
  }

  /** Whether the catalogue has this product at all (sold anywhere or not). */
  productExists(productCode: string): Promise<boolean> {
    return repo.productExists(this.db, productCode);
  }
}

/**
 * A store changes how it sells a product (out of stock, not sold, a price change): the override is
 * written, the store's menu rebuilt, and this process's cached copy dropped. Menus, and the carts
 * priced from them, see the change at once here and within the cache TTL in other processes.
 */
export async function changeStoreProduct(
  db: Db,
  menus: MenuCache,
  storeId: number,
  productCode: string,
  change: { available?: boolean; inStock?: boolean; priceDeltaPaise?: number },
  record?: (tx: Db) => Promise<void>,
): Promise<boolean> {
  if (!(await storeExists(db, storeId)) || !(await repo.productExists(db, productCode))) return false;
  await db.transaction(async (tx) => {
    await repo.upsertOverride(tx, storeId, productCode, change);
    await rebuildSnapshots(tx, [storeId]);
    await record?.(tx);
  });
  // after the commit: a copy cached in between would hold the old menu
  menus.invalidate(storeId);
  return true;
}
