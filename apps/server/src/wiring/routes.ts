import type { FastifyInstance } from 'fastify';
import { IdempotentCalls } from '../http/idempotency.ts';
import { accountRoutes } from '../modules/account/routes.ts';
import { customerIdByMobile } from '../modules/auth/customers.ts';
import { LoginService } from '../modules/auth/logins.ts';
import { partnerLoginRoutes } from '../modules/auth/partner-routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { auditRoutes } from '../modules/audit/routes.ts';
import { cartRoutes } from '../modules/cart/routes.ts';
import { configRoutes } from '../modules/config/routes.ts';
import { RemoteConfigService } from '../modules/config/service.ts';
import { contentRoutes } from '../modules/content/routes.ts';
import { feedbackConsoleRoutes } from '../modules/feedback/console-routes.ts';
import { feedbackRoutes } from '../modules/feedback/routes.ts';
import { gameAdminRoutes } from '../modules/game/admin-routes.ts';
import { gameRoutes } from '../modules/game/routes.ts';
import { geoRoutes } from '../modules/geo/routes.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { historyRoutes } from '../modules/history/routes.ts';
import { HistoryService } from '../modules/history/service.ts';
import type { FreePizzaMenu } from '../modules/loyalty/menu-items.ts';
import { loyaltyRoutes } from '../modules/loyalty/routes.ts';
import { menuRoutes } from '../modules/menu/routes.ts';
import { notificationRoutes } from '../modules/notifications/routes.ts';
import { offerRoutes } from '../modules/offers/routes.ts';
import { MiniAppPayments } from '../modules/orders/mini-app.ts';
import { miniAppPaymentRoutes } from '../modules/orders/mini-app-routes.ts';
import { orderRoutes } from '../modules/orders/routes.ts';
import { trainOrderRoutes } from '../modules/orders/train-routes.ts';
import { webhookRoutes } from '../modules/orders/webhook-routes.ts';
import { paymentRoutes } from '../modules/payments/routes.ts';
import { paytmRoutes } from '../modules/paytm/routes.ts';
import { railRoutes } from '../modules/rail/routes.ts';
import { reportRoutes } from '../modules/reports/routes.ts';
import { experimentConsoleRoutes } from '../modules/experiments/console-routes.ts';
import { experimentRoutes } from '../modules/experiments/routes.ts';
import { sandboxRoutes, type SandboxRoutesOptions } from '../modules/sandbox/routes.ts';
import { sessionRoutes } from '../modules/session/routes.ts';
import { DeliveryReports } from '../modules/sms/delivery-reports.ts';
import { smsRoutes } from '../modules/sms/routes.ts';
import { staffGuard } from '../modules/staff/guard.ts';
import { offerAdminRoutes } from '../modules/offers/admin-routes.ts';
import { staffRoutes } from '../modules/staff/routes.ts';
import { storeConsoleRoutes } from '../modules/store-console/routes.ts';
import { storeRoutes } from '../modules/stores/routes.ts';
import { storeSettingsRoutes } from '../modules/stores/settings-routes.ts';
import { menuAdminRoutes } from '../modules/catalogue/routes.ts';
import { priceRoutes } from '../modules/catalogue/price-routes.ts';
import { availabilityRoutes } from '../modules/catalogue/availability-routes.ts';
import { photoRoutes } from '../modules/catalogue/photo-routes.ts';
import { trackingRoutes } from '../modules/tracking/routes.ts';
import { walletRoutes } from '../modules/wallet/routes.ts';
import { analyticsConsoleRoutes } from '../modules/analytics/console-routes.ts';
import { analyticsRoutes } from '../modules/analytics/routes.ts';
import type { Deps, Services } from './deps.ts';

type HandOver = (guestId: string, customerId: string) => Promise<void>;

