import { useQuery } from '@tanstack/react-query';
import type { ProductIds } from '@crust/contract/history';
import { API_PATHS } from '@crust/contract/paths';
import { FAVOURITES_CATEGORY_ID, slugForCategoryId } from '@crust/domain/categories';
import { api } from '../api/client.ts';
import { useSession } from '../api/session.ts';
import { t } from '../i18n/index.ts';
import type { MenuIndex } from './model.ts';

/**
 * The customer's favourite menu items (SPEC §7 GET favourites), as the menu shows them in category 0. The menu
 * imports this module, so it stays small: no screen code, nothing the menu chunk does not already carry.
 */

/** Per person: a login or logout shows that person's favourites. */
export const favouritesKey = (userId: string | null | undefined) => ['favourites', userId ?? null] as const;

export async function fetchFavourites(signal?: AbortSignal): Promise<string[]> {
  return (await api<ProductIds>(API_PATHS.favourites, { signal })).productIds;
}

const NONE: readonly string[] = [];

/**
 * Favourite product codes, fetched once `enabled` (the menu waits for its own data first) and only with a
 * session: a first visit is not made a guest just to learn it has no favourites. A failure shows nothing
 * (SPEC §8: menu calls fail quietly).
 */
export function useFavouriteCodes(enabled: boolean): readonly string[] {
  const userId = useSession()?.userId;
  const query = useQuery({
    queryKey: favouritesKey(userId),
    queryFn: ({ signal }) => fetchFavourites(signal),
    enabled: enabled && userId !== undefined,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data ?? NONE;
}

/** SPEC §2 category 0 "favourites" first, when the customer has favourites this store sells. */
export function withFavourites(index: MenuIndex, codes: readonly string[]): MenuIndex {
  const sold = codes.filter((code) => index.products.has(code));
  if (sold.length === 0) return index;
  const favourites = {
    id: FAVOURITES_CATEGORY_ID,
    name: t('favourites'),
    slug: slugForCategoryId(FAVOURITES_CATEGORY_ID) ?? 'favourites',
    codes: sold,
  };
  return {
    ...index,
    categories: [favourites, ...index.categories.filter((c) => c.id !== FAVOURITES_CATEGORY_ID)],
  };
}
