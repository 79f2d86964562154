import type {
  NewPricesBody,
  PriceChangeBody,
  PriceEntryView,
  PriceListQuery,
} from '@crust/contract/menu-admin';
import { NewPricesBodySchema, PriceChangeBodySchema, PriceListQuerySchema } from '@crust/contract/menu-admin';
import { reaches, type StaffReach, type StaffRole } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/errors.ts';
import { httpError } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import type { MenuPublishing } from './admin.ts';
import * as repo from './repo.ts';
import { CATALOGUE_TEXTS as T } from './texts.ts';

/** Who sets prices, as the price lists read them: the login, its role, cities and the stores it reaches. */
export type PriceSetter = AuditActor & { role: StaffRole; reach: StaffReach; cities: readonly string[] };

type Scope = { storeId: number | null; cityId: string | null };

const stale = () => httpError(409, 'STALE', T.stale);
const notFound = () => httpError(404, 'NOT_FOUND', T.noPrice);

/**
 * City and store price lists, and scheduled price changes (issue 30 §2; docs/back-office.md "Prices"). An entry
 * prices one variant for one store, one city's stores or (chain admin) the whole chain, at once or from a moment
 * on; a store's menu takes the most specific entry in force (packages/domain catalogue-admin `priceInForce`), and
 * the cart and the confirm price from that menu. Who may: the chain admin anywhere; a regional manager their
 * cities and their stores; a store manager their store, where the chain lets store managers set prices (the route
 * checks `prices`). One entry per variant, scope and start: a second is refused (400 on `body.startsAt`). Every
 * change rebuilds the menus of the stores it reaches, in its transaction, and drops their copies everywhere after.
 */
