import { randomId } from '../../crypto/random-hex.ts';
import type { ApiError } from '@crust/contract/common';
import type {
  Cart,
  CartItemInput,
  CreateCartBody,
  UpdateCartBody,
  UpdateCartItemBody,
} from '@crust/contract/cart';
import type { CartOffer } from '@crust/contract/offers';
import { rankOffers } from '@crust/domain/best-deal';
import {
  addLine,
  checkCartLimits,
  mergeLines,
  normaliseLineInput,
  priceLineInput,
  priceLines,
  repriceLines,
} from '@crust/domain/cart-lines';
import type { CartLine, CartLineInput, PromoContext, Promotion } from '@crust/domain/cart-model';
import { isDeliveryType, type DeliveryType } from '@crust/domain/delivery-types';
import { canRedeem, freeItemsIn, LOYALTY_MESSAGES, type PointsBalance } from '@crust/domain/loyalty';
import { MESSAGES } from '@crust/domain/messages';
import { addPaise, paise, type Paise } from '@crust/domain/money';
import { couponNotFound } from '@crust/domain/promo-messages';
import { evaluatePromotion } from '@crust/domain/promotions';
import { upsellSuggestions } from '@crust/domain/upsell';
import type { Db } from '../../db/client.ts';
import { HttpError, httpError, type Result } from '../../http/errors.ts';
import { customerStanding, normaliseCode, type CouponUsage, type PromotionBook } from '../offers/service.ts';
import type { CartCatalogue, CartCatalogues } from './catalogue.ts';
import { isCustomerId } from '../../http/session-tokens.ts';
import { CHARGE_RULES } from './charges.ts';
import * as repo from './repo.ts';
import { CART_TEXTS } from './texts.ts';
import { TurnTimeout, Turns } from './turns.ts';
import { cartView, priceCart, savingCondition, type CartState, type ViewEnv } from './view.ts';

export type CartResult = Result<Cart>;

/** What an operation decides: new values for the cart, or a refusal (optionally clearing the coupon). */
type Refusal = { refuse: ApiError[]; clearPromo?: boolean };
type Decision = { next: Partial<CartState> } | Refusal;
type Decide = (state: CartState, catalogue: CartCatalogue) => Promise<Decision> | Decision;

/** How a cart's writes wait for each other (decision 006, as built). */
export interface CartLocking {
  /** PostgreSQL: a write that lost to another process is done again with the cart row locked */
  rowLocks: boolean;
  /** the longest a write waits for its turn, in all, before 503 CART_BUSY */
  waitMs: number;
}

const RECENT_KEYS = 20;
const WRITE_ATTEMPTS = 10;
/** Locked writes running at once in this process: each holds a pooled connection while it prices the cart. */
const LOCKED_WRITES = 3;
const CART_BUSY_RETRY_AFTER_SEC = 1;

const cartBusy = () =>
  new HttpError(
    503,
    [{ code: 'CART_BUSY', displayMsg: MESSAGES.somethingWentWrongRetry }],
    CART_BUSY_RETRY_AFTER_SEC,
  );

const newCartId = () => randomId('C', 10);
const newItemId = () => randomId('I', 6);
const refusal = (code: string, displayMsg: string): Refusal => ({ refuse: [{ code, displayMsg }] });

function toState(row: repo.CartRow): CartState {
  return {
    id: row.id,
    ownerId: row.ownerId,
    storeId: row.storeId,
    deliveryType: isDeliveryType(row.deliveryType) ? row.deliveryType : 'D',
    lines: row.lines as CartLine[],
    tip: paise(row.tipPaise),
    optionalCharge: row.optionalCharge,
    promoCode: row.promoCode,
    orderTimeSec: row.orderTimeSec,
    selectedPaymentId: row.selectedPaymentId,
    notices: row.notices as string[],
    recentKeys: row.recentKeys as string[],
    version: row.version,
  };
}

/**
 * The row to write for a state that was just answered: its notices were in the answer, so they are
 * forgotten, and a promotion that no longer applies is cleared.
 */
function writeOf(state: CartState, promoDropped: boolean): repo.CartWrite {
  return {
    storeId: state.storeId,
    deliveryType: state.deliveryType,
    lines: state.lines,
    tipPaise: state.tip,
    optionalCharge: state.optionalCharge,
    promoCode: promoDropped ? null : state.promoCode,
    orderTimeSec: state.orderTimeSec,
    selectedPaymentId: state.selectedPaymentId,
    notices: [],
    recentKeys: state.recentKeys,
  };
}

