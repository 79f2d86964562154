import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartItemInput } from '@crust/contract/cart';
import {
  OrderDetailsResponseSchema,
  OrderHistoryResponseSchema,
  ProductIdsSchema,
  RecentOrdersResponseSchema,
  ReorderResponseSchema,
} from '@crust/contract/history';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { MESSAGES } from '@crust/domain/messages';
import { rupeesText } from '../src/modules/history/invoice-pdf.ts';
import { gstinCheckChar, gstinFor } from '../src/modules/history/gstin.ts';
import {
  BREADSTICKS,
  FARMHOUSE,
  CRUST,
  MARGHERITA,
  SIZE,
  pizza,
  setStock,
  storeMenu,
  side,
  type Guest,
} from './cart-support.ts';
import { authClient, customerHeaders } from './auth-support.ts';
import { json } from './helpers.ts';
import { readPdf } from './pdf-text.ts';
import {
  count,
  createOrderApp,
  customers,
  freshMobile,
  newGuest,
  ok,
  orderClient,
  rows,
} from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { placeCash } from './tracking-support.ts';

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

type Client = ReturnType<typeof orderClient> & { mobile: string };

/** A guest (or customer) with a mobile of their own, so their first cash order asks for the COD OTP once. */
async function client(who?: Guest): Promise<Client> {
  return { ...orderClient(t, who ?? (await newGuest(t))), mobile: freshMobile() };
}

/** A cash-on-delivery order by the client, with its own mobile (the COD OTP entered when asked). */
function place(c: Client, items?: CartItemInput[], details: Partial<ConfirmOrderBody['orderDetails']> = {}) {
  const userDetails = { firstName: 'Asha', lastName: 'Verma', email: 'asha@example.com', mobile: c.mobile };
  return placeCash(t, { who: c.who, ...(items ? { items } : {}), details: { userDetails, ...details } });
}

function get(c: { who: Guest }, url: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return t.app.inject({ method: 'GET', url: qs ? `${url}?${qs}` : url, headers: c.who.headers });
}

function post(c: { who: Guest }, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, headers: { ...c.who.headers, ...headers }, payload });
}

async function history(c: Client, query: Record<string, string | number> = {}) {
  const res = await get(c, API_PATHS.orderHistory, query);
  expect(res.statusCode, res.body).toBe(200);
  return OrderHistoryResponseSchema.parse(json(res)).data;
}

async function details(c: Client, orderId: string) {
  const res = await get(c, fillPath(API_PATHS.orderDetails, { orderId }));
  expect(res.statusCode, res.body).toBe(200);
  return OrderDetailsResponseSchema.parse(json(res)).data;
}

