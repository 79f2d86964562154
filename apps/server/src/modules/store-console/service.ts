import type { ConsoleOrder, ConsoleQueue, ConsoleStore } from '@crust/contract/store-console';
import { reaches, type StaffReach } from '@crust/domain/staff-roles';
import { fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { EventStream } from '../../http/event-stream.ts';
import type { MenuCache } from '../menu/service.ts';
import type { StoreDirectory } from '../stores/service.ts';
import { storeTopic, type TrackingBus } from '../tracking/bus.ts';
import { checkStoreKey, storeKey } from '../tracking/keys.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import type { OrderQueries, OrderRow } from '../orders/queries.ts';
import { consoleOrderOf } from './order-view.ts';
import { CONSOLE_TEXTS } from '../staff/texts.ts';
import * as repo from './repo.ts';
import type { StaffCaller } from '../staff/directory.ts';
import type { AuditLog } from '../audit/log.ts';

export { CONSOLE_TEXTS };

const DAY_MS = 86_400_000;
/** India's midnight, for "today's finished orders" */
const IST_OFFSET_MS = 330 * 60_000;

export interface ConsoleDeps {
  db: Db;
  orders: OrderQueries;
  lifecycle: OrderLifecycle;
  bus: TrackingBus;
  stores: StoreDirectory;
  menus: MenuCache;
  audit: AuditLog;
  secret: string;
  clock?: () => number;
}

/** The store console's use cases; every one checks that the staff member's store is the one touched. */
export class StoreConsoleService {
  private readonly clock: () => number;
  constructor(private readonly d: ConsoleDeps) {
    this.clock = d.clock ?? Date.now;
  }

  async stores(claims: StaffCaller): Promise<ConsoleStore[]> {
    return this.storesOf(claims.reach);
  }

  /** The stores a login reaches (its session lists them). */
  async storesOf(reach: StaffReach): Promise<ConsoleStore[]> {
    return (await repo.listStores(this.d.db, reach)).map(storeOf);
  }

  async queue(claims: StaffCaller, storeId: number, view: 'active' | 'done'): Promise<ConsoleQueue> {
    const store = await this.store(claims, storeId);
    const now = this.clock();
    const midnight = new Date(Math.floor((now + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS);
    const [rows, bays] = await Promise.all([
      this.d.orders.storeQueue(storeId, view, midnight),
      this.baysOf(storeId),
    ]);
    const extras = await this.d.orders.extraPayments(rows.map((r) => r.order.id));
    const key = storeKey(this.d.secret, storeId, claims.exp);
    return {
      store,
      orders: rows.map((r) =>
        consoleOrderOf(
          r.order,
          { state: r.paymentState, method: r.method, extraPayments: extras.get(r.order.id) ?? [] },
          now,
          bayOf(bays, r.order),
        ),
      ),
      eventsUrl: `${fillPath(CONSOLE_PATHS.consoleQueueEvents, { storeId })}?key=${encodeURIComponent(key)}`,
    };
  }

  async move(
    claims: StaffCaller,
    orderId: string,
    to: OrderStage,
    riderName?: string,
    deliveryCode?: string,
  ): Promise<ConsoleOrder> {
    const order = await this.order(claims, orderId);
    return this.view(await this.d.lifecycle.move(claims.sub, order, to, riderName, deliveryCode));
  }

  async cancel(claims: StaffCaller, orderId: string, reason: string): Promise<ConsoleOrder> {
    const order = await this.order(claims, orderId);
    return this.view(await this.d.lifecycle.cancel(claims.sub, order, reason));
  }

  /** Offline, customers are offered the advance-order path (SPEC §8); the store list is re-read at once. */
  async setOnline(claims: StaffCaller, storeId: number, online: boolean): Promise<ConsoleStore> {
    const before = await this.store(claims, storeId);
    const row = await this.d.db.transaction(async (tx) => {
      const changed = await repo.setOnline(tx, storeId, online);
      if (changed && changed.online !== before.online)
        await this.d.audit.record(tx, claims, {
          action: 'store.online',
          entity: 'store',
          entityId: storeId,
          storeId,
          before: { online: before.online },
          after: { online: changed.online },
        });
      return changed;
    });
    if (!row) throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    this.d.stores.forget();
    return storeOf(row);
  }

  async products(claims: StaffCaller, storeId: number) {
    await this.store(claims, storeId);
    const [rows, categories] = await Promise.all([
      repo.storeProducts(this.d.db, storeId),
      repo.listCategories(this.d.db),
    ]);
    const category = new Map(categories.map((c) => [c.id, c]));
    return rows
      .filter((r) => r.available !== false)
      .map((r) => {
        const c = category.get(r.categoryIds[0] ?? -1);
        return {
          code: r.code,
          name: r.name,
          category: c?.name ?? 'Other',
          inStock: r.inStock !== false,
          order: c?.sortOrder ?? 999,
        };
      })
      .sort((a, b) => a.order - b.order)
      .map(({ order: _order, ...p }) => p);
  }

  async setStock(claims: StaffCaller, storeId: number, productCode: string, inStock: boolean): Promise<void> {
    await this.store(claims, storeId);
    const record = (tx: Db) =>
      this.d.audit.record(tx, claims, {
        action: 'product.stock',
        entity: 'product',
        entityId: productCode,
        storeId,
        before: null,
        after: { inStock },
      });
    if (!(await this.d.menus.changeProduct(storeId, productCode, { inStock }, record)))
      throw httpError(404, 'NOT_FOUND', 'No such product');
  }

  /** The queue's live stream: a "queue" event for every change in the store; the console then reads again. */
  watch(storeId: number, key: string | undefined, open: (onClose: () => void) => EventStream): void {
    if (!checkStoreKey(this.d.secret, storeId, key, Math.floor(this.clock() / 1000)))
      throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    let unsubscribe = () => {};
    const stream = open(() => unsubscribe());
    unsubscribe = this.d.bus.subscribe(storeTopic(storeId), (change) =>
      stream.send('queue', { orderId: change.orderId, stage: change.stage }),
    );
  }

  private async store(claims: StaffCaller, storeId: number): Promise<ConsoleStore> {
    if (!reaches(claims.reach, storeId)) throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    const [row] = await repo.listStores(this.d.db, claims.reach, storeId);
    if (!row) throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    return storeOf(row);
  }

  private async order(claims: StaffCaller, orderId: string): Promise<OrderRow> {
    const order = await this.d.orders.find(orderId);
    if (!order || !reaches(claims.reach, order.storeId))
      throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    return order;
  }

  private async view(order: OrderRow): Promise<ConsoleOrder> {
    const [payment, bays, extras] = await Promise.all([
      this.d.orders.payment(order.id),
      this.baysOf(order.storeId),
      this.d.orders.extraPayments([order.id]),
    ]);
    return consoleOrderOf(
      order,
      {
        state: payment?.state ?? null,
        method: payment?.method ?? null,
        extraPayments: extras.get(order.id) ?? [],
      },
      this.clock(),
      bayOf(bays, order),
    );
  }

  /** The store's curbside bays by id (from the cached store list), so a card names the bay the car waits in. */
  private async baysOf(storeId: number): Promise<ReadonlyMap<number, string>> {
    const store = await this.d.stores.byId(storeId);
    return new Map((store?.stations ?? []).map((b) => [b.stationId, b.name]));
  }
}

function bayOf(bays: ReadonlyMap<number, string>, order: OrderRow): string | null {
  return order.stationId === null ? null : (bays.get(order.stationId) ?? null);
}

function storeOf(row: {
  id: number;
  name: string;
  online: boolean;
  advanceOrderStoreId: number | null;
}): ConsoleStore {
  return { id: row.id, name: row.name, online: row.online, advanceOrderStoreId: row.advanceOrderStoreId };
}
