import type { AppConfig } from '../config/app-config.ts';
import type { AnalyticsService } from '../modules/analytics/service.ts';
import type { Database } from '../db/client.ts';
import type { LoadState } from '../http/load-shedding.ts';
import type { AccountService } from '../modules/account/service.ts';
import type { CartCatalogues } from '../modules/cart/catalogue.ts';
import type { CartService } from '../modules/cart/service.ts';
import type { ContentService } from '../modules/content/service.ts';
import type { FeedbackService } from '../modules/feedback/service.ts';
import type { GameAdmin } from '../modules/game/admin.ts';
import type { GameService } from '../modules/game/service.ts';
import type { LoyaltyService } from '../modules/loyalty/service.ts';
import type { MenuCache } from '../modules/menu/service.ts';
import type { CouponUsage, PromotionBook } from '../modules/offers/service.ts';
import type { OrderNotifications } from '../modules/notifications/service.ts';
import type { OrderLifecycle } from '../modules/orders/lifecycle.ts';
import type { PaymentFlow } from '../modules/orders/payment-flow.ts';
import type { OrderQueries } from '../modules/orders/queries.ts';
import type { OrderService } from '../modules/orders/service.ts';
import type { TrainOrders } from '../modules/orders/train-orders.ts';
import type { TrainWatch } from '../modules/orders/train-watch.ts';
import type { PaymentOptionsService } from '../modules/payments/service.ts';
import type { PaytmService } from '../modules/paytm/service.ts';
import type { ReportService } from '../modules/reports/service.ts';
import type { ExperimentService } from '../modules/experiments/service.ts';
import type { RailService } from '../modules/rail/service.ts';
import type { FamilyGuard } from '../modules/session/guard.ts';
import type { SessionService } from '../modules/session/service.ts';
import type { AuditLog } from '../modules/audit/log.ts';
import type { MenuAdmin } from '../modules/catalogue/admin.ts';
import type { OfferAdmin } from '../modules/offers/admin.ts';
import type { ChainRulesService, PriceLists } from '../modules/catalogue/prices.ts';
import type { StoreAvailabilities } from '../modules/catalogue/availability.ts';
import type { StaffAdmin } from '../modules/staff/admin.ts';
import type { StaffDirectory } from '../modules/staff/directory.ts';
import type { StaffSessions } from '../modules/staff/sessions.ts';
import type { StoreConsoleService } from '../modules/store-console/service.ts';
import type { StoreDirectory } from '../modules/stores/service.ts';
import type { StoreSettingsService } from '../modules/stores/settings.ts';
import type { TrackingBus } from '../modules/tracking/bus.ts';
import type { TrackingService } from '../modules/tracking/service.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import type { Gazetteer } from '../providers/geo/gazetteer.ts';
import type { IdentityProvider } from '../providers/identity/provider.ts';
import type { SandboxIdp } from '../providers/identity/sandbox-idp.ts';
import type { PartnerChoice } from '../providers/partner/choose.ts';
import type { Gateways } from '../providers/payments/gateways.ts';
import type { SandboxGateway } from '../providers/payments/sandbox-gateway.ts';
import type { PaytmChoice } from '../providers/paytm-wallet/choose.ts';
import type { PushSandbox } from '../providers/push/sandbox.ts';
import type { RailChoice } from '../providers/rail/choose.ts';
import type { SmsChoice } from '../providers/sms/choose.ts';