/** Every route module, one call each, in the order they are registered. */
export async function registerRoutes(app: FastifyInstance, s: Services): Promise<void> {
  const { deps, sessions, account, wallets, flow, clock } = s;
  const { config, database, stores, geo, menus, carts, cartCatalogues: catalogues, paymentOptions } = deps;
  const { db } = database;
  const secret = config.sessionSecret;
  const history = historyOf(deps);
  // a guest's orders and favourites become the customer's when they log in
  const handOver: HandOver = async (guestId, customerId) => {
    await s.orderQueries.handOver(guestId, customerId);
    await history.handOverFavourites(guestId, customerId);
  };
  healthRoutes(app, { load: deps.load, database });
  sessionRoutes(app, { sessions, guestSessionsPerMinute: config.sessionRateLimit });
  authRoutes(app, { logins: loginsOf(deps, handOver), identity: deps.identity });
  accountRoutes(app, { account });
  configRoutes(app, { remote: new RemoteConfigService(db, config) });
  geoRoutes(app, { geo, stores });
  storeRoutes(app, {
    stores,
    geo,
    queueLength: (storeId, before) => s.orderQueries.queueLength(storeId, before),
  });
  menuRoutes(app, { menus });
  cartRoutes(app, { carts });
  offerRoutes(app, { promotions: deps.promotions, catalogues });
  paymentRoutes(app, { paymentOptions, stores });
  orderRoutes(app, { orders: deps.orders, idempotency: new IdempotentCalls(db) });
  trainOrderRoutes(app, deps.trainOrders);
  historyRoutes(app, { history });
  loyaltyRoutes(app, { loyalty: deps.loyalty, menu: freePizzaMenuOf(deps) });
  walletRoutes(app, {
    wallets,
    loyaltyPoints: async (id) => (await deps.loyalty.balance(id)).overall.points,
  });
  await webhookRoutes(app, { orders: deps.orders, gateways: deps.gateways });
  // partner mini-apps (issue 18): login by the host's auth code, and the payment its sheet took
  partnerLoginRoutes(app, { db, secret, carts, handOver, partnerOf: (vendor) => deps.partners.of(vendor) });
  miniAppPaymentRoutes(app, new MiniAppPayments({ db, gateways: deps.gateways, flow, log: app.log, clock }));
  // SMS delivery reports from Gupshup (issue 14 §2)
  smsRoutes(app, { reports: new DeliveryReports(db, app.log), token: config.sms.dlrToken });
  trackingRoutes(app, deps.tracking);
  // order status notifications (issue 31 §14)
  notificationRoutes(app, deps.notifications);
  // the console and back office: one guard reads each staff call's login (issue 30 §1)
  const staff = staffGuard({ secret, directory: deps.staff.directory });
  staffRoutes(app, deps.staff, staff);
  storeConsoleRoutes(app, deps.storeConsole, staff);
  auditRoutes(app, deps.audit, staff);
  reportRoutes(app, deps.reports, staff);
  storeSettingsRoutes(app, deps.storeSettings, staff);
  menuAdminRoutes(app, deps.menuAdmin, staff);
  await photoRoutes(app, deps.menuAdmin, staff);
  priceRoutes(app, { prices: deps.prices, rules: deps.chainRules }, staff);
  offerAdminRoutes(app, deps.offerAdmin, staff);
  availabilityRoutes(app, deps.availability, staff);
  // PNR status (issue 16 §1)
  railRoutes(app, deps.railService);
  // ratings (issue 17 §1): the customer's calls and the store console's Ratings tab
  feedbackRoutes(app, deps.feedback);
  feedbackConsoleRoutes(app, deps.feedback, staff);
  // spin-the-wheel (issue 33 §1)
  gameRoutes(app, deps.game);
  gameAdminRoutes(app, deps.gameAdmin, staff);
  // widgets, alerts, info pages and their admin (issue 17 §2)
  contentRoutes(app, deps.content, staff);
  // experiments (issue 33 §2): the allocation and variation calls, and the back office's list and switch
  experimentRoutes(app, deps.experiments);
  experimentConsoleRoutes(app, deps.experiments, staff);
  // the Paytm wallet's calls (issue 18 §2)
  if (deps.paytm) paytmRoutes(app, deps.paytm);
  // user-activity events and the chain admin's funnel (issue 33 §3)
  analyticsRoutes(app, deps.analytics);
  analyticsConsoleRoutes(app, deps.analytics, staff);
  // development and test tools, never mounted in production
  if (config.nodeEnv !== 'production') sandboxRoutes(app, sandboxOptionsOf(s));
}

/** Past orders and favourites, with each order's points and whether it still asks for a rating. */
function historyOf(deps: Deps): HistoryService {
  const { database, carts, cartCatalogues, menus, stores } = deps;
  return new HistoryService({
    db: database.db,
    carts,
    catalogues: cartCatalogues,
    menus,
    stores,
    loyaltyOf: (customerId, orderId) => deps.loyalty.orderView(customerId, orderId),
    feedbackOf: (orders) => deps.feedback.prompts(orders),
  });
}

function loginsOf(deps: Deps, handOver: HandOver): LoginService {
  return new LoginService({
    db: deps.database.db,
    secret: deps.config.sessionSecret,
    carts: deps.carts,
    sms: deps.sms,
    identity: deps.identity,
    handOver,
  });
}

/** What the free-pizza list reads of a store's menu: the cart module's catalogue. */
function freePizzaMenuOf({ cartCatalogues }: Deps): FreePizzaMenu {
  return {
    forStore: async (storeId) => {
      const found = await cartCatalogues.forStore(storeId);
      return found && { products: found.products.values(), sizeIds: found.catalogue.freePizzaSizeIds };
    },
  };
}

function sandboxOptionsOf({ deps, wallets }: Services): SandboxRoutesOptions {
  const { db } = deps.database;
  return {
    sms: deps.smsSandbox,
    menus: deps.menus,
    wallets,
    customerIdByMobile: (mobile) => customerIdByMobile(db, mobile),
    idp: deps.sandboxIdp,
    gateway: deps.sandboxGateway,
    loyalty: deps.loyalty,
    db,
    rail: deps.railSandbox,
    trainWatch: deps.trainWatch,
    paytm: deps.paytmSandbox,
    partner: deps.partnerSandbox,
    push: deps.pushSandbox,
  };
}
