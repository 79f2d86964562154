import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type {
  CartOffer,
  CartOffersResponse,
  Offer,
  OfferTerms,
  OfferTermsResponse,
  StoreOffersResponse,
} from '@crust/contract';
import { API_PATHS, HEADERS, fillPath } from '@crust/contract/paths';
import { ApiError, api } from '../../shared/api/client.ts';

/** Offer calls are informative: a failure is logged, and the screen offers a calm retry. */
function logged<T>(what: string, signal: AbortSignal, load: Promise<T>): Promise<T> {
  return load.catch((e: unknown) => {
    if (!signal.aborted) console.warn(`[offers] ${what} failed`, e);
    throw e;
  });
}

/** The store's coupons, for a customer without a cart yet. */
export function useStoreOffers(storeId: number, enabled: boolean): UseQueryResult<Offer[]> {
  return useQuery({
    queryKey: ['storeOffers', storeId],
    queryFn: ({ signal }) =>
      logged(
        'store offers',
        signal,
        api<StoreOffersResponse>(fillPath(API_PATHS.storeOffers, { storeId }), { signal }).then(
          (r) => r.data.offers,
        ),
      ),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Every coupon and deal measured against this cart (version: a changed cart is measured again). */
export function useCartOffers(
  cartId: string | null,
  version: number | undefined,
): UseQueryResult<CartOffer[]> {
  return useQuery({
    queryKey: ['cartOffers', cartId, version],
    queryFn: ({ signal }) =>
      logged(
        'cart offers',
        signal,
        api<CartOffersResponse>(fillPath(API_PATHS.cartOffers, { cartId: cartId! }), {
          signal,
          headers: { [HEADERS.cartId]: cartId! },
        }).then((r) => r.data.offers),
      ),
    enabled: cartId !== null && version !== undefined,
    staleTime: 0,
  });
}

/** A coupon's terms; an unknown code is a FAILED answer with the server's text. */
export function useOfferTerms(code: string): UseQueryResult<OfferTerms> {
  return useQuery({
    queryKey: ['offerTerms', code],
    queryFn: ({ signal }) =>
      logged(
        'offer terms',
        signal,
        api<OfferTermsResponse>(fillPath(API_PATHS.offerTerms, { code }), { signal }).then((r) => {
          if (r.status === 'FAILED') throw new ApiError(200, r.errors);
          return r.data;
        }),
      ),
    enabled: code !== '',
    staleTime: 30 * 60_000,
  });
}
