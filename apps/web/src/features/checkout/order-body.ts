import type { Address, Cart } from '@crust/contract';
import type { ConfirmOrderBody, OrderDetails, PaymentDetails } from '@crust/contract/orders';
import { normaliseVehicleNumber } from '@crust/domain/checkout-customer';
import { inputOf } from '../../shared/account/api.ts';
import type { Trip } from '../../shared/train/trip.ts';
import type { CheckoutValues, Contact } from './form.ts';

/**
 * SPEC §7 POST batch confirm order: what to order and how to pay, never a price or a card number. The
 * total the customer saw goes as expectedTotalPaise, so a cart whose price moved answers REVIEW_CART.
 */
export function orderBody(input: {
  cart: Cart;
  loggedIn: boolean;
  address: Address | undefined;
  contact: Contact;
  values: CheckoutValues;
  /** the advance slot, epoch ms; null orders for now */
  slotMs: number | null;
  payment: PaymentDetails;
  duplicateConfirmed: boolean;
  /** the customer's Pizza Pals card code when they are not enrolled (SPEC §5: the order enrols them); else null */
  enrolWith: string | null;
  /** a train order's ticket, station and seat (shared/train/trip.ts); null for every other order */
  trip: Trip | null;
}): ConfirmOrderBody {
  const { cart, contact, values: v } = input;
  const delivery = cart.deliveryType === 'D';
  const orderDetails: OrderDetails = {
    cartId: cart.cartId,
    deliveryType: cart.deliveryType,
    userDetails: {
      firstName: contact.firstName.trim(),
      lastName: contact.lastName.trim(),
      email: contact.email.trim(),
      mobile: contact.mobile.trim(),
    },
    // a customer's address is saved on the server; a guest's lives on this device, so it goes whole
    address:
      delivery && input.address
        ? input.loggedIn
          ? { addressId: input.address.addressId }
          : { address: inputOf(input.address) }
        : null,
    zeroContactDelivery: delivery && v.zeroContact,
    expectedTotalPaise: cart.price,
    duplicateConfirmed: input.duplicateConfirmed,
  };
  if (input.loggedIn && input.enrolWith !== null) {
    orderDetails.enroll = true;
    orderDetails.loyaltyRegistrationRequest = { loyaltyCardCode: input.enrolWith };
  }
  if (cart.deliveryType === 'IRCTC' && input.trip) {
    const t = input.trip;
    orderDetails.customerIrctcDetails = {
      pnr: t.pnr,
      trainNo: t.trainNo,
      stationCode: t.stationCode,
      coach: t.coach,
      berth: t.berth,
    };
  }
  if (delivery && v.instructions.trim()) orderDetails.deliveryInstructions = v.instructions.trim();
  if (input.slotMs !== null) orderDetails.advancedTime = Math.floor(input.slotMs / 1000);
  if (cart.deliveryType === 'CURB') {
    orderDetails.vehicleDetails = {
      number: normaliseVehicleNumber(v.vehicleNumber) ?? v.vehicleNumber.trim(),
    };
    if (v.vehicleColour.trim()) orderDetails.vehicleDetails.colour = v.vehicleColour.trim();
    if (v.vehicleModel.trim()) orderDetails.vehicleDetails.model = v.vehicleModel.trim();
    orderDetails.stationId = v.stationId;
  }
  return { orderDetails, paymentDetails: input.payment };
}
