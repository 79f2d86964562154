import type { Cart } from '@crust/contract/cart';
import type {
  AdminCoupon,
  AdminDeal,
  AdminOffers,
  CouponChangeBody,
  CouponDraftBody,
  DealChangeBody,
  DealDraftBody,
  OfferPreview,
  OfferPreviewBody,
  OfferStatusBody,
  PreviewLine,
} from '@crust/contract/offers-admin';
import {
  CouponChangeBodySchema,
  CouponDraftSchema,
  DealChangeBodySchema,
  DealDraftSchema,
  OfferPreviewBodySchema,
  OfferStatusBodySchema,
} from '@crust/contract/offers-admin';
import type { Promotion } from '@crust/domain/cart-model';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { formatClock, parseHHMM } from '@crust/domain/hours';
import {
  couponProblems,
  dealProblems,
  mayMoveOffer,
  type CouponDraft,
  type DealDraft,
  type OfferProblem,
  type OfferStatus,
  type OfferWorld,
} from '@crust/domain/offer-admin';
import { PAYMENT_TYPES } from '@crust/domain/payment-types';
import { promoPaymentRefusal } from '@crust/domain/promo-payment';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError, type Result } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import * as repo from './repo.ts';
import { toCoupon, toDeal } from './service.ts';

export const OFFER_ADMIN_TEXTS = {
  stale: 'Changed by someone else. Reload to see the latest, then make your change again.',
  noCoupon: 'No such coupon.',
  noDeal: 'No such deal.',
  codeTaken: 'Another coupon or deal already has this code (retired ones keep theirs).',
  retired: 'A retired offer cannot be changed. Make a new one instead.',
  noSuchMove: (from: string, to: string) =>
    `A ${from.toLowerCase()} offer cannot become ${to.toLowerCase()}.`,
  unknownStore: 'There is no such store.',
  unknownMethod: 'There is no such way to pay.',
} as const;
const T = OFFER_ADMIN_TEXTS;

/** What the chain is made of, as offers name it: the stores and cities, and the menu's sizes, crusts and products. */
export interface OfferCatalogue {
  stores(): Promise<readonly { id: number; name: string; cityId: string }[]>;
  cities(): Promise<readonly { id: string; name: string }[]>;
  menu(): Promise<{
    sizes: readonly { id: number; code: string; name: string }[];
    crusts: readonly { id: number; name: string }[];
    /** products still sold or soon to be (not retired) */
    products: readonly {
      code: string;
      name: string;
      productType: string;
      variants: readonly { crustId: number; sizeId: number }[];
    }[];
  }>;
}

/** The cart module's face: a sample cart priced with a promotion, exactly as a customer's cart call would. */
export interface CartPreview {
  preview(input: {
    storeId: number;
    deliveryType: DeliveryType;
    lines: readonly PreviewLine[];
    promotion: Promotion;
    orderTimeMs: number;
    standing: { previousOrders: number; isStaff: boolean };
  }): Promise<Result<{ cart: Cart; refusal: string | null }>>;
}

/** What a change drops once committed: every process's coupons and deals (caches/share.ts). */
export interface OfferCaches {
  dropOffers(): void;
}

const PAYMENT_NAMES: Record<(typeof PAYMENT_TYPES)[number], string> = {
  CC: 'Credit card',
  DC: 'Debit card',
  NB: 'Net banking',
  MB: 'Mobile banking',
  UPI_WALLET: 'UPI',
  AMZPAY_WALLET: 'Amazon Pay',
  PAYTM_WALLET: 'Paytm',
  WALLET: 'Mobile wallet',
  CASH: 'Cash',
  EVOUCHER: 'E-voucher',
  CASHCRD: 'Gift card',
  PIGGYBANK: 'Crust wallet',
};

const stale = () => httpError(409, 'STALE', T.stale);
const fieldsRefused = (problems: readonly OfferProblem[], prefix: string) =>
  new HttpError(
    400,
    problems.map((p) => ({ code: 'BAD_OFFER', displayMsg: p.message, field: `${prefix}${p.field}` })),
  );
