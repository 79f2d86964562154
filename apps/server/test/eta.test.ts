import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@crust/contract/paths';
import { StoreInfoResponseSchema } from '@crust/contract/stores';
import { BUSY_QUEUE } from '@crust/domain/delivery-estimate';
import { json } from './helpers.ts';
import { createGatewayApp, type GatewayTestApp } from './pg-support.ts';
import { CP_ADDRESS, rows } from './order-support.ts';
import { placeCash, storeStaff } from './tracking-support.ts';
import { DAY, nextIst, settableClock } from './test-clock.ts';

/**
 * The ETA (issue 31 item 6) where the web reads it: the store's answer (menu, cart, checkout) and the order's
 * summary (thank-you). The app's clock runs at real speed from an instant the test chooses, so the night rule
 * (11 PM to 3 AM) is the test's, not the machine's.
 */
const clock = settableClock();
const setClock = clock.set;

let t: GatewayTestApp;
beforeAll(async () => {
  setClock(nextIst(13));
  t = await createGatewayApp({}, { seed: true, loopback: true, clock: clock.now });
});
afterAll(() => t.close());

/** Connaught Place, half a kilometre from store 1001 */
const NEAR = { latitude: CP_ADDRESS.latitude, longitude: CP_ADDRESS.longitude };
/** west of Karol Bagh, about 6 km from store 1001 (more than the 5 km a 30-minute delivery allows) */
const FAR = { latitude: 28.6519, longitude: 77.1609 };

async function etaOf(body: object) {
  const res = await t.app.inject({ method: 'POST', url: API_PATHS.storeInfo, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const answer = StoreInfoResponseSchema.parse(json(res));
  return answer.data?.eta;
}

describe('the store answer carries the ETA', () => {
  it('is Unknown without an order type, and for a delivery without a point', async () => {
    expect(await etaOf({ storeId: 1001 })).toBe('UNKNOWN');
    expect(await etaOf({ storeId: 1001, deliveryType: 'D' })).toBe('UNKNOWN');
  });

  it('is 30 for a near delivery by day, 20 for takeaway and dine-in, 45 for a far one', async () => {
    expect(await etaOf({ storeId: 1001, deliveryType: 'D', ...NEAR })).toBe(30);
    expect(await etaOf({ storeId: 1001, deliveryType: 'T' })).toBe(20);
    expect(await etaOf({ storeId: 1001, deliveryType: 'DINEIN' })).toBe(20);
    expect(await etaOf({ storeId: 1001, deliveryType: 'D', ...FAR })).toBe(45);
  });

  it('is NA at a store that does not deliver, and at an offline store', async () => {
    // 1008 is a mall kiosk (takeaway only); 1006 is offline
    expect(await etaOf({ storeId: 1008, deliveryType: 'D', ...NEAR })).toBe('NA');
    expect(await etaOf({ storeId: 1008, deliveryType: 'T' })).toBe(20);
    expect(await etaOf({ storeId: 1006, deliveryType: 'T' })).toBe('NA');
  });

  it('is 45 for a delivery placed at night', async () => {
    const day = clock.shift;
    setClock(nextIst(23, 30));
    try {
      expect(await etaOf({ storeId: 1001, deliveryType: 'D', ...NEAR })).toBe(45);
      // a takeaway keeps its 20 at night: there is no delivery to slow down
      expect(await etaOf({ storeId: 1001, deliveryType: 'T' })).toBe(20);
    } finally {
      clock.shift = day;
    }
  });
});

describe('the queue slows it down, and the order summary counts the orders ahead', () => {
  it('a busy store gives takeaway 30 and delivery 45; the first order says 30, a late one 45, a delivered one NA', async () => {
    const placed = [];
    for (let i = 0; i < BUSY_QUEUE; i++) placed.push(await placeCash(t));
    expect(await etaOf({ storeId: 1001, deliveryType: 'T' })).toBe(30);
    expect(await etaOf({ storeId: 1001, deliveryType: 'D', ...NEAR })).toBe(45);

    const late = await placeCash(t);
    expect((await late.client.summary(late.orderId)).eta).toBe(45);
    const first = placed[0]!;
    expect((await first.client.summary(first.orderId)).eta).toBe(30);

    const staff = await storeStaff(t);
    await staff.move(first.orderId, 'BEING_BAKED');
    await staff.move(first.orderId, 'DISPATCHED', 'Ravi');
    await staff.move(first.orderId, 'DELIVERED');
    expect((await first.client.summary(first.orderId)).eta).toBe('NA');
    // one fewer in the queue, and still busy
    expect(await etaOf({ storeId: 1001, deliveryType: 'T' })).toBe(30);
  });
});

describe('an order is placed on the app’s clock', () => {
  it('its placing time is the app’s, and so is its promise: 45 minutes from a night placing', async () => {
    const day = clock.shift;
    // a day ahead of the machine at least, so the machine's own time can never pass for the app's
    setClock(nextIst(23, 30) + DAY);
    try {
      const asked = clock.now();
      const { orderId } = await placeCash(t);
      const [row] = await rows<{ placed_at: string | Date; promised_at: string | Date }>(
        t,
        sql`select placed_at, promised_at from orders where id = ${orderId}`,
      );
      const placedAt = new Date(row!.placed_at).getTime();
      expect(placedAt).toBeGreaterThanOrEqual(asked);
      expect(placedAt).toBeLessThan(clock.now() + 1);
      expect(new Date(row!.promised_at).getTime() - placedAt).toBe(45 * 60_000);
    } finally {
      clock.shift = day;
    }
  });
});