/** What a cart reads of Pizza Pals (the loyalty module's face): a member's points; null for anyone else. */
export interface CartLoyalty {
  pointsOf(customerId: string): Promise<PointsBalance | null>;
}

export interface CallerOptions {
  walletUsed?: boolean;
  idempotencyKey?: string | undefined;
  selectedPaymentId?: string | undefined;
}

/**
 * Carts: every call reads the cart, prices it at its store with the domain rules, and answers with
 * the priced cart. Writes are conditional on the version read, retried on a clash, so concurrent
 * edits (two tabs) both land.
 */
export class CartService {
  private names: { value: repo.ChainNames; at: number } | undefined;
  private readonly turns: Turns;
  private readonly lockedWrites: Turns;

  constructor(
    private readonly db: Db,
    private readonly catalogues: CartCatalogues,
    private readonly promotions: PromotionBook,
    private readonly usage: CouponUsage,
    private readonly loyalty: CartLoyalty,
    private readonly clock: () => number = Date.now,
    private readonly locking: CartLocking = { rowLocks: false, waitMs: 10_000 },
  ) {
    this.turns = new Turns(locking.waitMs);
    this.lockedWrites = new Turns(locking.waitMs, LOCKED_WRITES);
  }

  private async chainNames(): Promise<repo.ChainNames> {
    if (!this.names || this.clock() - this.names.at > 300_000)
      this.names = { value: await repo.loadChainNames(this.db), at: this.clock() };
    return this.names.value;
  }

  private async catalogue(storeId: number): Promise<CartCatalogue> {
    const found = await this.catalogues.forStore(storeId);
    if (!found) throw httpError(403, 'STORE_UNKNOWN', CART_TEXTS.storeUnknown);
    return found;
  }

  /**
   * What pricing and the answer need beside the cart. The points are read only for a customer's cart that holds a
   * free pizza: every other cart call (and every ordinary confirm) pays nothing for Pizza Pals.
   */
  private async env(state: CartState, walletUsed: boolean): Promise<ViewEnv> {
    // a guest has no history of their own: per-customer, first-order and staff coupons ask them to log in
    const customerId = isCustomerId(state.ownerId) ? state.ownerId : null;
    const wantPoints = customerId !== null && freeItemsIn(state.lines) > 0;
    const [catalogue, names, offerable, applied, points] = await Promise.all([
      this.catalogue(state.storeId),
      this.chainNames(),
      this.promotions.offerable(state.storeId),
      state.promoCode ? this.promotions.promotion(state.storeId, state.promoCode) : undefined,
      wantPoints ? this.loyalty.pointsOf(customerId) : null,
    ]);
    const inPlay = applied ? [...offerable, applied] : offerable;
    const [usage, standing] = await Promise.all([
      this.usage.lookup(customerId, inPlay, state.id),
      customerStanding(this.db, customerId, state.id, inPlay),
    ]);
    const ctx: PromoContext = {
      storeId: state.storeId,
      deliveryType: state.deliveryType,
      orderTimeMs: state.orderTimeSec ? state.orderTimeSec * 1000 : this.clock(),
      previousOrders: standing.previousOrders,
      isStaff: standing.isStaff,
      customerId,
      usage,
    };
    return { catalogue, names, applied, offerable, ctx, rules: CHARGE_RULES, walletUsed, points };
  }