const msOf = (iso: string | null) => (iso === null ? null : Date.parse(iso));
const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));
const isoOf = (d: Date | null) => (d === null ? null : d.toISOString());
const clockOf = (min: number | null) => (min === null ? null : formatClock(min));

type CouponFields = Omit<CouponDraftBody, 'code'>;

function couponDraftOf(code: string, b: CouponFields): CouponDraft {
  return {
    ...b,
    code,
    hoursFrom: b.hoursFrom === null ? null : parseHHMM(b.hoursFrom),
    hoursTo: b.hoursTo === null ? null : parseHHMM(b.hoursTo),
    validFrom: msOf(b.validFrom),
    validTo: msOf(b.validTo),
  };
}

function dealDraftOf(b: DealDraftBody): DealDraft {
  return { ...b, validFrom: msOf(b.validFrom), validTo: msOf(b.validTo) };
}

/** A coupon's columns from what the admin wrote (a blank bank is none). */
function couponColumns(b: CouponFields) {
  const bank = b.cardIssuer?.trim() ?? '';
  return {
    title: b.title.trim(),
    description: b.description,
    rule: b.rule,
    minOrderPaise: b.minOrderPaise,
    orderTypes: b.orderTypes,
    storeIds: b.storeIds,
    cityIds: b.cityIds,
    days: b.days,
    hoursFrom: b.hoursFrom === null ? null : parseHHMM(b.hoursFrom),
    hoursTo: b.hoursTo === null ? null : parseHHMM(b.hoursTo),
    firstOrderOnly: b.firstOrderOnly,
    perCustomerLimit: b.perCustomerLimit,
    totalLimit: b.totalLimit,
    paymentOptions: b.paymentOptions,
    cardIssuer: bank.length > 0 ? bank : null,
    cardBins: b.cardBins !== null && b.cardBins.length > 0 ? b.cardBins : null,
    audience: b.audience,
    hidden: b.hidden,
    validFrom: dateOf(b.validFrom),
    validTo: dateOf(b.validTo),
    terms: b.terms,
  };
}

function dealColumns(b: DealDraftBody) {
  return {
    code: b.code,
    title: b.title.trim(),
    description: b.description,
    groupSize: b.groupSize,
    prices: b.prices,
    productTypes: b.productTypes,
    crustIds: b.crustIds,
    productCodes: b.productCodes,
    storeIds: b.storeIds,
    cityIds: b.cityIds,
    validFrom: dateOf(b.validFrom),
    validTo: dateOf(b.validTo),
    terms: b.terms,
  };
}

function couponView(r: repo.CouponRow, uses: number): AdminCoupon {
  return {
    code: r.code,
    title: r.title,
    description: r.description,
    rule: r.rule as AdminCoupon['rule'],
    minOrderPaise: r.minOrderPaise,
    orderTypes: r.orderTypes,
    storeIds: r.storeIds,
    cityIds: r.cityIds,
    days: r.days,
    hoursFrom: clockOf(r.hoursFrom),
    hoursTo: clockOf(r.hoursTo),
    firstOrderOnly: r.firstOrderOnly,
    perCustomerLimit: r.perCustomerLimit,
    totalLimit: r.totalLimit,
    paymentOptions: r.paymentOptions,
    cardIssuer: r.cardIssuer,
    cardBins: r.cardBins,
    audience: r.audience === 'STAFF' ? 'STAFF' : 'ALL',
    hidden: r.hidden,
    validFrom: isoOf(r.validFrom),
    validTo: isoOf(r.validTo),
    terms: r.terms,
    status: r.status,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    uses,
  };
}

function dealView(r: repo.DealRow): AdminDeal {
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    description: r.description,
    groupSize: r.groupSize,
    prices: r.prices as AdminDeal['prices'],
    productTypes: r.productTypes,
    crustIds: r.crustIds,
    productCodes: r.productCodes,
    storeIds: r.storeIds,
    cityIds: r.cityIds,
    validFrom: isoOf(r.validFrom),
    validTo: isoOf(r.validTo),
    terms: r.terms,
    status: r.status,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    uses: null,
  };
}

