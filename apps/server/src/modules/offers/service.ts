import type { Coupon, CouponRule, EdvDeal, Promotion } from '@crust/domain/cart-model';
import { isDeliveryType } from '@crust/domain/delivery-types';
import { paise } from '@crust/domain/money';
import { storesOfOffer, withinWindow } from '@crust/domain/offer-admin';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

export interface DealWithTerms {
  deal: EdvDeal;
  storeIds: readonly number[] | null;
  terms: readonly string[];
}

export interface CouponWithTerms {
  coupon: Coupon;
  terms: readonly string[];
}

interface Book {
  coupons: Map<string, CouponWithTerms>;
  deals: DealWithTerms[];
  loadedAt: number;
}

function toRule(raw: unknown): CouponRule {
  const r = raw as Record<string, unknown>;
  switch (r.kind) {
    case 'FLAT':
      return { kind: 'FLAT', amount: paise(Number(r.amount)) };
    case 'PERCENT':
      return {
        kind: 'PERCENT',
        percent: Number(r.percent),
        cap: r.cap === null || r.cap === undefined ? null : paise(Number(r.cap)),
      };
    case 'FREE_ITEM':
      return {
        kind: 'FREE_ITEM',
        productCodes: r.productCodes as string[],
        sizeIds: (r.sizeIds as number[] | null) ?? null,
      };
    case 'BOGO':
      return {
        kind: 'BOGO',
        productTypes: (r.productTypes as string[] | null) ?? null,
        sizeIds: (r.sizeIds as number[] | null) ?? null,
      };
    default:
      throw new Error(`unknown coupon rule ${String(r.kind)}`);
  }
}

/** Which city each store is in: a coupon or deal of cities applies at every store of them (the stores module's). */
export interface StoreCities {
  all(): Promise<readonly { id: number; cityId: string }[]>;
}

type StoreList = readonly { id: number; cityId: string }[];

const msOf = (d: Date | null) => (d === null ? null : d.getTime());

export function toCoupon(row: repo.CouponRow, stores: StoreList): Coupon {
  return {
    code: row.code,
    title: row.title,
    description: row.description,
    rule: toRule(row.rule),
    minOrderValue: paise(row.minOrderPaise),
    orderTypes: row.orderTypes ? row.orderTypes.filter(isDeliveryType) : null,
    storeIds: storesOfOffer(row.storeIds, row.cityIds, stores),
    days: row.days,
    hours: row.hoursFrom !== null && row.hoursTo !== null ? { from: row.hoursFrom, to: row.hoursTo } : null,
    firstOrderOnly: row.firstOrderOnly,
    perCustomerLimit: row.perCustomerLimit,
    totalLimit: row.totalLimit,
    paymentOptions: row.paymentOptions,
    cardIssuer:
      row.cardIssuer !== null && row.cardBins !== null ? { name: row.cardIssuer, bins: row.cardBins } : null,
    audience: row.audience === 'STAFF' ? 'STAFF' : 'ALL',
    hidden: row.hidden,
    ownerId: row.ownerId,
    validFrom: msOf(row.validFrom),
    validTo: msOf(row.validTo),
  };
}

export function toDeal(row: repo.DealRow): EdvDeal {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    description: row.description,
    groupSize: row.groupSize,
    prices: (row.prices as { sizeId: number; price: number }[]).map((p) => ({
      sizeId: p.sizeId,
      price: paise(p.price),
    })),
    productTypes: row.productTypes,
    crustIds: row.crustIds,
    productCodes: row.productCodes,
    validFrom: msOf(row.validFrom),
    validTo: msOf(row.validTo),
  };
}

/** Codes are typed by people: compare them without case or surrounding spaces. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

/**
 * Coupons and deals, read from the database and kept in memory for `ttlMs`: every cart read prices
 * against them, so they must not cost a query each time. A back-office change drops every process's copy at
 * once (`invalidate`, shared by caches/share.ts); the TTL only bounds a lost message.
 */
