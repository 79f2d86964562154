import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { LoadState } from './http/load-shedding.ts';
import type { CartCatalogues } from './modules/cart/catalogue.ts';
import type { CartService } from './modules/cart/service.ts';
import type { MenuCache } from './modules/menu/service.ts';
import type { CouponUsage, PromotionBook } from './modules/offers/service.ts';
import type { FamilyGuard } from './modules/session/guard.ts';
import type { SandboxSms } from './providers/sms/sandbox.ts';
import type { StoreDirectory } from './modules/stores/service.ts';
import type { Gazetteer } from './providers/geo/gazetteer.ts';
import type { IdentityProvider } from './providers/identity/provider.ts';
import type { SandboxIdp } from './providers/identity/sandbox-idp.ts';
import type { PaymentGateway } from './providers/payments/provider.ts';
import type { SandboxGateway } from './providers/payments/sandbox-gateway.ts';
import type { OrderService } from './modules/orders/service.ts';
import type { StoreConsoleService } from './modules/store-console/service.ts';
import type { TrackingBus } from './modules/tracking/bus.ts';
import type { OrderLifecycle } from './modules/tracking/lifecycle.ts';
import type { TrackingService } from './modules/tracking/service.ts';

/** What route modules need, made once by buildApp. */
export interface Deps {
  config: AppConfig;
  database: Database;
  /** connections and work in flight, and whether the process sheds load (readiness) */
  load: LoadState;
  stores: StoreDirectory;
  menus: MenuCache;
  geo: Gazetteer;
  cartCatalogues: CartCatalogues;
  promotions: PromotionBook;
  couponUsage: CouponUsage;
  carts: CartService;
  families: FamilyGuard;
  sms: SandboxSms;
  /** social sign-in; null when it is off (production without OIDC_ISSUER) */
  identity: IdentityProvider | null;
  /** the local issuer behind `identity` when no real provider is configured (never in production) */
  sandboxIdp: SandboxIdp | null;
  /** the payment gateway checkout uses; null in production until a real one is configured */
  payments: PaymentGateway | null;
  /** the local gateway behind `payments` outside production, with its hosted pages and test modes */
  sandboxGateway: SandboxGateway | null;
  /** checkout: orders, their payments, the reconciler */
  orders: OrderService;
  /** order changes, told to trackers and store queues (in-process; Redis across processes) */
  bus: TrackingBus;
  /** the store's side of an order: stages, cancels with refunds, the delivery guarantee */
  lifecycle: OrderLifecycle;
  tracking: TrackingService;
  storeConsole: StoreConsoleService;
}
