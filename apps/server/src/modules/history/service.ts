import type { Cart, CartItemInput } from '@crust/contract/cart';
import type { HistoryOrder, OrderDetailsView, OrderHistory, Reorder } from '@crust/contract/history';
import type { OrderStatus } from '@crust/contract/orders';
import { mergeLines, priceLineInput } from '@crust/domain/cart-lines';
import type { CartLine, CartLineInput } from '@crust/domain/cart-model';
import { TRANSACTION_TIMEOUT_SECONDS } from '@crust/domain/constants';
import { isPickupType, type DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { isFinalStage, type OrderStage } from '@crust/domain/order-lifecycle';
import { nearestStores, storeOrderTypeFor } from '@crust/domain/stores';
import type { Db } from '../../db/client.ts';
import { httpError } from '../../http/errors.ts';
import type { CartCatalogues } from '../cart/catalogue.ts';
import type { CartService } from '../cart/service.ts';
import {
  orderLabelOf,
  orderNumberOf,
  orderStageOf,
  orderStatusOf,
  orderTypeOf,
  trainTrackOf,
} from '../orders/order-facts.ts';
import { OrderQueries } from '../orders/queries.ts';
import { summaryOf, type OrderServiceOptions } from '../orders/service.ts';
import type { Principal } from '../../http/principal.ts';
import type { StoreDirectory } from '../stores/service.ts';
import { invoiceOf } from './invoice.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import type { MenuCache } from '../menu/service.ts';
import * as repo from './repo.ts';
import { HISTORY_TEXTS } from './texts.ts';

/** SPEC §7 order history pages; the recent-orders strip shows 3. */
export const HISTORY_PAGE_SIZE = 10;
export const RECENT_ORDERS = 3;

const FILTERS: OrderHistory['filters'] = [
  { code: 'ALL', label: HISTORY_TEXTS.filterAll },
  { code: 'DELIVERED', label: HISTORY_TEXTS.filterDelivered },
  { code: 'CANCELLED', label: HISTORY_TEXTS.filterCancelled },
  { code: 'FAVOURITE', label: HISTORY_TEXTS.filterFavourite },
];

export interface HistoryServiceOptions {
  db: Db;
  carts: CartService;
  catalogues: CartCatalogues;
  menus: MenuCache;
  stores: StoreDirectory;
  /** what an order earned and spent of Pizza Pals points (the loyalty module's face), for a customer's details */
  loyaltyOf: OrderServiceOptions['loyaltyOf'];
  /** each order's rating prompt (the feedback module's face): a customer's history links to /uf or says Rated */
  feedbackOf?: (orders: repo.OrderRow[]) => Promise<Map<string, 'RATE' | 'RATED' | null>>;
  clock?: () => number;
}

interface Where {
  status: OrderStatus;
  stage: OrderStage | null;
}

function whereOf(order: repo.OrderRow): Where {
  return { status: orderStatusOf(order), stage: orderStageOf(order) };
}

const cartOf = (order: repo.OrderRow): Cart => (order.snapshot as { cart: Cart }).cart;

/** Still moving: placed, and the store has not finished (or cancelled) it. */
function isTrackable({ status, stage }: Where): boolean {
  return status === 'PLACED' && (stage === null || !isFinalStage(stage));
}

/** What the order's invoice call would answer: null when there is an invoice, else why not (SPEC §8). */
function invoiceMessage({ status, stage }: Where): string | null {
  switch (status) {
    case 'PLACED':
      return stage === 'CANCELLED' ? HISTORY_TEXTS.invoiceCancelled : null;
    case 'PAYMENT_PENDING':
      return HISTORY_TEXTS.invoicePending;
    case 'FAILED':
      return HISTORY_TEXTS.invoiceFailed;
    case 'CANCELLED':
      return HISTORY_TEXTS.invoiceCancelled;
    default: {
      const never: never = status;
      throw new Error(`unknown order status ${String(never)}`);
    }
  }
}

/** A line of the old order as the cart takes it again: same product, size, crust, toppings, quantity. */
function itemInputOf(line: CartLineInput): CartItemInput {
  return {
    productCode: line.productCode,
    crustId: line.crustId,
    sizeId: line.sizeId,
    addTopngs: [...line.addToppings],
    remTopngs: [...line.removeToppings],
    repTopngs: [...line.replaceToppings],
    extraCheese: line.extraCheese,
    quantity: line.quantity,
  };
}

/**
 * Order history, details, invoices, reorder and favourites (SPEC §7). Every call reads only the caller's own
 * orders: another person's order id is answered exactly like a missing one (404).
 */
export class HistoryService {
  private readonly db: Db;
  private readonly clock: () => number;

  /** the orders module's face: what else the gateway took for an order (issue 28 §1) */
  private readonly orders: OrderQueries;

  constructor(private readonly o: HistoryServiceOptions) {
    this.db = o.db;
    this.clock = o.clock ?? Date.now;
    this.orders = new OrderQueries(o.db);
  }

  /** The orders' rating prompts, for a customer (a guest cannot rate). */
  private async prompts(principal: Principal, rows: repo.HistoryRow[]) {
    if (principal.kind !== 'customer' || !this.o.feedbackOf) return undefined;
    return this.o.feedbackOf(rows.map((r) => r.order));
  }

  private historyOrder(
    row: repo.HistoryRow,
    now: number,
    prompts?: Map<string, 'RATE' | 'RATED' | null>,
  ): HistoryOrder {
    const { order, storeName } = row;
    const where = whereOf(order);
    return {
      ...(prompts ? { feedback: prompts.get(order.id) ?? null } : {}),
      id: order.id,
      dominosOrderId: orderNumberOf(order),
      deliveryType: orderTypeOf(order),
      status: where.status,
      stage: where.stage,
      label: orderLabelOf(order, now),
      storeName,
      itemsLine: cartOf(order)
        .validItems.map((i) => `${i.quantity} x ${i.product.name}`)
        .join(', '),
      netPrice: order.totalPaise,
      placedAt: order.placedAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
      favourite: order.favourite,
      trackable: isTrackable(where),
      train: trainTrackOf(order, true, now),
    };
  }

  async history(
    principal: Principal,
    query: { pageNo: number; filter: repo.HistoryFilter },
    trainOnly = false,
  ): Promise<OrderHistory> {
    const now = this.clock();
    const rows = await repo.listHistory(this.db, {
      ownerId: principal.userId,
      filter: query.filter,
      pendingSince: new Date(now - TRANSACTION_TIMEOUT_SECONDS * 1000),
      offset: (query.pageNo - 1) * HISTORY_PAGE_SIZE,
      limit: HISTORY_PAGE_SIZE + 1,
      trainOnly,
    });
    const page = rows.slice(0, HISTORY_PAGE_SIZE);
    const prompts = await this.prompts(principal, page);
    return {
      orders: page.map((r) => this.historyOrder(r, now, prompts)),
      hasNext: rows.length > HISTORY_PAGE_SIZE,
      filters: FILTERS,
    };
  }

  async recent(principal: Principal): Promise<HistoryOrder[]> {
    const now = this.clock();
    const rows = await repo.latestPlaced(this.db, principal.userId, RECENT_ORDERS);
    const prompts = await this.prompts(principal, rows);
    return rows.map((r) => this.historyOrder(r, now, prompts));
  }

  /** SPEC §3 Previous order response: the products of the last placed order, each once. */
  async previousProductIds(principal: Principal): Promise<string[]> {
    const [last] = await repo.latestPlaced(this.db, principal.userId, 1);
    if (!last) return [];
    return [...new Set(cartOf(last.order).validItems.map((i) => i.product.code))];
  }

  private async owned(principal: Principal, orderId: string) {
    const found = await repo.findOwnedOrder(this.db, principal.userId, orderId);
    if (!found) throw httpError(404, 'ORDER_NOT_FOUND', HISTORY_TEXTS.orderNotFound);
    return found;
  }

  async details(principal: Principal, orderId: string): Promise<OrderDetailsView> {
    const { order, payment, store } = await this.owned(principal, orderId);
    const where = whereOf(order);
    const loyalty = principal.kind === 'customer' ? await this.o.loyaltyOf(principal.userId, order.id) : null;
    const extras = (await this.orders.extraPayments([order.id])).get(order.id) ?? [];
    return {
      orderDetails: {
        ...summaryOf(order, payment ?? undefined, store.name, extras),
        ...(loyalty
          ? { loyaltyEarnedPoints: loyalty.earnedPoints, earnableBurnable: loyalty.earnableBurnable }
          : {}),
        stage: where.stage,
        label: orderLabelOf(order, this.clock()),
        favourite: order.favourite,
        cancelReason: order.cancelReason,
        train: trainTrackOf(order, true, this.clock()),
      },
      invoiceMsg: invoiceMessage(where),
    };
  }

  /** The invoice PDF; a 400 with the reason (SPEC §8) for an order that has none. */
  async invoice(principal: Principal, orderId: string): Promise<{ filename: string; pdf: Buffer }> {
    const { order, payment, store } = await this.owned(principal, orderId);
    const why = invoiceMessage(whereOf(order));
    if (why !== null) throw httpError(400, 'INVOICE_UNAVAILABLE', why);
    const summary = summaryOf(order, payment ?? undefined, store.name);
    const pdf = await renderInvoicePdf(invoiceOf(order, summary, store));
    return { filename: `invoice-${summary.dominosOrderId}.pdf`, pdf };
  }

  async favouriteOrder(
    principal: Principal,
    orderId: string,
    favourite: boolean,
  ): Promise<{ orderId: string; favourite: boolean }> {
    if (!(await repo.setOrderFavourite(this.db, principal.userId, orderId, favourite)))
      throw httpError(404, 'ORDER_NOT_FOUND', HISTORY_TEXTS.orderNotFound);
    return { orderId, favourite };
  }

  /** A guest who logged in: the menu items it liked move into the account. */
  handOverFavourites(guestId: string, customerId: string): Promise<void> {
    return repo.transferFavouriteItems(this.db, guestId, customerId);
  }

  favourites(principal: Principal): Promise<string[]> {
    return repo.listFavouriteItems(this.db, principal.userId);
  }

  /** Marks or unmarks a menu item; answers the favourites as they now are. */
  async favouriteItem(principal: Principal, productId: string, favourite: boolean): Promise<string[]> {
    if (!(await this.o.menus.productExists(productId)))
      throw httpError(404, 'PRODUCT_NOT_FOUND', HISTORY_TEXTS.productNotFound);
    await repo.setFavouriteItem(this.db, principal.userId, productId, favourite);
    return repo.listFavouriteItems(this.db, principal.userId);
  }

  /**
   * The store a reorder goes to (docs/history.md): the order's own store if it is online and still takes the
   * order's type; else its advance-order store if that one does (and, for delivery, reaches the address); else
   * the nearest online store that does (for delivery, one whose radius covers the order's address); else the
   * order's store as it is, offline, where an advance order can still be booked. A store that no longer takes
   * the type at all, with no other to go to, is a 409 with the SPEC §8 location text.
   */
  private async storeFor(order: repo.OrderRow): Promise<number> {
    const type = orderTypeOf(order);
    const wanted = storeOrderTypeFor(type);
    const all = await this.o.stores.all();
    const own = all.find((s) => s.id === order.storeId);
    if (own?.online && own.orderTypes.includes(wanted)) return own.id;
    const address = order.address as { latitude?: number; longitude?: number } | null;
    // where the customer is: the delivery address, or (collecting) near the store they collected from
    const point =
      !isPickupType(type) && typeof address?.latitude === 'number' && typeof address.longitude === 'number'
        ? { latitude: address.latitude, longitude: address.longitude }
        : own;
    const reachable = point ? nearestStores(all, point, type).filter((r) => r.store.online) : [];
    const advance = own?.advanceOrderStoreId
      ? reachable.find((r) => r.store.id === own.advanceOrderStoreId)
      : undefined;
    if (advance) return advance.store.id;
    if (reachable[0]) return reachable[0].store.id;
    if (own?.orderTypes.includes(wanted)) return own.id;
    throw httpError(
      409,
      'STORE_UNAVAILABLE',
      isPickupType(type) ? MESSAGES.restaurantNotFound : MESSAGES.weDoNotDeliverHere,
    );
  }

  /**
   * SPEC §7 reorder by {id}. CHECK answers what the store can make now (nothing is written); ADD puts those
   * lines into the caller's current cart (the `cartid` one if it is theirs, else their latest), moved to the
   * reorder's store and type if it was elsewhere, or into a new cart. Each line is added as the cart's own
   * "add item" would (merged with an equal line, limits checked); with an Idempotency-Key a retried ADD adds
   * nothing twice.
   */
  async reorder(
    principal: Principal,
    orderId: string,
    action: 'CHECK' | 'ADD',
    caller: { cartId?: string | undefined; idempotencyKey?: string | undefined } = {},
  ): Promise<Reorder> {
    const ownerId = principal.userId;
    const { order } = await this.owned(principal, orderId);
    const type = orderTypeOf(order);
    const storeId = await this.storeFor(order);
    const catalogue = await this.o.catalogues.forStore(storeId);
    if (!catalogue) throw httpError(409, 'STORE_UNAVAILABLE', MESSAGES.storeTroubleSelectOther);

    const snapshot = order.snapshot as { cart: Cart; lines: CartLine[] };
    const names = new Map(snapshot.cart.validItems.map((i) => [i.itemId, i.product.name]));
    // a deal's lines come back as ordinary lines (the deal is the customer's to apply again)
    const lines = mergeLines(snapshot.lines.map((l) => ({ ...l, promoGroupId: null })));
    const available: { line: CartLine; name: string }[] = [];
    const unavailable: Reorder['unavailable'] = [];
    for (const line of lines) {
      const name = names.get(line.itemId) ?? line.productCode;
      const priced = priceLineInput(line, catalogue.catalogue);
      if (priced.ok) available.push({ line, name });
      else
        unavailable.push({
          productId: line.productCode,
          name,
          reason: priced.reason === 'OUT_OF_STOCK' ? MESSAGES.outOfStock : MESSAGES.notAvailableNow,
        });
    }
    const base = {
      storeId,
      customerAddress: isPickupType(type) ? null : order.deliverTo || null,
      deliveryType: type,
    };
    const toAdded = ({ line, name }: { line: CartLine; name: string }) => ({
      productId: line.productCode,
      name,
      quantity: line.quantity,
    });
    if (action === 'CHECK' || available.length === 0)
      return { ...base, cartId: null, added: available.map(toAdded), unavailable };

    const cartId = await this.cartFor(ownerId, storeId, type, caller.cartId);
    const added: Reorder['added'] = [];
    for (const [i, item] of available.entries()) {
      const key = caller.idempotencyKey ? `${caller.idempotencyKey}#${i}` : undefined;
      const result = await this.o.carts.addItem(ownerId, cartId, itemInputOf(item.line), {
        idempotencyKey: key,
      });
      if (result.ok) added.push(toAdded(item));
      else
        unavailable.push({
          productId: item.line.productCode,
          name: item.name,
          reason: result.errors[0]?.displayMsg ?? MESSAGES.notAvailableNow,
        });
    }
    return { ...base, cartId, added, unavailable };
  }

  /** The caller's current cart, at the reorder's store and type; a new one when they have none. */
  private async cartFor(
    ownerId: string,
    storeId: number,
    type: DeliveryType,
    preferred: string | undefined,
  ): Promise<string> {
    const current = await this.o.carts.currentOf(ownerId, preferred);
    if (current) {
      if (current.storeId === storeId && current.deliveryType === type) return current.id;
      const moved = await this.o.carts.update(ownerId, current.id, { storeId, deliveryType: type }, {});
      if (moved.ok) return current.id;
    }
    const made = await this.o.carts.create(ownerId, storeId, type, { items: [] });
    if (!made.ok) throw httpError(409, 'CART_REFUSED', made.errors[0]?.displayMsg ?? MESSAGES.reviewCart);
    return made.data.cartId;
  }
}