  /**
   * A cart that is never saved, priced at a store with a promotion it need not carry yet (the back office's
   * preview of an offer): the same lines, catalogue, promotion rules and totals as every cart call, the usage of
   * the code as it is now. A line the store cannot sell refuses the preview on that line.
   */
  async preview(input: {
    storeId: number;
    deliveryType: DeliveryType;
    lines: readonly CartItemInput[];
    promotion: Promotion;
    orderTimeMs: number;
    standing: { previousOrders: number; isStaff: boolean };
  }): Promise<Result<{ cart: Cart; refusal: string | null }>> {
    const catalogue = await this.catalogue(input.storeId);
    let lines: CartLine[] = [];
    for (const [i, raw] of input.lines.entries()) {
      const line = CartService.line(raw, catalogue);
      if (!line.ok)
        return {
          ok: false,
          errors: line.refusal.refuse.map((e) => ({ ...e, field: `body.cart.lines.${i}` })),
        };
      lines = addLine(lines, line.input, { itemId: `P${i + 1}`, seenUnitPrice: line.unitPrice });
    }
    const code = input.promotion.kind === 'COUPON' ? input.promotion.coupon.code : input.promotion.deal.code;
    const state: CartState = {
      id: 'PREVIEW',
      ownerId: 'PREVIEW',
      storeId: input.storeId,
      deliveryType: input.deliveryType,
      lines,
      tip: paise(0),
      optionalCharge: false,
      promoCode: code,
      orderTimeSec: Math.floor(input.orderTimeMs / 1000),
      selectedPaymentId: null,
      notices: [],
      recentKeys: [],
      version: 0,
    };
    const [names, usage] = await Promise.all([
      this.chainNames(),
      this.usage.lookup(null, [input.promotion], state.id),
    ]);
    const env: ViewEnv = {
      catalogue,
      names,
      applied: input.promotion,
      offerable: [],
      ctx: {
        storeId: input.storeId,
        deliveryType: input.deliveryType,
        orderTimeMs: input.orderTimeMs,
        previousOrders: input.standing.previousOrders,
        isStaff: input.standing.isStaff,
        // a personal coupon is previewed as its owner would see it
        customerId: input.promotion.kind === 'COUPON' ? (input.promotion.coupon.ownerId ?? null) : null,
        usage,
      },
      rules: CHARGE_RULES,
      walletUsed: false,
      points: null,
    };
    const priced = priceCart(state, env);
    return {
      ok: true,
      data: { cart: cartView(state, priced, env), refusal: priced.promoDropped?.displayMsg ?? null },
    };
  }

  private async load(
    ownerId: string,
    cartId: string,
    db: Db = this.db,
    lockMs: number | null = null,
  ): Promise<CartState> {
    const row =
      lockMs === null ? await repo.findCart(db, cartId) : await repo.findCartForUpdate(db, cartId, lockMs);
    // someone else's cart is answered exactly like a missing one, so ids cannot be probed
    if (!row || row.ownerId !== ownerId) throw httpError(404, 'CART_NOT_FOUND', CART_TEXTS.cartNotFound);
    return toState(row);
  }

  /** A line as asked for, priced at the store now; refused when it cannot be sold there. */
  private static line(
    raw: CartItemInput,
    catalogue: CartCatalogue,
  ): { ok: true; input: CartLineInput; unitPrice: Paise } | { ok: false; refusal: Refusal } {
    const input = normaliseLineInput(raw);
    if (!input) return { ok: false, refusal: refusal('ITEM_UNAVAILABLE', MESSAGES.notAvailableNow) };
    const priced = priceLineInput(input, catalogue.catalogue);
    if (!priced.ok)
      return {
        ok: false,
        refusal:
          priced.reason === 'OUT_OF_STOCK'
            ? refusal('OUT_OF_STOCK', MESSAGES.outOfStock)
            : refusal('ITEM_UNAVAILABLE', MESSAGES.notAvailableNow),
      };
    return { ok: true, input, unitPrice: priced.unitPrice };
  }

  /**
   * More free pizzas (menuType LOYALTY) than before must be paid for with burnable points: a guest is asked to log
   * in, a customer short of points told how many they have. Fewer or as many as before are always let through.
   */
  private async freePizzasRefusal(
    ownerId: string,
    before: readonly CartLine[],
    after: readonly CartLine[],
  ): Promise<Refusal | null> {
    const wanted = freeItemsIn(after);
    if (wanted === 0 || wanted <= freeItemsIn(before)) return null;
    if (!isCustomerId(ownerId)) return refusal('LOYALTY_LOGIN', LOYALTY_MESSAGES.loginForFreePizza);
    const points = await this.loyalty.pointsOf(ownerId);
    if (points && canRedeem(points, wanted)) return null;
    return refusal('LOYALTY_POINTS', LOYALTY_MESSAGES.notEnoughPoints(points?.burnable ?? 0));
  }

