import { describe, expect, it } from 'vitest';
import type { Cart } from '@crust/contract/cart';
import type { ConfirmOrderBody } from '@crust/contract/orders';
import { CHECKOUT_TEXTS } from '@crust/domain/checkout-customer';
import { MESSAGES } from '@crust/domain/messages';
import { reachRefusal } from '../src/modules/orders/confirm/address-step.ts';
import { cartRefusal } from '../src/modules/orders/confirm/cart-step.ts';
import { customerRefusal } from '../src/modules/orders/confirm/customer-step.ts';
import { totalRefusal } from '../src/modules/orders/confirm/total-step.ts';
import { fail } from '../src/modules/orders/fail.ts';

/**
 * The confirm's checks of the order itself (orders/confirm/), each a rule of its own: the cart, the store's reach,
 * the customer's details, the total the customer saw. Pure; the journeys in orders*.test.ts run them end to end.
 */
type OrderDetails = ConfirmOrderBody['orderDetails'];
const item = {} as Cart['validItems'][number];

describe('the cart', () => {
  const cart = (valid: number, invalid: number, deliveryType: Cart['deliveryType'] = 'D') => ({
    validItems: Array<typeof item>(valid).fill(item),
    invalidItems: Array<Cart['invalidItems'][number]>(invalid).fill({} as Cart['invalidItems'][number]),
    deliveryType,
  });
  it.each([
    ['items of the type asked', cart(2, 0), 'D', null],
    ['nothing to order', cart(0, 0), 'D', fail('REVIEW_CART', MESSAGES.reviewCart)],
    ['another order type', cart(1, 0, 'T'), 'D', fail('REVIEW_CART', MESSAGES.reviewCart)],
    [
      'nothing to order and items gone: REVIEW_CART first',
      cart(0, 1),
      'D',
      fail('REVIEW_CART', MESSAGES.reviewCart),
    ],
    ['items gone', cart(1, 1), 'D', fail('ITEMS_UNAVAILABLE', MESSAGES.someItemsUnavailable)],
  ] as const)('%s', (_, c, type, expected) => {
    expect(cartRefusal(c, type)).toEqual(expected);
  });
});

describe("the store's reach", () => {
  const store = { latitude: 12.97, longitude: 77.59, deliveryRadiusKm: 5, deliveryPolygon: null };
  it.each([
    ['at the store', { latitude: 12.97, longitude: 77.59 }, null],
    ['about 3.3 km north', { latitude: 13.0, longitude: 77.59 }, null],
    [
      'about 11 km north',
      { latitude: 13.07, longitude: 77.59 },
      fail('NOT_SERVICEABLE', MESSAGES.weDoNotDeliverHere),
    ],
  ] as const)('%s', (_, address, expected) => {
    expect(reachRefusal(address, store)).toEqual(expected);
  });
});

describe("the customer's details", () => {
  const who = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', mobile: '9876543210' };
  const od = (deliveryType: OrderDetails['deliveryType'], more: Partial<OrderDetails> = {}) =>
    ({ deliveryType, userDetails: who, vehicleDetails: null, stationId: null, ...more }) as OrderDetails;
  const bays = { stations: [{ stationId: 7 }] };
  const home = { latitude: 12.97, longitude: 77.59, locality: 'Indiranagar' };
  it.each([
    ['a pickup with name, email and mobile', od('P'), null, null],
    ['a delivery to an address with a locality', od('D'), home, null],
    [
      'a pickup without a name',
      od('P', { userDetails: { ...who, firstName: '', lastName: '' } }),
      null,
      fail('INVALID_DETAILS', CHECKOUT_TEXTS.enterName, 'orderDetails.userDetails.firstName'),
    ],
    [
      'a pickup without an email',
      od('P', { userDetails: { ...who, email: '' } }),
      null,
      fail('INVALID_DETAILS', CHECKOUT_TEXTS.enterEmail, 'orderDetails.userDetails.email'),
    ],
    [
      'a pickup with neither: the name first',
      od('P', { userDetails: { ...who, firstName: '', lastName: '', email: '' } }),
      null,
      fail('INVALID_DETAILS', CHECKOUT_TEXTS.enterName, 'orderDetails.userDetails.firstName'),
    ],
    [
      'a delivery to an address without a locality',
      od('D'),
      { ...home, locality: ' ' },
      fail('INVALID_DETAILS', CHECKOUT_TEXTS.selectLocality, 'orderDetails.address'),
    ],
  ] as const)('%s', (_, details, address, expected) => {
    expect(customerRefusal(details, address, bays)).toEqual(expected);
  });

  it('a curbside order names a bay of the store', () => {
    const car = { number: 'KA01AB1234' };
    expect(customerRefusal(od('CURB', { vehicleDetails: car, stationId: 7 }), null, bays)).toBeNull();
    expect(customerRefusal(od('CURB', { vehicleDetails: car, stationId: 8 }), null, bays)).toMatchObject({
      errors: [{ code: 'INVALID_DETAILS', field: 'orderDetails.stationId' }],
    });
  });
});

describe('the total the customer saw', () => {
  const cart = (notices: string[]) => ({ price: 59_900, notices });
  it.each([
    ['the same total', cart([]), 59_900, null],
    ['another total', cart([]), 49_900, fail('REVIEW_CART', MESSAGES.reviewCart)],
    [
      'another total after the cart dropped a coupon: why, once',
      cart(['Coupon SAVE10 no longer applies', MESSAGES.reviewCart]),
      49_900,
      fail('REVIEW_CART', `Coupon SAVE10 no longer applies. ${MESSAGES.reviewCart}`),
    ],
  ] as const)('%s', (_, c, expected, refusal) => {
    expect(totalRefusal({ ...c, notices: [...c.notices] }, expected)).toEqual(refusal);
  });
});
