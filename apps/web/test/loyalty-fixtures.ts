/** Pizza Pals answers for the loyalty, wallet and widget tests. */
import type { LoyaltyInfo, LoyaltyMenuItem } from '@crust/contract/loyalty';

/** A customer's loyalty info: enrolled with nothing earned unless told otherwise. */
export function makeLoyaltyInfo(
  o: Partial<Omit<LoyaltyInfo, 'balance'>> & {
    points?: number;
    pending?: number;
    burnable?: number;
  } = {},
): LoyaltyInfo {
  const { points = 0, pending = 0, burnable = 0, ...rest } = o;
  return {
    enrollmentStatus: true,
    status: 'ENROLLED',
    eligibility: 'ELIGIBLE',
    loyaltyCardCode: 'POTP2',
    programme: { itemRedeemPoints: 600, earnPointsPerOrder: 100, slices: 6 },
    balance: {
      overall: { points },
      pending: { points: pending },
      burnable: { points: burnable, freeItems: Math.floor(burnable / 600) },
      sliceBalance: Math.floor(points / 100),
      slicesTowardNext: Math.floor(points / 100) % 6,
    },
    ...rest,
  };
}

export const notEnrolled = (o: Partial<LoyaltyInfo> = {}) =>
  makeLoyaltyInfo({ enrollmentStatus: false, status: 'NEW', ...o });

export function makeFreePizza(o: Partial<LoyaltyMenuItem> = {}): LoyaltyMenuItem {
  return {
    productCode: 'PIZ0171',
    name: 'Margherita',
    image: '',
    nonVeg: false,
    crustId: 1,
    crustName: 'Hand Tossed',
    sizeId: 1,
    sizeName: 'Regular',
    pricePaise: 19900,
    ...o,
  };
}
