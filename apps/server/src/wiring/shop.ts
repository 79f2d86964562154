import type { Database } from '../db/client.ts';
import { CartCatalogues } from '../modules/cart/catalogue.ts';
import { CartService } from '../modules/cart/service.ts';
import { listCities, listLocalities } from '../modules/geo/repo.ts';
import { LoyaltyService } from '../modules/loyalty/service.ts';
import { MenuCache } from '../modules/menu/service.ts';
import { CouponUsage, PromotionBook } from '../modules/offers/service.ts';
import { FamilyGuard } from '../modules/session/guard.ts';
import { StoreDirectory } from '../modules/stores/service.ts';
import { Gazetteer } from '../providers/geo/gazetteer.ts';
import type { Deps } from './deps.ts';

export type Shop = Pick<
  Deps,
  | 'stores'
  | 'menus'
  | 'geo'
  | 'cartCatalogues'
  | 'promotions'
  | 'couponUsage'
  | 'carts'
  | 'families'
  | 'loyalty'
>;

/** What a customer browses and fills a cart from, over the database alone: stores, places, menus, offers, carts. */
export function shopServices(database: Database, clock: () => number): Shop {
  const { db } = database;
  const menus = new MenuCache(db);
  const cartCatalogues = new CartCatalogues(menus);
  const stores = new StoreDirectory(db, undefined, clock);
  const promotions = new PromotionBook(db, stores);
  const couponUsage = new CouponUsage(db);
  const loyalty = new LoyaltyService(db, clock);
  return {
    stores,
    menus,
    geo: new Gazetteer(async () => {
      const [cities, localities] = await Promise.all([listCities(db), listLocalities(db)]);
      return { cities, localities };
    }),
    cartCatalogues,
    promotions,
    couponUsage,
    carts: new CartService(db, cartCatalogues, promotions, couponUsage, loyalty, Date.now, {
      rowLocks: database.kind === 'postgres',
      waitMs: 10_000,
    }),
    families: new FamilyGuard(db),
    loyalty,
  };
}