/**
 * What buildApp makes, once. Route modules are handed only the services they use; tests and tools reach the
 * rest through `app.deps` (e.g. to see a database change at once).
 */
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
  /** texts (issue 14 §2): Gupshup, or the in-process sandbox outside production */
  sms: SmsChoice['sms'];
  /** the SMS inbox and the Gupshup sandbox, outside production */
  smsSandbox: SmsChoice['smsSandbox'];
  /** social sign-in; null when it is off (production without OIDC_ISSUER) */
  identity: IdentityProvider | null;
  /** the local issuer behind `identity` when no real provider is configured (never in production) */
  sandboxIdp: SandboxIdp | null;
  /** the payment gateways checkout uses (PAYMENT_GATEWAYS); none with PAYMENTS=off */
  gateways: Gateways;
  /** the local gateway behind `payments` outside production, with its hosted pages and test modes */
  sandboxGateway: SandboxGateway | null;
  /** a store's ways to pay (cached per store, like its menu) and the caller's wallet */
  paymentOptions: PaymentOptionsService;
  /** checkout: orders, their payments, the reconciler */
  orders: OrderService;
  /** order changes, told to trackers and store queues (in-process; Redis across processes) */
  bus: TrackingBus;
  /** the store's side of an order: stages, cancels with refunds, the delivery guarantee */
  lifecycle: OrderLifecycle;
  /** Pizza Pals: enrolment, points, the credit job (issue 15) */
  loyalty: LoyaltyService;
  tracking: TrackingService;
  storeConsole: StoreConsoleService;
  /** staff logins: who is calling, logging in, the back office's Staff view (issue 30 §1) */
  staff: { directory: StaffDirectory; sessions: StaffSessions; admin: StaffAdmin };
  /** the back office's change log (issue 30 §6) */
  audit: AuditLog;
  /** the back office's reports, over rollups per store and day, week and month (issue 30 §5) */
  reports: ReportService;
  /** issue 33 §2: the allocation, variation and the back office's experiments */
  experiments: ExperimentService;
  /** a store's settings in the back office (issue 30 §4) */
  storeSettings: StoreSettingsService;
  /** the chain's menu in the back office, its price lists and the chain's rules for them (issue 30 §2) */
  menuAdmin: MenuAdmin;
  offerAdmin: OfferAdmin;
  prices: PriceLists;
  chainRules: ChainRulesService;
  /** which stores sell a product at all (per-store availability) */
  availability: StoreAvailabilities;
  /** PNR status (issue 16 §1): the rail provider; null when train delivery is off */
  rail: RailChoice['rail'];
  /** PNR status and train bookings, over `rail` */
  railService: RailService;
  /** moves train orders' promises with their trains */
  trainWatch: TrainWatch;
  /** the passenger's cancel and delivery code of a train order */
  trainOrders: TrainOrders;
  /** the rail sandbox behind /sandbox/rail, outside production */
  railSandbox: RailChoice['railSandbox'];
  /** ratings of delivered orders and the store's tickets (issue 17 §1) */
  feedback: FeedbackService;
  /** spin-the-wheel (issue 33 §1): the draw, the budgets and the prizes */
  game: GameService;
  /** the chain admin's spins report and prize table */
  gameAdmin: GameAdmin;
  /** widgets, alerts and info pages, read at the injected clock (issue 17 §2) */
  content: ContentService;
  /** the Paytm wallet (issue 18 §2): linking, balance, submit; null when PAYTM_WALLET is off */
  paytm: PaytmService | null;
  /** the Paytm sandbox behind /sandbox/paytm, outside production */
  paytmSandbox: PaytmChoice['paytmSandbox'];
  /** the partner hosts Crust runs inside (issue 18): their adapters, by vendor */
  partners: PartnerChoice['partners'];
  /** the partner hosts played locally, outside production */
  partnerSandbox: PartnerChoice['partnerSandbox'];
  /** order status notifications by Web Push, or SMS without a subscription (issue 31 §14) */
  notifications: OrderNotifications;
  /** the push service and browser played locally behind /sandbox/push, outside production */
  pushSandbox: PushSandbox | null;
  /** user-activity events, device facts and the funnel (issue 33 §3) */
  analytics: AnalyticsService;
}

/** The service graph: `Deps`, and the services only route modules are handed (not shown on `app.deps`). */
export interface Services {
  deps: Deps;
  sessions: SessionService;
  account: AccountService;
  /** what other modules read of orders, through the orders module's own face */
  orderQueries: OrderQueries;
  wallets: WalletService;
  flow: PaymentFlow;
  /** the clock store hours and checkout read (BuildOptions) */
  clock: () => number;
}