export class PriceLists {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly publishing: MenuPublishing,
    private readonly clock: () => number,
  ) {}

  async list(caller: PriceSetter, input: PriceListQuery): Promise<PriceEntryView[]> {
    const q = PriceListQuerySchema.parse(input);
    // a store or city outside the login's reach answers as one that does not exist, as every other price call does
    if (q.storeId !== undefined)
      await this.checkScope(caller, { storeId: q.storeId, cityId: null }, 'querystring');
    if (q.cityId !== undefined)
      await this.checkScope(caller, { storeId: null, cityId: q.cityId }, 'querystring');
    const reach =
      caller.reach === 'chain'
        ? ('chain' as const)
        : { stores: [...caller.reach], cities: await repo.citiesOfStores(this.db, caller.reach) };
    const rows = await repo.listPrices(this.db, {
      productCode: q.productCode,
      storeId: q.storeId,
      cityId: q.cityId,
      reach,
    });
    return rows.map(entryView);
  }

  async create(caller: PriceSetter, input: NewPricesBody): Promise<PriceEntryView[]> {
    const body = NewPricesBodySchema.parse(input);
    const scope: Scope =
      'storeId' in body.scope
        ? { storeId: body.scope.storeId, cityId: null }
        : 'cityId' in body.scope
          ? { storeId: null, cityId: body.scope.cityId }
          : { storeId: null, cityId: null };
    await this.checkScope(caller, scope, 'body.scope');
    const startsAt = body.startsAt ? new Date(body.startsAt) : null;
    this.checkStart(startsAt);
    for (const [i, e] of body.entries.entries())
      if ((e.regularPricePaise ?? e.pricePaise) < e.pricePaise)
        throw httpError(400, 'BAD_PRICE', T.regularBelowPrice, {
          field: `body.entries.${i}.regularPricePaise`,
        });
    return this.inStores(scope, async (tx) => {
      for (const [i, e] of body.entries.entries())
        if (!(await repo.variantByCode(tx, e.variantCode)))
          throw httpError(400, 'UNKNOWN_VARIANT', T.unknownVariant, {
            field: `body.entries.${i}.variantCode`,
          });
      const rows = await repo.insertPrices(
        tx,
        body.entries.map((e) => ({
          variantCode: e.variantCode,
          ...scope,
          pricePaise: e.pricePaise,
          regularPricePaise: e.regularPricePaise ?? e.pricePaise,
          startsAt,
          createdBy: caller.sub,
        })),
      );
      const views = await Promise.all(rows.map(async (r) => entryView((await repo.priceById(tx, r.id))!)));
      for (const v of views) await this.log(tx, caller, 'price.create', v, null, v);
      return views;
    });
  }

  /** A change and the menus of the stores it reaches: rebuilt in its transaction, dropped everywhere after. */
  private async inStores<R>(scope: Scope, work: (tx: Db) => Promise<R>): Promise<R> {
    let stores: number[] = [];
    const result = await this.db
      .transaction(async (tx) => {
        const r = await work(tx);
        stores = await repo.storesOfScope(tx, scope);
        await this.publishing.rebuild(tx, stores);
        return r;
      })
      .catch((err: unknown) => {
        if (uniqueViolationOf(err) === 'variant_prices_slot_uq')
          throw httpError(400, 'SLOT_TAKEN', T.slotTaken, { field: 'body.startsAt' });
        throw err;
      });
    this.publishing.drop(stores);
    return result;
  }

  async remove(caller: PriceSetter, id: number, version: number): Promise<PriceEntryView> {
    const found = await repo.priceById(this.db, id);
    if (!found) throw notFound();
    const scope = { storeId: found.price.storeId, cityId: found.price.cityId };
    await this.checkScope(caller, scope, null);
    return this.inStores(scope, async (tx) => {
      const before = await repo.priceById(tx, id);
      const row = await repo.deletePrice(tx, id, version);
      if (!row || !before) throw stale();
      const view = entryView(before);
      await this.log(tx, caller, 'price.remove', view, view, null);
      return view;
    });
  }

  async change(caller: PriceSetter, id: number, input: PriceChangeBody): Promise<PriceEntryView> {
    const body = PriceChangeBodySchema.parse(input);
    const found = await repo.priceById(this.db, id);
    if (!found) throw notFound();
    const scope = { storeId: found.price.storeId, cityId: found.price.cityId };
    await this.checkScope(caller, scope, null);
    const startsAt =
      body.startsAt === undefined
        ? found.price.startsAt
        : body.startsAt === null
          ? null
          : new Date(body.startsAt);
    if (body.startsAt) this.checkStart(startsAt);
    const price = body.pricePaise ?? found.price.pricePaise;
    const regular =
      body.regularPricePaise ??
      (body.pricePaise !== undefined && found.price.regularPricePaise === found.price.pricePaise
        ? price
        : found.price.regularPricePaise);
    if (regular < price)
      throw httpError(400, 'BAD_PRICE', T.regularBelowPrice, { field: 'body.regularPricePaise' });
    return this.inStores(scope, async (tx) => {
      const before = await repo.priceById(tx, id);
      const row = await repo.updatePrice(tx, id, body.version, {
        pricePaise: price,
        regularPricePaise: regular,
        startsAt,
      });
      if (!row || !before) throw stale();
      const after = entryView((await repo.priceById(tx, id))!);
      await this.log(tx, caller, 'price.change', after, entryView(before), after);
      return after;
    });
  }

  /** A store the caller reaches, a city of theirs, or the chain for the chain admin; the same 404 otherwise. */
  private async checkScope(caller: PriceSetter, scope: Scope, field: string | null): Promise<void> {
    const where = (sub: string) => (field ? { field: `${field}.${sub}` } : {});
    if (scope.storeId !== null) {
      if (!reaches(caller.reach, scope.storeId) || !(await repo.storeCity(this.db, scope.storeId)))
        throw httpError(404, 'NOT_FOUND', T.unknownStore, where('storeId'));
      return;
    }
    if (scope.cityId !== null) {
      const mine =
        caller.reach === 'chain' || (caller.role === 'REGIONAL' && caller.cities.includes(scope.cityId));
      if (!mine || !(await repo.cityExists(this.db, scope.cityId)))
        throw httpError(404, 'NOT_FOUND', T.unknownCity, where('cityId'));
      return;
    }
    if (caller.reach !== 'chain') throw httpError(403, 'ADMIN_ONLY', T.chainPricesAdminOnly);
  }

  private checkStart(startsAt: Date | null): void {
    if (startsAt !== null && startsAt.getTime() <= this.clock())
      throw httpError(400, 'STARTS_IN_PAST', T.startsInPast, { field: 'body.startsAt' });
  }

  private log(
    tx: Db,
    actor: AuditActor,
    action: string,
    entry: PriceEntryView,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return this.audit.record(tx, actor, {
      action,
      entity: 'price',
      entityId: entry.id,
      storeId: entry.storeId,
      before,
      after,
    });
  }
}

function entryView(r: { price: repo.PriceRow; productCode: string }): PriceEntryView {
  const p = r.price;
  return {
    id: p.id,
    variantCode: p.variantCode,
    productCode: r.productCode,
    storeId: p.storeId,
    cityId: p.cityId,
    pricePaise: p.pricePaise,
    regularPricePaise: p.regularPricePaise,
    startsAt: p.startsAt ? p.startsAt.toISOString() : null,
    version: p.version,
  };
}

/**
 * What the chain lets its store managers do (domain staff-roles `ChainRules`): set their own store's prices or
 * not. The chain admin's switch; every staff call reads it (modules/staff/directory.ts), so it holds at once.
 */
export class ChainRulesService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  read(): Promise<{ storePrices: boolean; version: number }> {
    return repo.chainRules(this.db);
  }

  async change(actor: AuditActor, body: { version: number; storePrices: boolean }) {
    return this.db.transaction(async (tx) => {
      const before = await repo.chainRules(tx);
      if (!(await repo.saveChainRules(tx, body.version, body.storePrices))) throw stale();
      const after = await repo.chainRules(tx);
      await this.audit.record(tx, actor, {
        action: 'chain.rules',
        entity: 'chain',
        entityId: 'rules',
        storeId: null,
        before,
        after,
      });
      return after;
    });
  }
}