  /** SPEC §9 limits on what the lines would become. */
  private static withinLimits(lines: readonly CartLine[], catalogue: CartCatalogue): Refusal | null {
    const { valid } = priceLines(lines, catalogue.catalogue);
    const subTotal = addPaise(...valid.map((v) => v.linePrice));
    const limits = checkCartLimits(lines, subTotal);
    return limits.ok ? null : refusal('CART_LIMIT', limits.displayMsg);
  }

  private static tipDecision(tipAmount: number): Refusal | null {
    if (tipAmount === 0 || CHARGE_RULES.tipOptions.includes(paise(tipAmount))) return null;
    return refusal('TIP_INVALID', CART_TEXTS.badTip);
  }

  /** Prices the state, writes what changed, and answers; undefined when another write came first. */
  private async commit(
    db: Db,
    before: CartState,
    next: CartState,
    walletUsed: boolean,
    extraRefusal: ApiError[] | null,
    idempotencyKey: string | undefined,
  ): Promise<CartResult | undefined> {
    const env = await this.env(next, walletUsed);
    const priced = priceCart(next, env);
    const view = cartView(next, priced, env);
    const written = await repo.updateCartAt(db, before.id, before.version, {
      ...writeOf(next, priced.promoDropped !== null),
      recentKeys: idempotencyKey ? [...next.recentKeys, idempotencyKey].slice(-RECENT_KEYS) : next.recentKeys,
    });
    if (written === undefined) return undefined;
    if (extraRefusal) return { ok: false, errors: extraRefusal };
    return { ok: true, data: { ...view, version: written } };
  }