export class PromotionBook {
  private book: Book | undefined;
  private loading: Promise<Book> | undefined;
  /** bumped by every invalidate: a load begun before it must not be kept as current */
  private generation = 0;
  constructor(
    private readonly db: Db,
    private readonly stores: StoreCities,
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  private async current(): Promise<Book> {
    if (this.book && this.clock() - this.book.loadedAt < this.ttlMs) return this.book;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const load: Promise<Book> = (async () => {
      try {
        const [couponRows, dealRows, stores] = await Promise.all([
          repo.listActiveCoupons(this.db, new Date(this.clock())),
          repo.listActiveDeals(this.db),
          this.stores.all(),
        ]);
        const book: Book = {
          coupons: new Map(couponRows.map((r) => [r.code, { coupon: toCoupon(r, stores), terms: r.terms }])),
          deals: dealRows.map((r) => ({
            deal: toDeal(r),
            storeIds: storesOfOffer(r.storeIds, r.cityIds, stores),
            terms: r.terms,
          })),
          loadedAt: this.clock(),
        };
        // read before a change was told: answer with it, but keep nothing of it
        if (generation === this.generation) this.book = book;
        return book;
      } finally {
        if (generation === this.generation) this.loading = undefined;
      }
    })();
    this.loading = load;
    return load;
  }

  private live = (o: { validFrom: number | null; validTo: number | null }) =>
    withinWindow(o.validFrom, o.validTo, this.clock());

  async coupon(code: string): Promise<CouponWithTerms | undefined> {
    return (await this.current()).coupons.get(normaliseCode(code));
  }

  /** Deals of a store, whether or not inside their window now (an advance order is judged at its slot). */
  private async dealsAt(storeId: number): Promise<DealWithTerms[]> {
    return (await this.current()).deals.filter((d) => d.storeIds === null || d.storeIds.includes(storeId));
  }

  /** Deals offered at a store now. */
  async deals(storeId: number): Promise<DealWithTerms[]> {
    return (await this.dealsAt(storeId)).filter((d) => this.live(d.deal));
  }

  async deal(storeId: number, dealId: number): Promise<DealWithTerms | undefined> {
    return (await this.deals(storeId)).find((d) => d.deal.id === dealId);
  }

  /** Listed coupons valid at a store (hidden ones apply by code only). */
  async listedCoupons(storeId: number): Promise<Coupon[]> {
    return [...(await this.current()).coupons.values()]
      .map((c) => c.coupon)
      .filter((c) => !c.hidden && (c.storeIds === null || c.storeIds.includes(storeId)) && this.live(c));
  }

  /** A coupon or a deal of this store, by its code. */
  async promotion(storeId: number, code: string): Promise<Promotion | undefined> {
    const wanted = normaliseCode(code);
    const coupon = (await this.current()).coupons.get(wanted);
    if (coupon) return { kind: 'COUPON', coupon: coupon.coupon };
    const deal = (await this.dealsAt(storeId)).find((d) => d.deal.code === wanted);
    return deal ? { kind: 'EDV', deal: deal.deal } : undefined;
  }

  /** Everything a cart at this store may be offered: listed coupons and the store's deals. */
  async offerable(storeId: number): Promise<Promotion[]> {
    const coupons = (await this.listedCoupons(storeId)).map((coupon) => ({
      kind: 'COUPON' as const,
      coupon,
    }));
    const deals = (await this.deals(storeId)).map((d) => ({ kind: 'EDV' as const, deal: d.deal }));
    return [...coupons, ...deals];
  }

  /** Drops the copy: a coupon or deal was changed, published or retired (every process: caches/share.ts). */
  invalidate(): void {
    this.generation++;
    this.book = undefined;
    this.loading = undefined;
  }
}

export type UsageLookup = (code: string) => { byCustomer: number; total: number };

/**
 * Usage of coupons as the promotion rules ask for it. Totals across all customers come from a copy
 * refreshed every `ttlMs` (a cart only shows whether a code still applies; placing the order checks
 * the limit again inside its transaction). A customer's own usage is read fresh; a guest has none.
 */
export class CouponUsage {
  private totals: { byCode: Map<string, number>; at: number } | undefined;
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  private async totalsNow(): Promise<Map<string, number>> {
    if (!this.totals || this.clock() - this.totals.at >= this.ttlMs) {
      const rows = await repo.totalRedemptions(this.db);
      this.totals = { byCode: new Map(rows.map((r) => [r.code, r.total])), at: this.clock() };
    }
    return this.totals.byCode;
  }

