import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { securityHeaders } from './http/security-headers.ts';
import { inlineScriptSources } from './http/inline-scripts.ts';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from './config/app-config.ts';
import { fastifyTrustProxy, isTrustedProxyPeer } from './config/proxy.ts';
import { MIN_SECRET_LENGTH } from './config/secrets.ts';
import { installCachePolicy } from './http/cache-policy.ts';
import { installInputGuard } from './http/input-guard.ts';
import { installLoadShedding } from './http/load-shedding.ts';
import { installPrincipal } from './http/principal.ts';
import { installPartnerFeatures } from './http/partner-features.ts';
import { rateLimitStore } from './http/rate-limit-store.ts';
import { serializeError, serializeRequest } from './http/log-redaction.ts';
import type { Database } from './db/client.ts';
import type { LoadState } from './http/load-shedding.ts';
import { IdempotentCalls } from './http/idempotency.ts';
import { installErrorHandler, unreadableUrl } from './http/error-handler.ts';
import { failed, rateLimitRefusal } from './http/errors.ts';
import { MenuCache } from './modules/menu/service.ts';
import { AccountService } from './modules/account/service.ts';
import { customerIdByMobile } from './modules/auth/customers.ts';
import { LoginService } from './modules/auth/logins.ts';
import { RemoteConfigService, remoteConfig } from './modules/config/service.ts';
import { HistoryService } from './modules/history/service.ts';
import { PaymentOptionsService } from './modules/payments/service.ts';
import { SessionService } from './modules/session/service.ts';
import { WalletService } from './modules/wallet/service.ts';
import { shareCacheChanges } from './caches/share.ts';
import { StoreDirectory } from './modules/stores/service.ts';
import { Gazetteer } from './providers/geo/gazetteer.ts';
import type { IdentityProvider } from './providers/identity/provider.ts';
import type { SandboxIdp } from './providers/identity/sandbox-idp.ts';
import type { Gateways } from './providers/payments/gateways.ts';
import type { SandboxGateway } from './providers/payments/sandbox-gateway.ts';
import { listCities, listLocalities } from './modules/geo/repo.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { sessionRoutes } from './modules/session/routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { storeRoutes } from './modules/stores/routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { CartCatalogues } from './modules/cart/catalogue.ts';
import { CartService } from './modules/cart/service.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { CouponUsage, PromotionBook } from './modules/offers/service.ts';
import { offerRoutes } from './modules/offers/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { historyRoutes } from './modules/history/routes.ts';
import { loyaltyFollowsOrders } from './modules/loyalty/order-subscriber.ts';
import { loyaltyRoutes } from './modules/loyalty/routes.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { LoyaltyService } from './modules/loyalty/service.ts';
import { repeatingPass } from './http/repeating-pass.ts';
import { webhookRoutes } from './modules/orders/webhook-routes.ts';
import { OrderService } from './modules/orders/service.ts';
import { PaymentFlow, refundsFollowOrders } from './modules/orders/payment-flow.ts';
import { OrderEvents } from './modules/orders/events.ts';
import { sweepLimits } from './http/limits.ts';
import { outcomeTexts } from './modules/orders/outcome-sms.ts';
import { walletFollowsOrders } from './modules/wallet/order-subscriber.ts';
import { trackingFollowsOrders } from './modules/tracking/order-subscriber.ts';
import { sandboxRoutes } from './modules/sandbox/routes.ts';
import { StoreConsoleService } from './modules/store-console/service.ts';
import { storeConsoleRoutes } from './modules/store-console/routes.ts';
import { InProcessBus, type TrackingBus } from './modules/tracking/bus.ts';
import { RedisBus } from './modules/tracking/redis-bus.ts';
import { OrderLifecycle } from './modules/orders/lifecycle.ts';
import { OrderQueries } from './modules/orders/queries.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { TrackingService } from './modules/tracking/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { FamilyGuard } from './modules/session/guard.ts';
// SMS (issue 14 §2)
import { chooseSms, type SmsChoice } from './providers/sms/choose.ts';
import { DeliveryReports } from './modules/sms/delivery-reports.ts';
import { smsRoutes } from './modules/sms/routes.ts';
import { chooseIdentity } from './providers/identity/choose.ts';
import { choosePayments } from './providers/payments/choose.ts';
// rail (issue 16 §1)
import { chooseRail, type RailChoice } from './providers/rail/choose.ts';
import { RailService } from './modules/rail/service.ts';
import { TrainWatch } from './modules/orders/train-watch.ts';
import { TrainOrders } from './modules/orders/train-orders.ts';
import { DeliveryCodes } from './modules/orders/delivery-codes.ts';
import { trainOrderRoutes } from './modules/orders/train-routes.ts';
import { railRoutes } from './modules/rail/routes.ts';
import type { Deliver } from './providers/payments/outbox.ts';
// feedback (issue 17 §1)
import { FeedbackService } from './modules/feedback/service.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { feedbackConsoleRoutes } from './modules/feedback/console-routes.ts';
// the Paytm wallet (issue 18 §2)
import { choosePaytm, type PaytmChoice } from './providers/paytm-wallet/choose.ts';
import { PaytmService } from './modules/paytm/service.ts';
import { paytmRoutes } from './modules/paytm/routes.ts';
// content: widgets, alerts, info pages (issue 17 §2)
import { ContentService } from './modules/content/service.ts';
import { contentRoutes } from './modules/content/routes.ts';
// partner mini-apps (issue 18)
import { choosePartners, type PartnerChoice } from './providers/partner/choose.ts';
import { partnerLoginRoutes } from './modules/auth/partner-routes.ts';
import { MiniAppPayments } from './modules/orders/mini-app.ts';
import { miniAppPaymentRoutes } from './modules/orders/mini-app-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

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
}