  /**
   * Read, decide, write if nobody wrote meanwhile (decision 006). This process's writes to one cart take turns, so
   * they never clash with each other; a clash can only come from another process. Then, on PostgreSQL, the write
   * is done again with the cart row locked from read to write, so it cannot lose twice; PGlite is one process and
   * reads again. A write that waits more than `waitMs` in all is answered 503 CART_BUSY with Retry-After.
   */
  private async mutate(
    ownerId: string,
    cartId: string,
    opts: CallerOptions,
    decide: Decide,
  ): Promise<CartResult> {
    const started = performance.now();
    const left = () => this.locking.waitMs - (performance.now() - started);
    try {
      return await this.turns.run(cartId, async () => {
        for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
          const result =
            attempt > 0 && this.locking.rowLocks
              ? await this.lockedWrites.run('', () =>
                  this.db.transaction((tx) => this.attempt(tx, left(), ownerId, cartId, opts, decide)),
                )
              : await this.attempt(this.db, null, ownerId, cartId, opts, decide);
          if (result) return result;
        }
        throw cartBusy();
      });
    } catch (err) {
      if (err instanceof TurnTimeout || repo.isLockTimeout(err)) throw cartBusy();
      throw err;
    }
  }

  /**
   * One read, decision and conditional write, through `db`; with `lockMs` (a transaction) the cart is read locked.
   * Undefined when another write came first.
   */
  private async attempt(
    db: Db,
    lockMs: number | null,
    ownerId: string,
    cartId: string,
    opts: CallerOptions,
    decide: Decide,
  ): Promise<CartResult | undefined> {
    const state = await this.load(ownerId, cartId, db, lockMs);
    if (opts.idempotencyKey && state.recentKeys.includes(opts.idempotencyKey))
      return this.answer(state, opts.walletUsed ?? false, db);
    const decided = await decide(state, await this.catalogue(state.storeId));
    const decision =
      'next' in decided && decided.next.lines
        ? ((await this.freePizzasRefusal(state.ownerId, state.lines, decided.next.lines)) ?? decided)
        : decided;
    if ('refuse' in decision && !decision.clearPromo) return { ok: false, errors: decision.refuse };
    const next: CartState =
      'refuse' in decision ? { ...state, promoCode: null } : { ...state, ...decision.next };
    if (opts.selectedPaymentId !== undefined) next.selectedPaymentId = opts.selectedPaymentId;
    return this.commit(
      db,
      state,
      next,
      opts.walletUsed ?? false,
      'refuse' in decision ? decision.refuse : null,
      opts.idempotencyKey,
    );
  }

  /** The cart as it is; a coupon that stopped applying or pending notices are settled on the way. */
  private async answer(state: CartState, walletUsed: boolean, db: Db = this.db): Promise<CartResult> {
    const env = await this.env(state, walletUsed);
    const priced = priceCart(state, env);
    const view = cartView(state, priced, env);
    if (!priced.promoDropped && state.notices.length === 0) return { ok: true, data: view };
    const written = await repo.updateCartAt(
      db,
      state.id,
      state.version,
      writeOf(state, priced.promoDropped !== null),
    );
    return { ok: true, data: written === undefined ? view : { ...view, version: written } };
  }

  async get(ownerId: string, cartId: string, opts: CallerOptions = {}): Promise<Cart> {
    return (await this.forCheckout(ownerId, cartId, opts)).cart;
  }

  /**
   * The priced cart and its lines as stored, from one read (checkout compares the lines with recent orders
   * and keeps them in the order's snapshot). Settling the cart on the way never changes its lines.
   */
  async forCheckout(
    ownerId: string,
    cartId: string,
    opts: CallerOptions = {},
  ): Promise<{ cart: Cart; lines: CartLine[] }> {
    const state = await this.load(ownerId, cartId);
    const result = await this.answer(state, opts.walletUsed ?? false);
    if (!result.ok) throw new Error('reading a cart never refuses');
    return { cart: result.data, lines: state.lines };
  }

  async create(
    ownerId: string,
    storeId: number,
    deliveryType: DeliveryType,
    body: CreateCartBody,
  ): Promise<CartResult> {
    const catalogue = await this.catalogue(storeId);
    let lines: CartLine[] = [];
    for (const raw of body.items) {
      const line = CartService.line(raw, catalogue);
      if (!line.ok) return { ok: false, errors: line.refusal.refuse };
      lines = addLine(lines, line.input, { itemId: newItemId(), seenUnitPrice: line.unitPrice });
    }
    const limit =
      CartService.withinLimits(lines, catalogue) ?? (await this.freePizzasRefusal(ownerId, [], lines));
    if (limit) return { ok: false, errors: limit.refuse };
    const tip = body.tip?.tipAmount ?? 0;
    const badTip = CartService.tipDecision(tip);
    if (badTip) return { ok: false, errors: badTip.refuse };
    const row = await repo.insertCart(this.db, {
      id: newCartId(),
      ownerId,
      storeId,
      deliveryType,
      lines,
      tipPaise: tip,
      optionalCharge: body.optedOptionalCharges?.some((c) => c.chargeTypeCode === 'K' && c.selected) ?? false,
      promoCode: body.explicitPromo ? normaliseCode(body.explicitPromo.promoCode) : null,
      orderTimeSec: body.orderDateTimeInSec ?? null,
    });
    return this.answer(toState(row), false);
  }

  addItem(ownerId: string, cartId: string, raw: CartItemInput, opts: CallerOptions): Promise<CartResult> {
    return this.mutate(ownerId, cartId, opts, (state, catalogue) => {
      const line = CartService.line(raw, catalogue);
      if (!line.ok) return line.refusal;
      const lines = addLine(state.lines, line.input, { itemId: newItemId(), seenUnitPrice: line.unitPrice });
      return CartService.withinLimits(lines, catalogue) ?? { next: { lines } };
    });
  }

  updateItem(
    ownerId: string,
    cartId: string,
    itemId: string,
    body: UpdateCartItemBody,
    opts: CallerOptions,
  ): Promise<CartResult> {
    return this.mutate(ownerId, cartId, opts, (state, catalogue) => {
      const index = state.lines.findIndex((l) => l.itemId === itemId);
      if (index < 0) throw httpError(404, 'ITEM_NOT_FOUND', MESSAGES.notAvailableNow);
      let line = state.lines[index]!;
      if (body.item) {
        const replacement = CartService.line(body.item, catalogue);
        if (!replacement.ok) return replacement.refusal;
        line = { ...line, ...replacement.input, seenUnitPrice: replacement.unitPrice };
      }
      if (body.quantity !== undefined) line = { ...line, quantity: body.quantity };
      if (body.acceptPrice) line = repriceLines([line], catalogue.catalogue)[0]!;
      const others = state.lines.filter((_, i) => i !== index);
      // an edited line that now equals another one joins it (SPEC §3 merge rule)
      const lines =
        line.quantity === 0 ? others : mergeLines([...others.slice(0, index), line, ...others.slice(index)]);
      return CartService.withinLimits(lines, catalogue) ?? { next: { lines } };
    });
  }

  removeItem(ownerId: string, cartId: string, itemId: string): Promise<CartResult> {
    return this.mutate(ownerId, cartId, {}, (state) => {
      if (!state.lines.some((l) => l.itemId === itemId))
        throw httpError(404, 'ITEM_NOT_FOUND', MESSAGES.notAvailableNow);
      return { next: { lines: state.lines.filter((l) => l.itemId !== itemId) } };
    });
  }

  update(ownerId: string, cartId: string, body: UpdateCartBody, opts: CallerOptions): Promise<CartResult> {
    return this.mutate(ownerId, cartId, opts, async (state, current) => {
      const next: Partial<CartState> = {};
      const notices = [...state.notices];
      let lines = state.lines;
      let catalogue = current;
      if (body.storeId !== undefined && body.storeId !== state.storeId) {
        catalogue = await this.catalogue(body.storeId);
        next.storeId = body.storeId;
        // the customer moved: the cart is re-priced at the new store, and told if anything changed
        const moved = repriceLines(lines, catalogue.catalogue);
        if (moved.some((l, i) => l.seenUnitPrice !== lines[i]!.seenUnitPrice))
          notices.push(CART_TEXTS.reviewCart);
        lines = moved;
      }
      if (body.deliveryType !== undefined) next.deliveryType = body.deliveryType;
      if (body.items !== undefined) {
        if (body.version !== state.version) throw httpError(409, 'CART_CHANGED', CART_TEXTS.cartChanged);
        let replaced: CartLine[] = [];
        for (const raw of body.items) {
          const line = CartService.line(raw, catalogue);
          if (!line.ok) return line.refusal;
          replaced = addLine(replaced, line.input, { itemId: newItemId(), seenUnitPrice: line.unitPrice });
        }
        lines = replaced;
      }
      if (body.acceptPrices) lines = repriceLines(lines, catalogue.catalogue);
      if (body.removeInvalid) {
        const { invalid } = priceLines(lines, catalogue.catalogue);
        const gone = new Set(invalid.filter((i) => i.reason !== 'PRICE_CHANGED').map((i) => i.line.itemId));
        lines = lines.filter((l) => !gone.has(l.itemId));
      }
      if (body.tip !== undefined) {
        const bad = CartService.tipDecision(body.tip.tipAmount);
        if (bad) return bad;
        next.tip = paise(body.tip.tipAmount);
      }
      if (body.optedOptionalCharges !== undefined)
        next.optionalCharge = body.optedOptionalCharges.some((c) => c.chargeTypeCode === 'K' && c.selected);
      if (body.orderDateTimeInSec !== undefined) next.orderTimeSec = body.orderDateTimeInSec;
      const limit = CartService.withinLimits(lines, catalogue);
      if (limit) return limit;
      return { next: { ...next, lines, notices } };
    });
  }

  /** SPEC §5 Coupon: FAILED shows the first error's displayMsg and clears the stored coupon. */
  applyPromo(ownerId: string, cartId: string, code: string): Promise<CartResult> {
    return this.mutate(ownerId, cartId, {}, async (state, catalogue) => {
      const promotion = await this.promotions.promotion(state.storeId, code);
      if (!promotion) return { refuse: [{ ...couponNotFound() }], clearPromo: true };
      const env = await this.env(state, false);
      const { valid } = priceLines(state.lines, catalogue.catalogue);
      const outcome = evaluatePromotion(promotion, valid, env.ctx);
      if (!outcome.ok)
        return {
          refuse: [{ code: `PROMO_${outcome.error.code}`, displayMsg: outcome.error.displayMsg }],
          clearPromo: true,
        };
      return { next: { promoCode: normaliseCode(code) } };
    });
  }

  removePromo(ownerId: string, cartId: string, code: string): Promise<CartResult> {
    return this.mutate(ownerId, cartId, {}, (state) =>
      state.promoCode !== null && state.promoCode === normaliseCode(code)
        ? { next: { promoCode: null } }
        : { next: {} },
    );
  }

  /** What applying the code would save now, without applying it. */
  async validatePromo(
    ownerId: string,
    cartId: string,
    code: string,
  ): Promise<Result<{ code: string; kind: 'COUPON' | 'EDV'; title: string; saving: number }>> {
    const state = await this.load(ownerId, cartId);
    const promotion = await this.promotions.promotion(state.storeId, code);
    if (!promotion) return { ok: false, errors: [couponNotFound()] };
    const env = await this.env(state, false);
    const [ranked] = rankOffers(
      priceLines(state.lines, env.catalogue.catalogue).valid,
      [promotion],
      env.ctx,
      {
        deliveryType: state.deliveryType,
        tip: state.tip,
        optionalChargeOpted: state.optionalCharge,
        rules: CHARGE_RULES,
      },
    );
    if (!ranked || !ranked.outcome.ok)
      return {
        ok: false,
        errors: [
          ranked && !ranked.outcome.ok
            ? { code: `PROMO_${ranked.outcome.error.code}`, displayMsg: ranked.outcome.error.displayMsg }
            : couponNotFound(),
        ],
      };
    return {
      ok: true,
      data: {
        code: normaliseCode(code),
        kind: promotion.kind,
        title: promotion.kind === 'COUPON' ? promotion.coupon.title : promotion.deal.title,
        // the discount the cart will show, not the grand total's drop (which adds the GST saved on it)
        saving: ranked.discount,
      },
    };
  }

  /** Every listed coupon and deal, measured against this cart. */
  async offers(ownerId: string, cartId: string): Promise<CartOffer[]> {
    const state = await this.load(ownerId, cartId);
    const env = await this.env(state, false);
    const { valid } = priceLines(state.lines, env.catalogue.catalogue);
    const ranked = rankOffers(valid, env.offerable, env.ctx, {
      deliveryType: state.deliveryType,
      tip: state.tip,
      optionalChargeOpted: state.optionalCharge,
      rules: CHARGE_RULES,
    });
    // shown as "Save ₹X": the discount the cart shows once it is applied (its cap holds), the same figure there
    return ranked.map(({ promotion, outcome, discount }) => {
      const code = promotion.kind === 'COUPON' ? promotion.coupon.code : promotion.deal.code;
      return {
        code,
        kind: promotion.kind,
        title: promotion.kind === 'COUPON' ? promotion.coupon.title : promotion.deal.title,
        description: promotion.kind === 'COUPON' ? promotion.coupon.description : promotion.deal.description,
        applicable: outcome.ok,
        applied: state.promoCode === code,
        saving: discount,
        reason: outcome.ok ? null : outcome.error.displayMsg,
        condition: outcome.ok ? savingCondition(promotion, discount) : null,
      };
    });
  }

  async upsell(ownerId: string, cartId: string, limit = 6): Promise<string[]> {
    const state = await this.load(ownerId, cartId);
    const catalogue = await this.catalogue(state.storeId);
    return upsellSuggestions(catalogue.catalogue, state.lines, limit);
  }

  /**
   * On login the guest's cart moves into the account (SPEC §3 merge rule): with a cart of their own
   * already, its lines come first and the guest's join them; the account keeps one cart. Answers the
   * customer's cart id, or null when there is none.
   */
  async adopt(
    guestId: string | null,
    guestCartId: string | null,
    customerId: string,
  ): Promise<string | null> {
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const [guestCart, ownCart] = await Promise.all([
        guestId && guestCartId ? repo.findCart(this.db, guestCartId) : undefined,
        repo.findLatestCartOf(this.db, customerId),
      ]);
      if (!guestCart || guestCart.ownerId !== guestId) return ownCart?.id ?? null;
      const lines = ownCart
        ? mergeLines([...(ownCart.lines as CartLine[]), ...(guestCart.lines as CartLine[])])
        : guestCart.lines;
      if (await repo.transferCart(this.db, guestCart.id, guestCart.version, customerId, lines)) {
        if (ownCart) await repo.deleteCart(this.db, ownCart.id);
        return guestCart.id;
      }
    }
    throw cartBusy();
  }

  /** The owner's cart to add to: `preferred` when it is theirs, else their latest; undefined when none. */
  async currentOf(
    ownerId: string,
    preferred: string | undefined,
  ): Promise<Pick<repo.CartRow, 'id' | 'storeId' | 'deliveryType'> | undefined> {
    const named = preferred ? await repo.findCart(this.db, preferred) : undefined;
    return named && named.ownerId === ownerId ? named : repo.findLatestCartOf(this.db, ownerId);
  }
}
