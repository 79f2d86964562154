import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { LoyaltyInfo, LoyaltyMenuItem, LoyaltyMenuItems } from '@crust/contract/loyalty';
import type { CartItemInput } from '@crust/contract';
import { API_PATHS } from '@crust/contract/paths';
import { api } from '../../shared/api/client.ts';
import type { Outcome } from '../../shared/api/envelope.ts';
import { dataOf, loyaltyKeys } from '../../shared/loyalty/api.ts';

/** The info a join or a leave answers becomes what every reader of loyalty shows (the widget goes, or comes). */
async function answered(qc: QueryClient, call: Promise<Outcome<LoyaltyInfo>>): Promise<LoyaltyInfo> {
  const info = dataOf(await call);
  qc.setQueryData(loyaltyKeys.info, info);
  return info;
}

/** SPEC §7 cheesy-rewards register: joining with the terms accepted (the programme's own card code). */
export function joinPizzaPals(qc: QueryClient): Promise<LoyaltyInfo> {
  return answered(
    qc,
    api<Outcome<LoyaltyInfo>>(API_PATHS.loyaltyRegister, { method: 'POST', body: { acceptTerms: true } }),
  );
}

/** SPEC §7 opt-out: no more earning; the points and their history stay. */
export function leavePizzaPals(qc: QueryClient): Promise<LoyaltyInfo> {
  return answered(qc, api<Outcome<LoyaltyInfo>>(API_PATHS.loyaltyOptOut, { method: 'POST' }));
}

/** SPEC §7 loyalty menu items: the regular pizzas the chosen store gives for points; asked only when wanted. */
export function useLoyaltyMenuItems(storeId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: loyaltyKeys.menuItems(storeId ?? 0),
    queryFn: async ({ signal }) =>
      dataOf(
        await api<Outcome<LoyaltyMenuItems>>(API_PATHS.loyaltyMenuItems, { query: { storeId }, signal }),
      ),
    enabled: enabled && storeId !== null,
  });
}

/** The cart line of a free pizza: SPEC §3 menuType LOYALTY, one of it; the server prices it ₹0. */
export function freePizzaLine(item: LoyaltyMenuItem): CartItemInput {
  return {
    productCode: item.productCode,
    crustId: item.crustId,
    sizeId: item.sizeId,
    quantity: 1,
    menuType: 'LOYALTY',
  };
}
