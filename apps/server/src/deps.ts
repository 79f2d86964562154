import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { CartCatalogues } from './modules/cart/catalogue.ts';
import type { CartService } from './modules/cart/service.ts';
import type { MenuCache } from './modules/menu/service.ts';
import type { CouponUsage, PromotionBook } from './modules/offers/service.ts';
import type { FamilyGuard } from './modules/session/guard.ts';
import type { SandboxSms } from './providers/sms/sandbox.ts';
import type { StoreDirectory } from './modules/stores/service.ts';
import type { Gazetteer } from './providers/geo/gazetteer.ts';

/** What route modules need, made once by buildApp. */
export interface Deps {
  config: AppConfig;
  database: Database;
  stores: StoreDirectory;
  menus: MenuCache;
  geo: Gazetteer;
  cartCatalogues: CartCatalogues;
  promotions: PromotionBook;
  couponUsage: CouponUsage;
  carts: CartService;
  families: FamilyGuard;
  sms: SandboxSms;
}