  /** `cartId`: the cart being priced, whose own order's redemption does not count against it. */
  async lookup(
    customerId: string | null,
    promotions: readonly Promotion[],
    cartId: string,
  ): Promise<UsageLookup> {
    const limited = promotions.flatMap((p) =>
      p.kind === 'COUPON' && p.coupon.perCustomerLimit !== null ? [p.coupon.code] : [],
    );
    const [totals, own] = await Promise.all([
      this.totalsNow(),
      customerId === null ? [] : repo.customerRedemptions(this.db, customerId, [...new Set(limited)], cartId),
    ]);
    const mine = new Map(own.map((r) => [r.code, r.n]));
    return (code) => ({ byCustomer: mine.get(code) ?? 0, total: totals.get(code) ?? 0 });
  }

  clear(): void {
    this.totals = undefined;
  }
}

/**
 * What checkout checks again of a coupon inside its order's transaction (orders/coupon-use.ts): the coupon's
 * limits, and the customer's standing read under that transaction's locks.
 */
export const couponChecks = {
  limits: (tx: Db, code: string) => repo.couponLimits(tx, code),
  standing: (tx: Db, customerId: string, cartId: string) => repo.customerStanding(tx, customerId, cartId),
};

/**
 * A coupon only one customer may use (a spin-the-wheel prize), made in the caller's transaction: hidden (applied by
 * its code, never listed or suggested to anyone else), once, until `validTo`. The caller drops the promotion
 * book's copy once its transaction is committed (PromotionBook.invalidate), so the code works at once.
 */
export async function grantPersonalCoupon(
  tx: Db,
  g: {
    code: string;
    ownerId: string;
    title: string;
    description: string;
    rule: CouponRule;
    minOrderPaise: number;
    validFrom: Date;
    validTo: Date;
  },
): Promise<void> {
  await repo.insertPersonalCoupon(tx, {
    code: g.code,
    ownerId: g.ownerId,
    title: g.title,
    description: g.description,
    rule: g.rule,
    minOrderPaise: g.minOrderPaise,
    perCustomerLimit: 1,
    hidden: true,
    validFrom: g.validFrom,
    validTo: g.validTo,
    status: 'PUBLISHED',
    terms: [g.description],
  });
}

/**
 * A customer's standing as coupons ask for it (PromoContext previousOrders and isStaff): null for a guest,
 * whose history and place in the chain are not known. Read fresh, only when a coupon in play asks.
 */
export async function customerStanding(
  db: Db,
  customerId: string | null,
  cartId: string,
  promotions: readonly Promotion[],
): Promise<{ previousOrders: number | null; isStaff: boolean | null }> {
  if (customerId === null) return { previousOrders: null, isStaff: null };
  const asks = promotions.some(
    (p) => p.kind === 'COUPON' && (p.coupon.firstOrderOnly || p.coupon.audience === 'STAFF'),
  );
  if (!asks) return { previousOrders: 0, isStaff: false };
  const standing = await repo.customerStanding(db, customerId, cartId);
  return { previousOrders: standing?.hasOrdered ? 1 : 0, isStaff: standing?.isStaff ?? false };
}
