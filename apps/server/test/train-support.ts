import type { ConfirmOrderBody } from '@crust/contract/orders';
import { newGuest, pizza, FARMHOUSE, SIZE } from './cart-support.ts';
import { orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';

/** The sandbox's demo ticket: 12622 Tamil Nadu Express, coach B2 berth 34, at Bhopal (store 5101) in about 3½ h. */
export const TICKET = { pnr: '2451234567', trainNo: '12622', stationCode: 'BPL' };

/** A guest's train cart at `storeId`, and a confirm body for it paid by `pay` (a card by default). */
export async function trainCart(t: GatewayTestApp, storeId = 5101) {
  const who = await newGuest(t, storeId, 'IRCTC');
  const c = orderClient(t, who);
  const cart = await c.cart([pizza(FARMHOUSE, SIZE.M)]);
  const body = (
    irctc: ConfirmOrderBody['orderDetails']['customerIrctcDetails'],
    pay: Partial<ConfirmOrderBody['paymentDetails']> = { primaryPaymentId: 'CC' },
  ) => c.body(cart, pay, { deliveryType: 'IRCTC', address: null, customerIrctcDetails: irctc });
  return { c, cart, body, who };
}
