import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInput } from '@crust/contract/account';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { API_PATHS } from '@crust/contract/paths';
import { StoreInfoResponseSchema, type Store } from '@crust/contract/stores';
import { STORE_ORDER_TYPES, type StoreOrderType } from '@crust/domain/delivery-types';
import { CP_ADDRESS, freshMobile, newGuest, orderClient } from './order-support.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { json } from './helpers.ts';
import { HOUR, nextIst, settableClock } from './test-clock.ts';

/**
 * The store's side of confirm (issue 11): an online store outside its opening hours takes advance orders
 * only, for every order type, and says when it opens; curbside goes to one of the store's own bays; a store
 * takes only the order types it offers (curbside only where it has bays).
 *
 * The app's clock is set by the test: it runs at real speed from an instant the test chooses.
 */
const clock = settableClock();
const setClock = clock.set;

let t: GatewayTestApp;
beforeAll(async () => {
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: clock.now });
});
afterAll(() => t.close());

/** Crust Sector 29, Gurugram: every order type, bays 1–3, open 10:00–02:00. */
const SECTOR_29 = 1102;
const SECTOR_29_ADDRESS: AddressInput = {
  ...CP_ADDRESS,
  houseNo: 'H-21',
  address: 'Leisure Valley Road',
  locality: 'Sector 29',
  city: 'Gurugram',
  postalCode: '122001',
  latitude: 28.4672,
  longitude: 77.0668,
};
/** Crust Saket: delivery, takeaway and Takeaway/Dine-in only (no dine-in, no bays). */
const SAKET = 1003;

async function storeInfo(storeId: number): Promise<Store> {
  const res = await t.app.inject({ method: 'POST', url: API_PATHS.storeInfo, payload: { storeId } });
  const body = StoreInfoResponseSchema.parse(json(res));
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data.store;
}

/** A guest's cart of one side at a store for an order type, and the confirm body for it. */
async function cartFor(storeId: number, type: StoreOrderType) {
  const c = orderClient(t, await newGuest(t, storeId, type));
  const cart = await c.cart();
  const details: Partial<ConfirmOrderBody['orderDetails']> = {
    deliveryType: type,
    userDetails: { firstName: 'Ira', lastName: 'Sen', email: 'ira@example.com', mobile: freshMobile() },
    address: type === 'D' ? { address: SECTOR_29_ADDRESS } : null,
    ...(type === 'CURB' ? { vehicleDetails: { number: 'HR26DQ5551' }, stationId: 3 } : {}),
  };
  return {
    c,
    cart,
    body: (more: Partial<ConfirmOrderBody['orderDetails']> = {}) => c.body(cart, {}, { ...details, ...more }),
  };
}

describe('a store outside its opening hours', () => {
  it('tells store info it is closed and when it opens', async () => {
    const opens = nextIst(10, 0);
    setClock(opens - 5 * HOUR); // 05:00 IST
    const store = await storeInfo(SECTOR_29);
    expect(store.online).toBe(1);
    expect(store.isOpenNow).toBe(false);
    expect(store.nextOpensAt).toBe(opens / 1000);
    setClock(opens + 2 * HOUR);
    expect(await storeInfo(SECTOR_29)).toMatchObject({ isOpenNow: true, nextOpensAt: null });
  });

  it.each(STORE_ORDER_TYPES)(
    'refuses a %s order for now, naming the opening time, and takes one for after it opens',
    async (type) => {
      const opens = nextIst(10, 0);
      setClock(opens - 5 * HOUR); // 05:00 IST, the store opens at 10:00
      const { c, body } = await cartFor(SECTOR_29, type);

      const now = await c.confirm(body());
      expect(now).toEqual({
        status: 'FAILED',
        errors: [
          {
            code: 'STORE_CLOSED',
            displayMsg:
              'Store is closed now and opens at 10:00 AM today: browse the menu or book an advance order',
          },
        ],
      });

      // before its first slot (the kitchen starts 30 minutes before a slot, and only once open) nothing is taken
      const early = await c.confirm(body({ advancedTime: (opens + 15 * 60_000) / 1000 }));
      expect(early).toMatchObject({
        status: 'FAILED',
        errors: [{ code: 'INVALID_DETAILS', field: 'orderDetails.advancedTime' }],
      });

      const first = await c.confirm(body({ advancedTime: (opens + 30 * 60_000) / 1000 }));
      expect(first.status, JSON.stringify(first)).toBe('SUCCESS');
    },
  );

  it('says "tomorrow" when it opens on the next IST day', async () => {
    const opens = nextIst(11, 0);
    setClock(opens - 11.5 * HOUR); // 23:30 IST; Saket keeps 11:00–23:00
    const { c, body } = await cartFor(SAKET, 'T');
    expect(await c.confirm(body())).toEqual({
      status: 'FAILED',
      errors: [
        {
          code: 'STORE_CLOSED',
          displayMsg:
            'Store is closed now and opens at 11:00 AM tomorrow: browse the menu or book an advance order',
        },
      ],
    });
    expect(await storeInfo(SAKET)).toMatchObject({ isOpenNow: false, nextOpensAt: opens / 1000 });
  });

  it('takes orders for now once open', async () => {
    setClock(nextIst(13, 0));
    for (const type of STORE_ORDER_TYPES) {
      const { c, body } = await cartFor(SECTOR_29, type);
      const placed = await c.confirm(body());
      expect(placed.status, `${type} ${JSON.stringify(placed)}`).toBe('SUCCESS');
    }
  });
});

describe('curbside bays (SPEC §3 storeStationDetails)', () => {
  it('are told with the store, and a store without bays offers no curbside', async () => {
    setClock(nextIst(13, 0));
    const cp = await storeInfo(1001);
    expect(cp.storeStationDetails).toEqual([
      { stationId: 1, name: 'Bay 1' },
      { stationId: 2, name: 'Bay 2' },
      { stationId: 3, name: 'Bay 3' },
      { stationId: 4, name: 'Bay 4' },
    ]);
    expect(cp.orderTypes).toContain('CURB');
    const saket = await storeInfo(SAKET);
    expect(saket.storeStationDetails).toEqual([]);
    expect(saket.orderTypes).not.toContain('CURB');
  });

  it("take a curbside order to one of the store's bays, and refuse any other bay", async () => {
    setClock(nextIst(13, 0));
    const { c, body } = await cartFor(SECTOR_29, 'CURB');
    for (const stationId of [4, 7, 1001]) {
      const refused = await c.confirm(body({ stationId }));
      expect(refused).toEqual({
        status: 'FAILED',
        errors: [
          {
            code: 'INVALID_DETAILS',
            displayMsg: "Choose one of this store's parking bays",
            field: 'orderDetails.stationId',
          },
        ],
      });
    }
    const placed = await c.confirm(body({ stationId: 2 }));
    expect(placed.status, JSON.stringify(placed)).toBe('SUCCESS');
  });

  it('refuse a curbside order at a store without bays, and an order type a store does not offer', async () => {
    setClock(nextIst(13, 0));
    for (const type of ['CURB', 'DINEIN'] as const) {
      const { c, body } = await cartFor(SAKET, type);
      const refused = await c.confirm(body({ stationId: 1 }));
      expect(refused, type).toMatchObject({ status: 'FAILED', errors: [{ code: 'ORDER_TYPE_UNAVAILABLE' }] });
    }
    // what Saket does offer it takes
    const { c, body } = await cartFor(SAKET, 'T');
    expect((await c.confirm(body())).status).toBe('SUCCESS');
  });
});