/** A coupon row as it would be saved, for pricing a draft that is not (the preview). */
function unsavedCoupon(code: string, b: CouponFields): repo.CouponRow {
  return {
    ...couponColumns(b),
    code,
    ownerId: null,
    status: 'DRAFT',
    sortOrder: 0,
    version: 1,
    updatedAt: new Date(0),
  };
}

function unsavedDeal(b: DealDraftBody): repo.DealRow {
  return { ...dealColumns(b), id: 0, status: 'DRAFT', sortOrder: 0, version: 1, updatedAt: new Date(0) };
}

/**
 * The chain's coupons and everyday-value deals in the back office (issue 30 §3), the chain admin's. Made as
 * drafts (never applied), changed (a retired one no longer), previewed on a sample cart, published and retired
 * (kept: orders and redemptions name it; its code stays taken). Every save names the version it was made on
 * (409 STALE otherwise), is checked field by field (`offerProblems`), and is one transaction with its audit entry;
 * after the commit every process drops its copy of the offers, so customers see the change at once.
 */
export class OfferAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly catalogue: OfferCatalogue,
    private readonly carts: CartPreview,
    private readonly caches: OfferCaches,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(): Promise<AdminOffers> {
    const [coupons, deals, uses, stores, cities, menu] = await Promise.all([
      repo.allCoupons(this.db),
      repo.allDeals(this.db),
      repo.totalRedemptions(this.db),
      this.catalogue.stores(),
      this.catalogue.cities(),
      this.catalogue.menu(),
    ]);
    const usesOf = new Map(uses.map((u) => [u.code, u.total]));
    return {
      coupons: coupons.map((c) => couponView(c, usesOf.get(c.code) ?? 0)),
      deals: deals.map(dealView),
      stores: stores.map((s) => ({ id: s.id, name: s.name, cityId: s.cityId })),
      cities: cities.map((c) => ({ id: c.id, name: c.name })),
      sizes: [...menu.sizes],
      crusts: [...menu.crusts],
      products: menu.products.map((p) => ({ ...p, variants: [...p.variants] })),
      paymentOptions: PAYMENT_TYPES.map((code) => ({ code, name: PAYMENT_NAMES[code] })),
    };
  }

  private async world(): Promise<OfferWorld> {
    const [stores, cities, menu] = await Promise.all([
      this.catalogue.stores(),
      this.catalogue.cities(),
      this.catalogue.menu(),
    ]);
    return {
      storeIds: new Set(stores.map((s) => s.id)),
      cityIds: new Set(cities.map((c) => c.id)),
      sizeIds: new Set(menu.sizes.map((s) => s.id)),
      crustIds: new Set(menu.crusts.map((c) => c.id)),
      productCodes: new Set(menu.products.map((p) => p.code)),
      productTypes: new Set(menu.products.map((p) => p.productType)),
    };
  }

  private async usesOf(db: Db, code: string): Promise<number> {
    const rows = await repo.totalRedemptions(db);
    return rows.find((r) => r.code === code)?.total ?? 0;
  }

  private async check(problems: OfferProblem[]): Promise<void> {
    if (problems.length > 0) throw fieldsRefused(problems, 'body.');
  }

  /** Runs a change in one transaction, then drops every process's copy of the offers. */
  private async change<R>(work: (tx: Db) => Promise<R>): Promise<R> {
    const result = await this.db.transaction(work);
    this.caches.dropOffers();
    return result;
  }

  // ---- coupons

  async createCoupon(actor: AuditActor, input: CouponDraftBody): Promise<AdminCoupon> {
    const body = CouponDraftSchema.parse(input);
    const code = body.code.trim().toUpperCase();
    await this.check(couponProblems(couponDraftOf(code, body), await this.world()));
    return this.change(async (tx) => {
      await repo.lockCodes(tx);
      if (await repo.codeTaken(tx, code))
        throw httpError(400, 'CODE_TAKEN', T.codeTaken, { field: 'body.code' });
      const row = await repo.insertCoupon(tx, { ...couponColumns(body), code, status: 'DRAFT' });
      const view = couponView(row, 0);
      await this.log(tx, actor, 'coupon.create', 'coupon', code, null, view);
      return view;
    });
  }

  async changeCoupon(actor: AuditActor, code: string, input: CouponChangeBody): Promise<AdminCoupon> {
    const { version, ...fields } = CouponChangeBodySchema.parse(input);
    await this.check(couponProblems(couponDraftOf(code, fields), await this.world()));
    return this.change(async (tx) => {
      const before = await repo.couponByCode(tx, code);
      if (!before) throw httpError(404, 'NOT_FOUND', T.noCoupon);
      if (before.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      const row = await repo.updateCoupon(tx, code, version, couponColumns(fields));
      if (!row) throw stale();
      const uses = await this.usesOf(tx, code);
      const view = couponView(row, uses);
      await this.log(tx, actor, 'coupon.change', 'coupon', code, couponView(before, uses), view);
      return view;
    });
  }

  async moveCoupon(actor: AuditActor, code: string, input: OfferStatusBody): Promise<AdminCoupon> {
    const body = OfferStatusBodySchema.parse(input);
    const world = await this.world();
    return this.change(async (tx) => {
      const before = await repo.couponByCode(tx, code);
      if (!before) throw httpError(404, 'NOT_FOUND', T.noCoupon);
      this.checkMove(before.status, body.status);
      if (body.status === 'PUBLISHED') {
        const view = couponView(before, 0);
        await this.check(couponProblems(couponDraftOf(code, view), world));
      }
      const row = await repo.updateCoupon(tx, code, body.version, { status: body.status });
      if (!row) throw stale();
      const uses = await this.usesOf(tx, code);
      const view = couponView(row, uses);
      await this.log(
        tx,
        actor,
        actionOf('coupon', body.status),
        'coupon',
        code,
        couponView(before, uses),
        view,
      );
      return view;
    });
  }

  // ---- deals

  async createDeal(actor: AuditActor, input: DealDraftBody): Promise<AdminDeal> {
    const body = DealDraftSchema.parse(input);
    const draft = { ...body, code: body.code.trim().toUpperCase() };
    await this.check(dealProblems(dealDraftOf(draft), await this.world()));
    return this.change(async (tx) => {
      await repo.lockCodes(tx);
      if (await repo.codeTaken(tx, draft.code))
        throw httpError(400, 'CODE_TAKEN', T.codeTaken, { field: 'body.code' });
      const id = await repo.nextDealId(tx);
      const row = await repo.insertDeal(tx, { ...dealColumns(draft), id, status: 'DRAFT', sortOrder: id });
      const view = dealView(row);
      await this.log(tx, actor, 'deal.create', 'deal', id, null, view);
      return view;
    });
  }

  async changeDeal(actor: AuditActor, id: number, input: DealChangeBody): Promise<AdminDeal> {
    const { version, ...fields } = DealChangeBodySchema.parse(input);
    const draft = { ...fields, code: fields.code.trim().toUpperCase() };
    await this.check(dealProblems(dealDraftOf(draft), await this.world()));
    return this.change(async (tx) => {
      const before = await repo.dealById(tx, id);
      if (!before) throw httpError(404, 'NOT_FOUND', T.noDeal);
      if (before.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      if (draft.code !== before.code) {
        await repo.lockCodes(tx);
        if (await repo.codeTaken(tx, draft.code, id))
          throw httpError(400, 'CODE_TAKEN', T.codeTaken, { field: 'body.code' });
      }
      const row = await repo.updateDeal(tx, id, version, dealColumns(draft));
      if (!row) throw stale();
      const view = dealView(row);
      await this.log(tx, actor, 'deal.change', 'deal', id, dealView(before), view);
      return view;
    });
  }

  async moveDeal(actor: AuditActor, id: number, input: OfferStatusBody): Promise<AdminDeal> {
    const body = OfferStatusBodySchema.parse(input);
    const world = await this.world();
    return this.change(async (tx) => {
      const before = await repo.dealById(tx, id);
      if (!before) throw httpError(404, 'NOT_FOUND', T.noDeal);
      this.checkMove(before.status, body.status);
      if (body.status === 'PUBLISHED') await this.check(dealProblems(dealDraftOf(dealView(before)), world));
      const row = await repo.updateDeal(tx, id, body.version, { status: body.status });
      if (!row) throw stale();
      const view = dealView(row);
      await this.log(tx, actor, actionOf('deal', body.status), 'deal', id, dealView(before), view);
      return view;
    });
  }

  // ---- preview

  /**
   * A sample cart priced with an offer as written (saved or not), exactly as the customer's cart would price it
   * (the cart module's own pricing): the discount, or the sentence the customer would read; and what the confirm
   * would say of the chosen way to pay.
   */
  async preview(input: OfferPreviewBody): Promise<OfferPreview> {
    const { offer, cart } = OfferPreviewBodySchema.parse(input);
    const [world, stores] = await Promise.all([this.world(), this.catalogue.stores()]);
    if (!world.storeIds.has(cart.storeId))
      throw httpError(400, 'UNKNOWN_STORE', T.unknownStore, { field: 'body.cart.storeId' });
    if (cart.paymentMethod !== null && !(PAYMENT_TYPES as readonly string[]).includes(cart.paymentMethod))
      throw httpError(400, 'UNKNOWN_METHOD', T.unknownMethod, { field: 'body.cart.paymentMethod' });
    let promotion: Promotion;
    if (offer.kind === 'COUPON') {
      const code = offer.coupon.code.trim().toUpperCase();
      const problems = couponProblems(couponDraftOf(code, offer.coupon), world);
      if (problems.length > 0) throw fieldsRefused(problems, 'body.offer.coupon.');
      promotion = { kind: 'COUPON', coupon: toCoupon(unsavedCoupon(code, offer.coupon), stores) };
    } else {
      const draft = { ...offer.deal, code: offer.deal.code.trim().toUpperCase() };
      const problems = dealProblems(dealDraftOf(draft), world);
      if (problems.length > 0) throw fieldsRefused(problems, 'body.offer.deal.');
      promotion = { kind: 'EDV', deal: toDeal(unsavedDeal(draft)) };
    }
    const priced = await this.carts.preview({
      storeId: cart.storeId,
      deliveryType: cart.deliveryType,
      lines: cart.lines,
      promotion,
      orderTimeMs: cart.at ? Date.parse(cart.at) : this.clock(),
      standing: { previousOrders: cart.firstOrder ? 0 : 1, isStaff: cart.staff },
    });
    if (!priced.ok) throw new HttpError(400, priced.errors);
    const { cart: view, refusal } = priced.data;
    const condition = view.explicitPromo;
    const paymentRefusal =
      condition && cart.paymentMethod !== null
        ? promoPaymentRefusal(
            {
              promoCode: condition.promoCode,
              paymentOptions: condition.paymentOptions,
              cardIssuer: condition.cardIssuer
                ? { name: condition.cardIssuer, bins: condition.cardBins }
                : null,
            },
            {
              primary: cart.paymentMethod as (typeof PAYMENT_TYPES)[number],
              wallet: false,
              cardInitialDigits: cart.cardInitialDigits,
            },
          )
        : null;
    return { applies: view.appliedPromo !== null, refusal, paymentRefusal, cart: view };
  }

  private checkMove(from: OfferStatus, to: OfferStatus): void {
    if (from === to) return;
    if (!mayMoveOffer(from, to))
      throw httpError(409, 'NO_SUCH_MOVE', T.noSuchMove(from, to), { field: 'body.status' });
  }

  private async log(
    tx: Db,
    actor: AuditActor,
    action: string,
    entity: string,
    entityId: string | number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await this.audit.record(tx, actor, { action, entity, entityId, storeId: null, before, after });
  }
}

function actionOf(entity: 'coupon' | 'deal', status: 'PUBLISHED' | 'RETIRED'): string {
  switch (status) {
    case 'PUBLISHED':
      return `${entity}.publish`;
    case 'RETIRED':
      return `${entity}.retire`;
  }
}
