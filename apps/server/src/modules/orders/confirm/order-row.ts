import type { ConfirmOrderBody } from '@crust/contract/orders';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { addressLine } from '@crust/domain/address';
import { giftWithOrder } from '@crust/domain/surprise-gift';
import { trainDeliverTo, type TrainBooking } from '@crust/domain/train';
import { randomId } from '../../../http/session-tokens.ts';
import type * as repo from '../repo.ts';
import type { OrderAddress } from './address-step.ts';
import type { CheckoutCart } from './cart-step.ts';
import type { Fresh } from './existing-order.ts';
import type { Instrument } from './instrument-step.ts';
import type { PaymentAmounts } from './payment-step.ts';

/** Everything the confirm's checks let through: the order it makes. */
export interface ConfirmedOrder {
  orderId: string;
  ownerId: string;
  customer: boolean;
  od: ConfirmOrderBody['orderDetails'];
  checkout: CheckoutCart;
  store: { name: string; address: string };
  train: TrainBooking | null;
  address: OrderAddress | null;
  amounts: PaymentAmounts;
  instrument: Instrument;
  partner: PartnerVendor | null;
}

/** The order's row as it is inserted (a new transaction id each time the insert's transaction runs). */
export function orderRowOf(c: ConfirmedOrder): Omit<repo.OrderInsert, 'number'> {
  const { od, address, train } = c;
  const { cart, lines } = c.checkout;
  const u = od.userDetails;
  return {
    id: c.orderId,
    transactionId: randomId('T', 10),
    ownerId: c.ownerId,
    cartId: cart.cartId,
    cartVersion: cart.version,
    storeId: cart.storeId,
    deliveryType: od.deliveryType,
    // the lines as confirmed, and what the order asks of Pizza Pals (read by the loyalty module's events)
    snapshot: {
      cart,
      lines,
      enroll: od.enroll ?? null,
      train,
      loyaltyCardCode: od.loyaltyRegistrationRequest?.loyaltyCardCode ?? null,
      // the gift the cart, priced here by the server, unlocked: the store must pack it (never the client's word)
      surpriseGift: giftWithOrder(cart.surpriseGift),
      // the partner whose gateway pays it (issue 18): kept with the order, so a resumed first step agrees
      ...(c.partner ? { partner: c.partner } : {}),
    },
    totalPaise: cart.price,
    walletPaise: c.amounts.walletPaise,
    amountPaise: c.amounts.amountPaise,
    primaryPaymentId: c.instrument.method,
    upiMode: c.instrument.upiMode,
    mobile: u.mobile,
    userDetails: u,
    address,
    deliverTo: address
      ? addressLine({
          houseNo: address.houseNo,
          street: address.address,
          locality: address.locality,
          city: address.city,
        })
      : train
        ? trainDeliverTo(train)
        : `${c.store.name}, ${c.store.address}`,
    vehicle: od.vehicleDetails ?? null,
    stationId: od.stationId ?? null,
    advancedTime: od.advancedTime ? new Date(od.advancedTime * 1000) : null,
    zeroContact: od.zeroContactDelivery,
    instructions: od.deliveryInstructions ?? null,
    promoCode: cart.appliedPromo?.code ?? null,
    voucherCode: c.instrument.voucherCode,
  };
}

/** What the confirm would make, to compare with an order the cart has already (existing-order.ts). */
export function freshOf(c: ConfirmedOrder): Fresh {
  return {
    cartVersion: c.checkout.cart.version,
    totalPaise: c.checkout.cart.price,
    walletPaise: c.amounts.walletPaise,
    primary: c.instrument.method,
    upiMode: c.instrument.upiMode,
    partner: c.partner,
  };
}