export interface BuildOptions {
  database: Database;
  /** how the sandbox gateway posts webhooks (tests capture them); fetch by default */
  deliverWebhook?: Deliver;
  /** where the log lines go (tests read them); stdout by default */
  logStream?: { write(line: string): void };
  /** the clock store hours and checkout read (tests stand outside opening hours); Date.now by default */
  clock?: () => number;
}

/** The origins Crust's pages post payment forms to (Razorpay's API, PayU's payment page). */
function gatewayFormOrigins(payments: AppConfig['payments']): string[] {
  const urls = [payments.razorpay?.baseUrl, payments.payu?.paymentUrl].filter((u): u is string => Boolean(u));
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

/** How often a process deletes the limits' dead slots (src/http/limits.ts `sweepLimits`). */
const LIMIT_SWEEP_MS = 10 * 60_000;

/** The one place plugins and modules are wired (ARCHITECTURE.md). */
export async function buildApp(
  config: AppConfig,
  { database, deliverWebhook, logStream, clock = Date.now }: BuildOptions,
): Promise<FastifyInstance> {
  // nothing may sign tokens with an empty or short key (main.ts gives the installation's own when unset)
  if (config.sessionSecret.length < MIN_SECRET_LENGTH)
    throw new Error('No token-signing key: set SESSION_SECRET, or start through main.ts, which makes one');
  const app = Fastify({
    logger:
      config.logLevel === 'silent' && !logStream
        ? false
        : {
            level: config.logLevel === 'silent' ? 'info' : config.logLevel,
            redact: ['req.headers.authtoken', 'req.headers.sessiontoken', 'req.headers.authorization'],
            // no full mobile numbers, query parameters or addresses in the logs (docs/security.md)
            serializers: {
              err: (err) => serializeError(err),
              req: (req) => serializeRequest(req as unknown as Parameters<typeof serializeRequest>[0]),
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    // SPEC §7: the client's request id (pwa-… / pwa-anon-…) names the request in the logs
    requestIdHeader: 'request_id',
    genReqId: () => randomUUID(),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; nobody by default)
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 256 * 1024,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // a URL the router cannot read (a bad %-escape, a path parameter past 100 characters) is a SPEC §8 400/414
    frameworkErrors: (error, _req, reply) => unreadableUrl(error, reply as unknown as FastifyReply),
  });
  app.server.headersTimeout = config.headersTimeoutMs;
  const load = await installLoadShedding(app, {
    maxConnections: config.maxConnections,
    maxConnectionsPerPeer: config.maxConnectionsPerPeer,
    maxInFlight: config.maxInFlight,
    maxEventLoopDelayMs: config.maxEventLoopDelayMs,
    maxHeapUsedBytes: config.maxHeapUsedBytes,
    isProxyPeer: isTrustedProxyPeer(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installInputGuard(app);
  installCachePolicy(app);

  const menus = new MenuCache(database.db);
  const cartCatalogues = new CartCatalogues(menus);
  const promotions = new PromotionBook(database.db);
  const couponUsage = new CouponUsage(database.db);
  const loyalty = new LoyaltyService(database.db, clock);
  // partner mini-apps (issue 18): their payments are gateways reached by code only (never the default)
  const partnerChoice = choosePartners(config, database.db, app.log, deliverWebhook, clock);
  const partial = {
    config,
    database,
    load,
    stores: new StoreDirectory(database.db, undefined, clock),
    menus,
    cartCatalogues,
    promotions,
    couponUsage,
    carts: new CartService(database.db, cartCatalogues, promotions, couponUsage, loyalty, Date.now, {
      rowLocks: database.kind === 'postgres',
      waitMs: 10_000,
    }),
    families: new FamilyGuard(database.db),
    ...chooseSms(config, database.db, app.log),
    geo: new Gazetteer(async () => {
      const [cities, localities] = await Promise.all([listCities(database.db), listLocalities(database.db)]);
      return { cities, localities };
    }),
    ...(await chooseIdentity(config, database.db, app.log)),
    ...choosePayments(config, database.db, app.log, deliverWebhook, partnerChoice.partnerGateways),
    partners: partnerChoice.partners,
    partnerSandbox: partnerChoice.partnerSandbox,
    ...chooseRail(config, database.db, app.log, clock),
  };
  // the Paytm wallet (issue 18 §2; decision 018): Paytm texts its OTPs, into the SMS sandbox's inbox here
  const { smsSandbox } = partial;
  const paytmChoice = choosePaytm(
    config,
    database.db,
    app.log,
    smsSandbox ? (mobile, body) => smsSandbox.inbox.deliver(mobile, body) : null,
    clock,
  );
  // its payments are held by a gateway of its own, so status, the reconciler and refunds reach them
  const gateways = paytmChoice.paytm
    ? partial.gateways.holdingAlso([paytmChoice.paytm.gateway])
    : partial.gateways;
  let paytmService: PaytmService | null = null;
  // what other modules read of orders, through the orders module's own face
  const orderQueries = new OrderQueries(database.db);
  const wallets = new WalletService(database.db);
  const remote = new RemoteConfigService(database.db, config);
  const paymentOptions = new PaymentOptionsService(
    database.db,
    wallets,
    {
      remote: async () => {
        const r = await remote.current();
        return { walletHidden: !r.features.includes('wallet'), defaultApplied: r.isDefaultWalletApplied };
      },
      cartRestrictsPayment: async (ownerId, cartId) => {
        try {
          return (await partial.carts.get(ownerId, cartId)).explicitPromo !== null;
        } catch {
          // not the caller's cart, or gone: it restricts nothing (the confirm checks the cart it pays for)
          return false;
        }
      },
    },
    orderQueries,
    undefined,
    clock,
  );
  await shareCacheChanges(app, config.redisUrl, {
    menus,
    paymentOptions,
    stores: partial.stores,
    families: partial.families,
  });
  const bus: TrackingBus = config.redisUrl
    ? await RedisBus.connect(config.redisUrl, app.log)
    : new InProcessBus();
  app.addHook('onClose', () => bus.close());
  // the one point an order's side effects hang off (decision 014): money inside its transaction, the rest after
  const events = new OrderEvents(app.log);
  const flow = new PaymentFlow(database.db, gateways, app.log, events, clock);
  events.subscribe(walletFollowsOrders);
  events.subscribe(loyaltyFollowsOrders(clock));
  events.subscribe(trackingFollowsOrders(bus));
  events.subscribe(refundsFollowOrders(flow));
  events.subscribe(outcomeTexts(partial.sms, database.db, clock));
  // a train order's delivery code goes out when it is placed and hands it over at the coach (issue 16 §3)
  const deliveryCodes = new DeliveryCodes(database.db, partial.sms, config.sessionSecret, clock);
  events.subscribe(deliveryCodes.follow());
  const lifecycle = new OrderLifecycle(database.db, flow, events, deliveryCodes, clock);
  // PNR status and booking a train order (issue 16): the rail provider read against the chain's stations
  const railService = new RailService(partial.rail, partial.stores, clock);
  // a train order follows its train: its promise moves, and it ends undelivered if the train leaves first
  const trainWatch = new TrainWatch(database.db, railService, events, lifecycle);
  const sessions = new SessionService(database.db, config.sessionSecret, partial.families);
  const account = new AccountService(database.db, sessions, config.sessionSecret);
  const deps: Deps = {
    ...partial,
    gateways,
    paytm: null,
    paytmSandbox: paytmChoice.paytmSandbox,
    feedback: new FeedbackService({
      db: database.db,
      orders: orderQueries,
      customers: account,
      storeName: async (storeId) => (await partial.stores.byId(storeId))?.name,
      clock,
    }),
    bus,
    lifecycle,
    loyalty,
    railService,
    trainWatch,
    trainOrders: new TrainOrders(database.db, lifecycle, deliveryCodes, clock),
    content: new ContentService(database.db, clock),
    paymentOptions,
    tracking: new TrackingService(database.db, orderQueries, bus, partial.stores, config.sessionSecret),
    storeConsole: new StoreConsoleService({
      db: database.db,
      orders: orderQueries,
      lifecycle,
      bus,
      stores: partial.stores,
      menus,
      secret: config.sessionSecret,
    }),
    orders: new OrderService({
      db: database.db,
      carts: partial.carts,
      stores: partial.stores,
      gateways,
      paytm: paytmChoice.paytm && {
        gateway: paytmChoice.paytm.gateway,
        nextFor: (order) => {
          if (!paytmService) throw new Error('the Paytm service is not built yet');
          return paytmService.nextFor(order);
        },
      },
      trains: railService,
      loyaltyOf: (customerId, orderId) => loyalty.orderView(customerId, orderId),
      paymentOptions,
      flow,
      events,
      wallets,
      sms: partial.sms,
      secret: config.sessionSecret,
      codOtpAbovePaise: config.codOtpAbovePaise,
      log: app.log,
      clock,
      partnerPrimary: async (vendor) =>
        (await remote.current()).vendorConfig[vendor]?.primaryPaymentId ?? null,
    }),
  };
  if (paytmChoice.paytm) {
    paytmService = new PaytmService({
      db: database.db,
      wallet: paytmChoice.paytm.wallet,
      orders: deps.orders,
      secret: config.sessionSecret,
      publicUrl: config.payments.publicUrl,
      merchantVpa: config.paytm.merchantVpa,
      log: app.log,
      clock,
    });
    deps.paytm = paytmService;
  }
  // the partner sandbox's in-process fetch answers through this app's own routes
  partnerChoice.server.app = app;
  // every process may run them: each write they make is conditional or unique (decisions 010, 016; issue 15)
  let sweptAt = 0;
  repeatingPass(app, config.reconcileIntervalMs, 'reconciler', async () => {
    await deps.orders.reconcile();
    // limits' dead slots go every few minutes (each process may sweep; it deletes only what no window counts)
    if (Date.now() - sweptAt < LIMIT_SWEEP_MS) return;
    sweptAt = Date.now();
    await sweepLimits(database.db, new Date());
  });
  repeatingPass(app, config.loyaltyCreditIntervalMs, 'loyalty credit job', () => deps.loyalty.creditDue());
  repeatingPass(app, config.trainWatchIntervalMs, 'train watch', () => deps.trainWatch.pass());
  const partnerSandbox = deps.partnerSandbox;
  if (partnerSandbox && config.pgOutboxIntervalMs > 0) {
    // the partner hosts' payment notifications go out like the sandbox gateway's webhooks
    let stopNotifier: () => Promise<void> = async () => {};
    app.addHook('onReady', async () => {
      stopNotifier = partnerSandbox.startNotifier(config.pgOutboxIntervalMs);
    });
    app.addHook('onClose', () => stopNotifier());
  }
  const gateway = deps.sandboxGateway;
  if (gateway && config.pgOutboxIntervalMs > 0) {
    // webhooks go out while the app runs, and the last drain ends before the database may close
    let stopOutbox: () => Promise<void> = async () => {};
    app.addHook('onReady', async () => {
      stopOutbox = gateway.startOutboxTimer(config.pgOutboxIntervalMs);
    });
    app.addHook('onClose', () => stopOutbox());
  }

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(hasWeb ? inlineScriptSources(fs.readFileSync(indexHtml, 'utf8')) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/[{}]/g, '')).origin] : []),
        ],
        connectSrc: ["'self'"],
        // a partner host (its sandbox page here) frames the app as a mini-app: this origin only, never another
        frameAncestors: ["'self'"],
        // the card and UPI forms post straight to the gateway (decision 010), which may live on another origin
        formAction: ["'self'", ...gatewayFormOrigins(config.payments)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xFrameOptions: { action: 'sameorigin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: rateLimitRefusal,
    ...(await rateLimitStore(app, config.redisUrl)),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Crust API',
        version: '1.0.0',
        description: 'Online ordering for the Crust pizza chain',
      },
      tags: [
        { name: 'session', description: 'Guest sessions, token refresh, logout' },
        { name: 'auth', description: 'OTP, password and social (OpenID Connect) login' },
        { name: 'account', description: 'Profile and saved addresses' },
        { name: 'loyalty', description: 'Pizza Pals: enrolment, points, opting out' },
        { name: 'wallet', description: 'The wallet summary and ledger' },
        { name: 'config', description: 'Remote and app config' },
        { name: 'geo', description: 'Cities, localities, geocoding' },
        { name: 'stores', description: 'Store choice and store info' },
        { name: 'menu', description: 'Menus and toppings per store' },
        { name: 'cart', description: 'Carts: items, prices, coupons and deals' },
        { name: 'offers', description: 'Coupons, their terms, everyday-value deals' },
        { name: 'payments', description: 'Payment options and the wallet per store' },
        {
          name: 'orders',
          description:
            'Checkout: confirm order, COD and voucher codes, payment status, gateway callbacks and webhooks',
        },
        { name: 'tracking', description: 'Where an order is: tracker, live events, track by number' },
        { name: 'store', description: 'The store console: staff login, live queue, stages, stock, online' },
        { name: 'sms', description: "The SMS provider's delivery reports" },
        { name: 'rail', description: 'Delivery to a train seat: PNR status' },
        { name: 'feedback', description: 'Ratings of delivered orders (CSAT and NPS), their count' },
        { name: 'content', description: 'Widgets, alerts, the cart widget, info pages; their admin' },
        {
          name: 'paytm',
          description: 'The Paytm wallet: link by OTP, balance, submit order, UPI verify, deeplink',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  // tests and tools reach the caches through the app (e.g. to see a database change at once)
  app.decorate('deps', deps);
  const { db } = database;
  const { stores, geo, carts, families } = deps;
  const history = new HistoryService({
    db,
    carts,
    catalogues: cartCatalogues,
    menus,
    stores,
    loyaltyOf: (customerId, orderId) => deps.loyalty.orderView(customerId, orderId),
    feedbackOf: (orders) => deps.feedback.prompts(orders),
  });
  installPrincipal(app, { secret: config.sessionSecret, isRevoked: (fam) => families.isRevoked(fam) });
  installPartnerFeatures(app, {
    vendorConfig: async (vendor) => (await remoteConfig(db, config)).vendorConfig[vendor],
  });
  healthRoutes(app, { load, database });
  sessionRoutes(app, { sessions, guestSessionsPerMinute: config.sessionRateLimit });
  authRoutes(app, {
    logins: new LoginService({
      db,
      secret: config.sessionSecret,
      carts,
      sms: deps.sms,
      identity: deps.identity,
      handOver: async (guestId, customerId) => {
        await orderQueries.handOver(guestId, customerId);
        await history.handOverFavourites(guestId, customerId);
      },
    }),
    identity: deps.identity,
  });
  accountRoutes(app, { account });
  configRoutes(app, { remote: new RemoteConfigService(db, config) });
  geoRoutes(app, { geo, stores });
  storeRoutes(app, { stores, geo });
  menuRoutes(app, { menus });
  cartRoutes(app, { carts });
  offerRoutes(app, { promotions, catalogues: cartCatalogues });
  paymentRoutes(app, { paymentOptions, stores });
  orderRoutes(app, { orders: deps.orders, idempotency: new IdempotentCalls(db) });
  trainOrderRoutes(app, deps.trainOrders);
  historyRoutes(app, { history });
  loyaltyRoutes(app, {
    loyalty: deps.loyalty,
    menu: {
      forStore: async (storeId) => {
        const found = await cartCatalogues.forStore(storeId);
        return found && { products: found.products.values(), sizeIds: found.catalogue.freePizzaSizeIds };
      },
    },
  });
  walletRoutes(app, {
    wallets,
    loyaltyPoints: async (customerId) => (await deps.loyalty.balance(customerId)).overall.points,
  });
  await webhookRoutes(app, { orders: deps.orders, gateways: deps.gateways });
  // partner mini-apps (issue 18): login by the host's auth code, and the payment its sheet took
  partnerLoginRoutes(app, {
    db,
    secret: config.sessionSecret,
    carts,
    handOver: async (guestId, customerId) => {
      await orderQueries.handOver(guestId, customerId);
      await history.handOverFavourites(guestId, customerId);
    },
    partnerOf: (vendor) => deps.partners.of(vendor),
  });
  miniAppPaymentRoutes(app, new MiniAppPayments({ db, gateways: deps.gateways, flow, log: app.log, clock }));
  // SMS delivery reports from Gupshup (issue 14 §2)
  smsRoutes(app, { reports: new DeliveryReports(db, app.log), token: config.sms.dlrToken });
  trackingRoutes(app, deps.tracking);
  storeConsoleRoutes(app, deps.storeConsole, config.sessionSecret);
  // PNR status (issue 16 §1)
  railRoutes(app, deps.railService);
  // ratings (issue 17 §1): the customer's calls and the store console's Ratings tab
  feedbackRoutes(app, deps.feedback);
  feedbackConsoleRoutes(app, deps.feedback, config.sessionSecret);
  // widgets, alerts, info pages and their admin (issue 17 §2)
  contentRoutes(app, deps.content, config.sessionSecret);
  // the Paytm wallet's calls (issue 18 §2)
  if (deps.paytm) paytmRoutes(app, deps.paytm);
  // development and test tools, never mounted in production
  if (config.nodeEnv !== 'production')
    sandboxRoutes(app, {
      sms: deps.smsSandbox,
      menus,
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
    });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      preCompressed: true,
      wildcard: true,
      // '/' is the app shell; other folders have no index.html and stay 404s
      index: 'index.html',
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(config.webDistDir, filePath);
        // hashed build output never changes; everything else must be revalidated so updates reach users
        const immutable = rel.startsWith(`assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/sandbox/');
    if (!isApi && hasWeb && req.method === 'GET' && !path.extname(req.url.split('?')[0] ?? '')) {
      // client-side routes (/menu/veg-pizza, /mapScreen, …) get the app shell; the app shows its own 404
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send(failed('NOT_FOUND', `No such path: ${req.method} ${req.url.split('?')[0]}`));
  });

  return app;
}