async function reorder(
  c: Client,
  orderId: string,
  action: 'CHECK' | 'ADD',
  headers: Record<string, string> = {},
) {
  const res = await post(c, fillPath(API_PATHS.reorder, { orderId }), { action }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return ReorderResponseSchema.parse(json(res)).data;
}

/** The store's side, set directly (the store console that moves stages is its own module). */
async function setOrder(
  orderId: string,
  change: { status?: string; stage?: string | null; cancelReason?: string },
) {
  if (change.status)
    await t.database.db.execute(sql`update orders set status = ${change.status} where id = ${orderId}`);
  if (change.stage !== undefined)
    await t.database.db.execute(sql`update orders set stage = ${change.stage} where id = ${orderId}`);
  if (change.cancelReason)
    await t.database.db.execute(
      sql`update orders set cancel_reason = ${change.cancelReason} where id = ${orderId}`,
    );
}

describe('order history (SPEC §7 GET order history)', () => {
  it('pages 10 at a time, newest first, with hasNext; a guest sees their session orders', async () => {
    const c = await client();
    const placed: string[] = [];
    for (let i = 0; i < 11; i++) placed.push((await place(c)).orderId);
    const first = await history(c);
    expect(first.orders).toHaveLength(10);
    expect(first.hasNext).toBe(true);
    expect(first.orders.map((o) => o.id)).toEqual(placed.slice(1).reverse());
    expect(first.filters.map((f) => f.code)).toEqual(['ALL', 'DELIVERED', 'CANCELLED', 'FAVOURITE']);
    expect(first.filters.every((f) => f.label.length > 0)).toBe(true);
    const second = await history(c, { pageNo: 2 });
    expect(second.orders.map((o) => o.id)).toEqual([placed[0]]);
    expect(second.hasNext).toBe(false);
    expect((await history(c, { pageNo: 3 })).orders).toEqual([]);

    const newest = first.orders[0]!;
    const summary = await c.summary(newest.id);
    expect(newest).toMatchObject({
      dominosOrderId: summary.dominosOrderId,
      deliveryType: 'D',
      status: 'PLACED',
      label: 'Order Placed',
      storeName: 'Crust Connaught Place',
      netPrice: summary.netPrice,
      favourite: false,
      trackable: true,
    });
    expect(newest.itemsLine).toMatch(/^1 x .+, 1 x .+$/);
    expect(newest.placedAt).not.toBeNull();
  });

  it('filters delivered, cancelled and favourite orders; shows failed ones and fresh unpaid ones only', async () => {
    const c = await client();
    const delivered = (await place(c)).orderId;
    const cancelled = (await place(c)).orderId;
    const failed = (await place(c)).orderId;
    const favourite = (await place(c)).orderId;
    await setOrder(delivered, { stage: 'DELIVERED' });
    await setOrder(cancelled, {
      status: 'cancelled',
      stage: 'CANCELLED',
      cancelReason: 'Store closed early',
    });
    await setOrder(failed, { status: 'failed' });
    const fav = await post(c, fillPath(API_PATHS.favouriteOrder, { orderId: favourite }), {
      favourite: true,
    });
    expect(json(fav)).toEqual({ status: 'SUCCESS', data: { orderId: favourite, favourite: true } });
    // an order waiting for its card payment: shown while young, hidden once past the 120 s transaction timeout
    const pending = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    const abandoned = ok(await c.confirm(c.body(await c.cart(), { primaryPaymentId: 'CC' })));
    await t.database.db.execute(
      sql`update orders set created_at = now() - interval '5 minutes' where id = ${abandoned.orderId}`,
    );

    const all = await history(c);
    expect(all.orders.map((o) => o.id)).toEqual([pending.orderId, favourite, failed, cancelled, delivered]);
    const byId = new Map(all.orders.map((o) => [o.id, o]));
    expect(byId.get(pending.orderId)).toMatchObject({
      status: 'PAYMENT_PENDING',
      label: 'pending confirmation',
    });
    expect(byId.get(failed)).toMatchObject({ label: 'FAILED', trackable: false });
    expect(byId.get(cancelled)).toMatchObject({ label: 'CANCELLED', trackable: false });
    expect(byId.get(delivered)).toMatchObject({ label: 'DELIVERED', stage: 'DELIVERED', trackable: false });
    expect(byId.get(favourite)).toMatchObject({ favourite: true, trackable: true });

    const ids = async (filter: string) => (await history(c, { filter })).orders.map((o) => o.id);
    expect(await ids('DELIVERED')).toEqual([delivered]);
    expect(await ids('CANCELLED')).toEqual([cancelled]);
    expect(await ids('FAVOURITE')).toEqual([favourite]);
    // a store-side cancel (stage only) counts as cancelled too
    await setOrder(favourite, { stage: 'CANCELLED' });
    expect(await ids('CANCELLED')).toEqual([favourite, cancelled]);
    expect((await get(c, API_PATHS.orderHistory, { filter: 'NOPE' })).statusCode).toBe(400);
  });

  it('recent orders are the 3 latest placed; previous order answers its product ids', async () => {
    const c = await client();
    const empty = await get(c, API_PATHS.previousOrder);
    expect(json(empty)).toEqual({ status: 'SUCCESS', productIds: [] });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await place(c)).orderId);
    const last = (await place(c, [pizza(MARGHERITA, SIZE.R, 2)])).orderId;
    await setOrder(last, { status: 'failed' });
    const recent = RecentOrdersResponseSchema.parse(json(await get(c, API_PATHS.recentOrders))).data;
    expect(recent.map((o) => o.id)).toEqual(ids.slice(1).reverse());
    const previous = ProductIdsSchema.parse(json(await get(c, API_PATHS.previousOrder)));
    expect(previous.productIds).toEqual([FARMHOUSE, BREADSTICKS]);
  });

  it('needs a session', async () => {
    for (const url of [
      API_PATHS.orderHistory,
      API_PATHS.recentOrders,
      API_PATHS.previousOrder,
      API_PATHS.favourites,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe("someone else's orders", () => {
  it('are not found, on every call', async () => {
    const owner = await client();
    const { orderId } = await place(owner);
    const other = await client();
    const calls = [
      get(other, fillPath(API_PATHS.orderDetails, { orderId })),
      get(other, fillPath(API_PATHS.invoice, { orderId })),
      post(other, fillPath(API_PATHS.reorder, { orderId }), { action: 'CHECK' }),
      post(other, fillPath(API_PATHS.reorder, { orderId }), { action: 'ADD' }),
      post(other, fillPath(API_PATHS.favouriteOrder, { orderId }), { favourite: true }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(json(res)).toMatchObject({ status: 'FAILED', errors: [{ code: 'ORDER_NOT_FOUND' }] });
    }
    expect((await history(other)).orders).toEqual([]);
    expect((await details(owner, orderId)).orderDetails.favourite).toBe(false);
  });
});

describe('order details (SPEC §3 orderDetails, invoiceMsg)', () => {
  it('shows the summary, label and stage; an invoice message only when there is no invoice', async () => {
    const c = await client();
    const { orderId, cart } = await place(c);
    const d = await details(c, orderId);
    expect(d.invoiceMsg).toBeNull();
    expect(d.orderDetails).toMatchObject({
      id: orderId,
      status: 'PLACED',
      label: 'Order Placed',
      netPrice: cart.price,
      favourite: false,
      cancelReason: null,
      storeName: 'Crust Connaught Place',
    });
    expect(d.orderDetails.items.map((i) => i.productId)).toEqual([FARMHOUSE, BREADSTICKS]);
    expect(d.orderDetails.paymentSummary.at(-1)).toEqual({ label: 'Cash on delivery', value: cart.price });

    await setOrder(orderId, { status: 'cancelled', stage: 'CANCELLED', cancelReason: 'Store closed early' });
    const gone = await details(c, orderId);
    expect(gone.orderDetails).toMatchObject({
      label: 'CANCELLED',
      stage: 'CANCELLED',
      cancelReason: 'Store closed early',
    });
    expect(gone.invoiceMsg).toMatch(/cancelled/);
  });
});

describe('invoice (SPEC §7 GET invoice)', () => {
  it('is a PDF named for the order number, with the store GSTIN and the GST split as charged', async () => {
    const c = await client();
    const farmhouse = (await storeMenu(t, 1001)).get(FARMHOUSE)!;
    const onion = farmhouse.defaultToppingIds[0]!;
    const { orderId, cart } = await place(c, [
      pizza(FARMHOUSE, SIZE.M, 2, { remTopngs: [onion] }),
      side(BREADSTICKS),
    ]);
    const number = (await details(c, orderId)).orderDetails.dominosOrderId;
    const res = await get(c, fillPath(API_PATHS.invoice, { orderId }), { orderType: 'D' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { fonts, text } = readPdf(pdf);
    // ₹ and − need a font that has them: DejaVu Sans is embedded (subset), and no built-in font is used
    expect(fonts.map((f) => f.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(text).not.toContain('\uFFFD');
    expect(text).toContain('Crust Pizza');
    expect(text).toContain('Crust Connaught Place');
    expect(text).toContain(`Invoice No: ${number}`);
    expect(text).toContain(`GSTIN: ${gstinFor({ id: 1001, state: 'Delhi' })}`);
    expect(text).toContain('Billed to');
    expect(text).toContain('Asha Verma');
    const gst = cart.taxAmount;
    expect(gst).toBeGreaterThan(0);
    const sgst = Math.floor(gst / 2);
    expect(text).toContain(`CGST @ 2.5%\n${rupeesText(gst - sgst)}`);
    expect(text).toContain(`SGST @ 2.5%\n${rupeesText(sgst)}`);
    expect(text).toContain(`Grand Total\n${rupeesText(cart.price)}`);
    expect(text).toContain('Cash on delivery');
    // prices in rupees with the ₹ sign, and the removed topping with a minus sign (U+2212), not a hyphen
    expect(text).toContain(`Grand Total\n₹`);
    expect(text).not.toContain('Rs.');
    expect(text).toMatch(/\u2212 \p{L}/u);
  });

  it('answers 400 with the reason for orders without an invoice', async () => {
    const c = await client();
    const { orderId } = await place(c);
    await setOrder(orderId, { status: 'failed' });
    const res = await get(c, fillPath(API_PATHS.invoice, { orderId }));
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body).toMatchObject({ status: 'FAILED', errors: [{ code: 'INVOICE_UNAVAILABLE' }] });
    expect(body.errors[0].displayMsg).toBe((await details(c, orderId)).invoiceMsg);
  });

  it('GSTINs have the real shape and check character', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V'); // a published example
    expect(gstinFor({ id: 1001, state: 'Delhi' })).toMatch(/^07AACCC1001K1Z[0-9A-Z]$/);
    expect(gstinFor({ id: 3001, state: 'Karnataka' }).slice(0, 2)).toBe('29');
    expect(rupeesText(12345678)).toBe('₹1,23,456.78');
    expect(rupeesText(-5000)).toBe('\u2212₹50.00');
  });
});

describe('reorder (SPEC §7 POST reorder by {id})', () => {
  it('CHECK says what the store can make now without touching any cart; ADD fills the cart with it', async () => {
    const c = await client();
    const { orderId } = await place(c, [
      pizza(FARMHOUSE, SIZE.L, 2, { crustId: CRUST.CHEESE_BURST }),
      side(BREADSTICKS),
    ]);
    await setStock(t, 1001, BREADSTICKS, { inStock: false });
    try {
      const check = await reorder(c, orderId, 'CHECK');
      expect(check).toMatchObject({
        storeId: 1001,
        deliveryType: 'D',
        cartId: null,
        added: [{ productId: FARMHOUSE, quantity: 2 }],
        unavailable: [{ productId: BREADSTICKS, reason: MESSAGES.outOfStock }],
      });
      expect(check.customerAddress).toContain('Barakhamba Road');
      expect(await count(t, sql`select count(*) as n from carts where owner_id = ${c.who.userId}`)).toBe(0);

      const key = randomUUID();
      const added = await reorder(c, orderId, 'ADD', { 'idempotency-key': key });
      expect(added.cartId).not.toBeNull();
      expect(added.added).toEqual([{ productId: FARMHOUSE, name: expect.any(String), quantity: 2 }]);
      expect(added.unavailable.map((u) => u.reason)).toEqual([MESSAGES.outOfStock]);
      // a retried ADD (same key) adds nothing twice
      expect((await reorder(c, orderId, 'ADD', { 'idempotency-key': key })).cartId).toBe(added.cartId);
      const cart = await c.carts.get(added.cartId!);
      expect(cart.storeId).toBe(1001);
      expect(cart.validItems).toHaveLength(1);
      expect(cart.validItems[0]).toMatchObject({
        product: { code: FARMHOUSE },
        sizeId: SIZE.L,
        crustId: CRUST.CHEESE_BURST,
        quantity: 2,
      });
    } finally {
      await setStock(t, 1001, BREADSTICKS, { inStock: true });
    }
  });

  it('a product the store no longer sells is "not available"; the current cart moves to the order\'s store', async () => {
    const c = await client();
    const { orderId } = await place(c, [pizza(FARMHOUSE, SIZE.M), pizza(MARGHERITA, SIZE.M)]);
    // the customer has since started a cart at another store
    const other = await c.carts.call(
      'POST',
      API_PATHS.carts,
      { items: [side(BREADSTICKS)] },
      { storeid: '3001' },
    );
    const current = json(other).data.cartId as string;
    await setStock(t, 1001, MARGHERITA, { available: false });
    try {
      const result = await reorder(c, orderId, 'ADD', { cartid: current });
      expect(result.cartId).toBe(current);
      expect(result.unavailable).toEqual([
        { productId: MARGHERITA, name: expect.any(String), reason: MESSAGES.notAvailableNow },
      ]);
      const cart = await c.carts.get(current);
      expect(cart.storeId).toBe(1001);
      expect(cart.validItems.map((i) => i.product.code).sort()).toEqual([FARMHOUSE, BREADSTICKS].sort());
    } finally {
      await setStock(t, 1001, MARGHERITA, { available: true });
    }
  });

  it('an offline store: a takeaway goes to the nearest online store; a delivery nobody else reaches stays for an advance order', async () => {
    const pickup = await client(await newGuest(t, 1001, 'T'));
    const takeaway = (await place(pickup)).orderId;
    const delivery = await client();
    const delivered = (await place(delivery)).orderId;
    await t.database.db.execute(sql`update stores set online = false where id = 1001`);
    // the store directory keeps rows 15 s; the store console drops it when it flips a store, this test does by hand
    t.app.deps.stores.forget();
    try {
      const moved = await reorder(pickup, takeaway, 'CHECK');
      expect(moved).toMatchObject({ storeId: 1002, deliveryType: 'T', customerAddress: null });
      expect((await reorder(delivery, delivered, 'CHECK')).storeId).toBe(1001);
      const into = await reorder(pickup, takeaway, 'ADD');
      expect((await pickup.carts.get(into.cartId!)).storeId).toBe(1002);
    } finally {
      await t.database.db.execute(sql`update stores set online = true where id = 1001`);
      t.app.deps.stores.forget();
    }
  });
});

describe('favourites (SPEC §7 GET favourites, POST favourite items / order)', () => {
  it('marks and unmarks menu items; an unknown product is 404', async () => {
    const c = await client();
    const fav = (productId: string, favourite: boolean) =>
      post(c, API_PATHS.favouriteItems, { productId, favourite });
    expect(json(await fav(FARMHOUSE, true))).toEqual({ status: 'SUCCESS', productIds: [FARMHOUSE] });
    await fav(FARMHOUSE, true);
    await fav(BREADSTICKS, true);
    const listed = ProductIdsSchema.parse(json(await get(c, API_PATHS.favourites)));
    expect(listed.productIds.sort()).toEqual([BREADSTICKS, FARMHOUSE].sort());
    expect(json(await fav(FARMHOUSE, false)).productIds).toEqual([BREADSTICKS]);
    const unknown = await fav('PIZ9999', true);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).errors[0].code).toBe('PRODUCT_NOT_FOUND');
    expect((await fav('not a code', true)).statusCode).toBe(400);
    // another person's favourites are their own
    expect(ProductIdsSchema.parse(json(await get(await client(), API_PATHS.favourites))).productIds).toEqual(
      [],
    );
  });

  it('an order is marked and unmarked as a favourite', async () => {
    const c = await client();
    const { orderId } = await place(c);
    const url = fillPath(API_PATHS.favouriteOrder, { orderId });
    await post(c, url, { favourite: true });
    expect((await details(c, orderId)).orderDetails.favourite).toBe(true);
    await post(c, url, { favourite: false });
    expect((await history(c, { filter: 'FAVOURITE' })).orders).toEqual([]);
  });

  it("deleting an account deletes the person's favourite items", async () => {
    const c = await client(await customers(() => t)());
    await post(c, API_PATHS.favouriteItems, { productId: FARMHOUSE, favourite: true });
    const mine = sql`select count(*) as n from favourite_items where owner_id = ${c.who.userId}`;
    expect(await count(t, mine)).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: API_PATHS.account, headers: c.who.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(t, mine)).toBe(0);
    expect(await rows(t, sql`select 1 from customers where id = ${c.who.userId}`)).toHaveLength(1);
  });
});

describe('a guest who logs in', () => {
  it('finds the orders and favourite items of the guest session in the account', async () => {
    const guest = await client();
    const { orderId } = await place(guest);
    const fav = await post(guest, API_PATHS.favouriteItems, { productId: FARMHOUSE, favourite: true });
    expect(fav.statusCode, fav.body).toBe(200);
    const auth = authClient(() => t);
    const session = (await auth.login(freshMobile(), guest.who.headers)) as Parameters<
      typeof customerHeaders
    >[0];
    const customer: Client = {
      ...orderClient(t, { userId: session.userId, headers: customerHeaders(session) }),
      mobile: guest.mobile,
    };
    expect((await history(customer)).orders.map((o) => o.id)).toEqual([orderId]);
    expect((await details(customer, orderId)).orderDetails.id).toBe(orderId);
    const favourites = ProductIdsSchema.parse(json(await get(customer, API_PATHS.favourites)));
    expect(favourites.productIds).toEqual([FARMHOUSE]);
    // the guest session's copy is gone, not shared
    expect((await history(guest)).orders).toEqual([]);
  });
});
