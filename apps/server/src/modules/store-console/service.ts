import type { ConsoleOrder, ConsoleQueue, ConsoleStore, StaffSession } from '@crust/contract/store-console';
import { fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import type { OrderStage } from '@crust/domain/order-lifecycle';
import type { Db } from '../../db/client.ts';
import { httpError, tooMany } from '../../http/errors.ts';
import { giveBack, takeSlots } from '../../http/limits.ts';
import type { EventStream } from '../../http/event-stream.ts';
import { staffPasswordAttempts } from '../auth/limits.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../crypto/passwords.ts';
import type { MenuCache } from '../menu/service.ts';
import type { StoreDirectory } from '../stores/service.ts';
import { storeTopic, type TrackingBus } from '../tracking/bus.ts';
import { checkStoreKey, storeKey } from '../tracking/keys.ts';
import type { OrderLifecycle } from '../orders/lifecycle.ts';
import type { OrderQueries, OrderRow } from '../orders/queries.ts';
import { consoleOrderOf } from './order-view.ts';
import { CONSOLE_TEXTS } from './texts.ts';
import * as repo from './repo.ts';
import { signStaffToken, STAFF_SESSION_SECONDS, type StaffClaims } from './staff-token.ts';

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
  secret: string;
  clock?: () => number;
}

/** The store console's use cases; every one checks that the staff member's store is the one touched. */
export class StoreConsoleService {
  private readonly clock: () => number;
  constructor(private readonly d: ConsoleDeps) {
    this.clock = d.clock ?? Date.now;
  }

  async login(username: string, password: string, clientAddress: string): Promise<StaffSession> {
    const name = username.toLowerCase();
    const attempt = await this.takeAttempt(name, clientAddress);
    const member = await repo.findStaff(this.d.db, name);
    // an unknown username costs the same time as a wrong password
    if (!member) await burnPasswordCheck(password);
    if (!member || !(await verifyPassword(password, member.passwordHash)))
      throw httpError(401, 'INVALID_CREDENTIALS', CONSOLE_TEXTS.badLogin);
    await giveBack(this.d.db, attempt.slots);
    return this.session(member);
  }

  /**
   * A staff member replaces their password, proving the current one (the one-time password of staff:admin,
   * or their own). Checked under the same attempts as the login; answers a session without the change flag.
   */
  async changePassword(
    claims: StaffClaims,
    current: string,
    next: string,
    clientAddress: string,
  ): Promise<StaffSession> {
    const member = await repo.findStaffById(this.d.db, claims.sub);
    if (!member) throw httpError(401, 'STAFF_UNAUTHORIZED', CONSOLE_TEXTS.ended);
    const attempt = await this.takeAttempt(member.username, clientAddress);
    if (!(await verifyPassword(current, member.passwordHash)))
      throw httpError(400, 'WRONG_PASSWORD', CONSOLE_TEXTS.wrongCurrent, { field: 'body.currentPassword' });
    await giveBack(this.d.db, attempt.slots);
    if (next === current)
      throw httpError(400, 'SAME_PASSWORD', CONSOLE_TEXTS.samePassword, { field: 'body.newPassword' });
    await repo.setStaffPassword(this.d.db, member.id, await hashPassword(next), false);
    return this.session({ ...member, mustChangePassword: false });
  }

  /**
   * One of the login's 5 checks per 15 minutes from this address, and of its 50 from all addresses, taken before
   * the hash is checked (docs/security.md "Limits"): a stranger's wrong passwords do not keep the store's tablet out.
   */
  private async takeAttempt(username: string, clientAddress: string) {
    const attempt = await takeSlots(
      this.d.db,
      staffPasswordAttempts(username, clientAddress),
      new Date(this.clock()),
    );
    if (!attempt.ok) throw tooMany('STAFF_LOGIN_LOCKED', CONSOLE_TEXTS.locked, attempt.retryAfterSec);
    return attempt;
  }

  private async session(member: repo.StaffRow): Promise<StaffSession> {
    const role = member.role === 'ADMIN' ? 'ADMIN' : 'STORE';
    const exp = Math.floor(this.clock() / 1000) + STAFF_SESSION_SECONDS;
    const claims: StaffClaims = { sub: member.id, store: member.storeId, role, exp, aud: 'crust-store' };
    if (member.mustChangePassword) claims.pwc = true;
    return {
      token: signStaffToken(claims, this.d.secret),
      expiresAt: new Date(exp * 1000).toISOString(),
      staff: { id: member.id, name: member.name, role, storeId: member.storeId },
      mustChangePassword: member.mustChangePassword,
      // nothing of the stores until the one-time password is replaced
      stores: member.mustChangePassword ? [] : await this.stores(claims),
    };
  }

  async stores(claims: StaffClaims): Promise<ConsoleStore[]> {
    return (await repo.listStores(this.d.db, claims.store)).map(storeOf);
  }

  async queue(claims: StaffClaims, storeId: number, view: 'active' | 'done'): Promise<ConsoleQueue> {
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
    claims: StaffClaims,
    orderId: string,
    to: OrderStage,
    riderName?: string,
    deliveryCode?: string,
  ): Promise<ConsoleOrder> {
    const order = await this.order(claims, orderId);
    return this.view(await this.d.lifecycle.move(claims.sub, order, to, riderName, deliveryCode));
  }

  async cancel(claims: StaffClaims, orderId: string, reason: string): Promise<ConsoleOrder> {
    const order = await this.order(claims, orderId);
    return this.view(await this.d.lifecycle.cancel(claims.sub, order, reason));
  }

  /** Offline, customers are offered the advance-order path (SPEC §8); the store list is re-read at once. */
  async setOnline(claims: StaffClaims, storeId: number, online: boolean): Promise<ConsoleStore> {
    await this.store(claims, storeId);
    const row = await repo.setOnline(this.d.db, storeId, online);
    if (!row) throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    this.d.stores.forget();
    return storeOf(row);
  }

  async products(claims: StaffClaims, storeId: number) {
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

  async setStock(claims: StaffClaims, storeId: number, productCode: string, inStock: boolean): Promise<void> {
    await this.store(claims, storeId);
    if (!(await this.d.menus.changeProduct(storeId, productCode, { inStock })))
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

  private async store(claims: StaffClaims, storeId: number): Promise<ConsoleStore> {
    if (claims.store !== null && claims.store !== storeId)
      throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    const [row] = await repo.listStores(this.d.db, storeId);
    if (!row) throw httpError(404, 'NOT_FOUND', CONSOLE_TEXTS.notYours);
    return storeOf(row);
  }

  private async order(claims: StaffClaims, orderId: string): Promise<OrderRow> {
    const order = await this.d.orders.find(orderId);
    if (!order || (claims.store !== null && claims.store !== order.storeId))
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
