import type { FastifyInstance } from 'fastify';
import { shareCacheChanges } from '../caches/share.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { Database, Db } from '../db/client.ts';
import type { LoadState } from '../http/load-shedding.ts';
import { AccountService } from '../modules/account/service.ts';
import { AnalyticsService } from '../modules/analytics/service.ts';
import type { CartService } from '../modules/cart/service.ts';
import { RemoteConfigService } from '../modules/config/service.ts';
import { ContentService } from '../modules/content/service.ts';
import { FeedbackService } from '../modules/feedback/service.ts';
import { GameAdmin } from '../modules/game/admin.ts';
import { GameService } from '../modules/game/service.ts';
import { OrderNotifications } from '../modules/notifications/service.ts';
import { OrderQueries } from '../modules/orders/queries.ts';
import { PaymentOptionsService } from '../modules/payments/service.ts';
import { ReportService } from '../modules/reports/service.ts';
import { ExperimentService } from '../modules/experiments/service.ts';
import { SessionService } from '../modules/session/service.ts';
import { AuditLog } from '../modules/audit/log.ts';
import { MenuAdmin, type MenuPublishing } from '../modules/catalogue/admin.ts';
import { listCities } from '../modules/geo/repo.ts';
import { OfferAdmin } from '../modules/offers/admin.ts';
import { DbPhotoStore } from '../modules/catalogue/photo-store.ts';
import { ChainRulesService, PriceLists } from '../modules/catalogue/prices.ts';
import { StoreAvailabilities } from '../modules/catalogue/availability.ts';
import { rebuildSnapshots, type MenuCache } from '../modules/menu/service.ts';
import { StaffAdmin } from '../modules/staff/admin.ts';
import { StaffDirectory } from '../modules/staff/directory.ts';
import { StaffSessions } from '../modules/staff/sessions.ts';
import { StoreConsoleService } from '../modules/store-console/service.ts';
import { StoreSettingsService } from '../modules/stores/settings.ts';
import { InProcessBus, type TrackingBus } from '../modules/tracking/bus.ts';
import { RedisBus } from '../modules/tracking/redis-bus.ts';
import { TrackingService } from '../modules/tracking/service.ts';
import { WalletService } from '../modules/wallet/service.ts';
import type { Deliver } from '../providers/payments/outbox.ts';
import { PushSandbox } from '../providers/push/sandbox.ts';
import { WebPushSender } from '../providers/push/web-push.ts';
import type { Deps, Services } from './deps.ts';
import { orderServices } from './orders.ts';
import { chooseProviders } from './providers.ts';
import { shopServices } from './shop.ts';

export interface ServiceOptions {
  database: Database;
  load: LoadState;
  deliverWebhook: Deliver | undefined;
  clock: () => number;
}

/** Builds the service graph once, each service handed the others it uses (decision 013). */
export async function buildServices(
  app: FastifyInstance,
  config: AppConfig,
  { database, load, deliverWebhook, clock }: ServiceOptions,
): Promise<Services> {
  const { db } = database;
  const shop = shopServices(database, clock);
  const providers = await chooseProviders(app, config, { db, deliverWebhook, clock });
  const orderQueries = new OrderQueries(db);
  const wallets = new WalletService(db);
  const remote = new RemoteConfigService(db, config);
  const paymentOptions = paymentOptionsOf(db, { wallets, remote, carts: shop.carts, orderQueries, clock });
  await shareCacheChanges(app, config.redis, {
    menus: shop.menus,
    paymentOptions,
    stores: shop.stores,
    offers: shop.promotions,
    families: shop.families,
  });
  const bus: TrackingBus = config.redis ? await RedisBus.connect(config.redis, app.log) : new InProcessBus();
  app.addHook('onClose', () => bus.close());
  const notifications = new OrderNotifications({
    db,
    orders: orderQueries,
    push: new WebPushSender(config.push, app.log),
    sms: providers.sms,
    config: config.push,
    log: app.log,
  });
  // notices still being sent finish before the database may close
  app.addHook('onClose', () => notifications.settled());
  const { flow, ...orderSide } = orderServices(config, {
    db,
    log: app.log,
    clock,
    shop,
    providers,
    paymentOptions,
    wallets,
    remote,
    bus,
    notifications,
  });
  const sessions = new SessionService(db, config.sessionSecret, shop.families);
  const account = new AccountService(db, sessions, config.sessionSecret);
  const { paytmWallet: _builtInto, ...providerDeps } = providers;
  const audit = new AuditLog(db);
  const staffDirectory = new StaffDirectory(db);
  const storeConsole = new StoreConsoleService({
    db,
    orders: orderQueries,
    lifecycle: orderSide.lifecycle,
    bus,
    stores: shop.stores,
    menus: shop.menus,
    audit,
    secret: config.sessionSecret,
  });
  const built: Omit<Deps, 'offerAdmin'> = {
    config,
    database,
    load,
    ...shop,
    ...providerDeps,
    ...orderSide,
    paymentOptions,
    bus,
    notifications,
    pushSandbox: config.nodeEnv === 'production' ? null : new PushSandbox(db, clock),
    feedback: new FeedbackService({
      db,
      orders: orderQueries,
      customers: account,
      storeName: async (storeId) => (await shop.stores.byId(storeId))?.name,
      clock,
    }),
    // promotions.invalidate as it is when called: caches/share.ts makes it reach every process
    game: new GameService({
      db,
      orders: orderQueries,
      dropOffers: () => shop.promotions.invalidate(),
      clock,
    }),
    gameAdmin: new GameAdmin(db, audit, clock),
    content: new ContentService(db, clock),
    tracking: new TrackingService(db, orderQueries, bus, shop.stores, config.sessionSecret),
    storeConsole,
    staff: {
      directory: staffDirectory,
      sessions: new StaffSessions({
        db,
        directory: staffDirectory,
        secret: config.sessionSecret,
        storesOf: (reach) => storeConsole.storesOf(reach),
      }),
      admin: new StaffAdmin(db, audit),
    },
    audit,
    reports: new ReportService(db),
    experiments: new ExperimentService(db, audit, clock),
    storeSettings: new StoreSettingsService(
      db,
      audit,
      {
        forgetStores: () => shop.stores.forget(),
        dropPaymentOptions: (storeId) => paymentOptions.invalidate(storeId),
      },
      () => shop.stores.now(),
    ),
    ...menuAdminOf(db, audit, shop.menus),
    analytics: new AnalyticsService({
      db,
      tracking: remote,
      audit,
      retentionDays: config.analyticsRetentionDays,
      clock,
    }),
  };
  const deps: Deps = { ...built, offerAdmin: offerAdminOf(db, audit, built, clock) };
  return { deps, sessions, account, orderQueries, wallets, flow, clock };
}

/** The back office's menu and price lists, which rebuild customers' menus and drop every process's copy. */
function menuAdminOf(
  db: Db,
  audit: AuditLog,
  menus: MenuCache,
): Pick<Deps, 'menuAdmin' | 'prices' | 'chainRules' | 'availability'> {
  const publishing: MenuPublishing = {
    rebuild: async (tx, storeIds) => {
      await rebuildSnapshots(tx, storeIds);
    },
    // menus.invalidate as it is when called: caches/share.ts makes it reach every process
    drop: (storeIds) => {
      for (const id of storeIds) menus.invalidate(id);
    },
  };
  return {
    menuAdmin: new MenuAdmin(db, audit, publishing, new DbPhotoStore(db)),
    // scheduled prices start by the clock the menus are composed by (the real one)
    prices: new PriceLists(db, audit, publishing, Date.now),
    chainRules: new ChainRulesService(db, audit),
    availability: new StoreAvailabilities(db, audit, publishing),
  };
}

/** The back office's coupons and deals, over the stores, cities and menu as they are and the cart's own pricing. */
function offerAdminOf(
  db: Db,
  audit: AuditLog,
  deps: Pick<Deps, 'stores' | 'promotions' | 'carts' | 'menuAdmin'>,
  clock: () => number,
): OfferAdmin {
  const { stores, promotions, carts, menuAdmin } = deps;
  return new OfferAdmin(
    db,
    audit,
    {
      stores: async () => (await stores.all()).map((s) => ({ id: s.id, name: s.name, cityId: s.cityId })),
      cities: () => listCities(db),
      menu: async () => {
        const c = await menuAdmin.catalogue();
        return {
          sizes: c.sizes,
          crusts: c.crusts,
          products: c.products
            .filter((p) => p.status !== 'RETIRED')
            .map((p) => ({
              code: p.code,
              name: p.name,
              productType: p.productType,
              variants: p.variants
                .filter((v) => !v.retired)
                .map((v) => ({ crustId: v.crustId, sizeId: v.sizeId })),
            })),
        };
      },
    },
    carts,
    // promotions.invalidate as it is when called: caches/share.ts makes it reach every process
    { dropOffers: () => promotions.invalidate() },
    clock,
  );
}

/** A store's ways to pay, with what SPEC §5's wallet rule reads of remote config and the cart. */
function paymentOptionsOf(
  db: Db,
  f: {
    wallets: WalletService;
    remote: RemoteConfigService;
    carts: CartService;
    orderQueries: OrderQueries;
    clock: () => number;
  },
): PaymentOptionsService {
  return new PaymentOptionsService(
    db,
    f.wallets,
    {
      remote: async () => {
        const r = await f.remote.current();
        return { walletHidden: !r.features.includes('wallet'), defaultApplied: r.isDefaultWalletApplied };
      },
      cartRestrictsPayment: async (ownerId, cartId) => {
        try {
          return (await f.carts.get(ownerId, cartId)).explicitPromo !== null;
        } catch {
          // not the caller's cart, or gone: it restricts nothing (the confirm checks the cart it pays for)
          return false;
        }
      },
    },
    f.orderQueries,
    undefined,
    f.clock,
  );
}
