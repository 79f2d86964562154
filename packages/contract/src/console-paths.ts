import type { API_PREFIX } from './paths.ts';

/**
 * The store console's and the chain admin's calls, apart from API_PATHS: the customer app never calls them, so
 * their paths stay out of its first download (bench/bundle-size.mjs).
 */
export const CONSOLE_PATHS = {
  staffLogin: '/api/v1/store/login',
  staffPassword: '/api/v1/store/password',
  consoleStores: '/api/v1/store/stores',
  consoleQueue: '/api/v1/store/stores/:storeId/orders',
  consoleQueueEvents: '/api/v1/store/stores/:storeId/events',
  consoleOnline: '/api/v1/store/stores/:storeId/online',
  consoleProducts: '/api/v1/store/stores/:storeId/products',
  consoleProduct: '/api/v1/store/stores/:storeId/products/:productCode',
  consoleStage: '/api/v1/store/orders/:orderId/stage',
  consoleCancel: '/api/v1/store/orders/:orderId/cancel',
  /** the store console's Ratings tab: a period's summary and recent ratings, the tickets, closing one */
  consoleRatings: '/api/v1/store/stores/:storeId/ratings',
  consoleTickets: '/api/v1/store/stores/:storeId/tickets',
  consoleTicketClose: '/api/v1/store/tickets/:feedbackId/close',
  /** the store console's Content view (ADMIN logins): widgets and info pages */
  adminWidgets: '/api/v1/store/content/widgets',
  adminWidget: '/api/v1/store/content/widgets/:widgetId',
  adminWidgetRetire: '/api/v1/store/content/widgets/:widgetId/retire',
  adminWidgetOrder: '/api/v1/store/content/widget-order',
  adminInfoPages: '/api/v1/store/content/pages',
  adminInfoPage: '/api/v1/store/content/pages/:slug',
  /** the back office (issue 30, docs/back-office.md): staff logins and the change log */
  staffMembers: '/api/v1/store/staff',
  staffMember: '/api/v1/store/staff/:staffId',
  staffMemberReset: '/api/v1/store/staff/:staffId/reset',
  auditLog: '/api/v1/store/audit',
  storeSettings: '/api/v1/store/stores/:storeId/settings',
  /** the chain's menu (chain admin): categories, products, variants, nutrition, photos, toppings */
  menuCatalogue: '/api/v1/store/menu',
  menuCategories: '/api/v1/store/menu/categories',
  menuCategory: '/api/v1/store/menu/categories/:categoryId',
  menuCategoryOrder: '/api/v1/store/menu/category-order',
  menuProducts: '/api/v1/store/menu/products',
  menuProduct: '/api/v1/store/menu/products/:productCode',
  menuProductStatus: '/api/v1/store/menu/products/:productCode/status',
  menuProductVariants: '/api/v1/store/menu/products/:productCode/variants',
  menuProductPhoto: '/api/v1/store/menu/products/:productCode/photo',
  menuNutrition: '/api/v1/store/menu/products/:productCode/nutrition/:sizeId',
  menuVariant: '/api/v1/store/menu/variants/:variantCode',
  /** which stores sell a product at all (chain admin, regional managers in their cities) */
  menuProductStores: '/api/v1/store/menu/products/:productCode/stores',
  menuProductStore: '/api/v1/store/menu/products/:productCode/stores/:storeId',
  menuToppings: '/api/v1/store/menu/toppings',
  menuTopping: '/api/v1/store/menu/toppings/:toppingId',
  /** price lists of cities and stores, with scheduled changes (chain admin, regional managers, store managers if allowed) */
  priceList: '/api/v1/store/prices',
  priceEntry: '/api/v1/store/prices/:priceId',
  priceEntryRemove: '/api/v1/store/prices/:priceId/remove',
  /** what the chain lets store managers do (chain admin) */
  chainRules: '/api/v1/store/chain-rules',
  /** coupons and everyday-value deals (chain admin): made, changed, previewed on a sample cart, published, retired */
  offersAdmin: '/api/v1/store/offers',
  offerCoupons: '/api/v1/store/offers/coupons',
  offerCoupon: '/api/v1/store/offers/coupons/:code',
  offerCouponStatus: '/api/v1/store/offers/coupons/:code/status',
  offerDeals: '/api/v1/store/offers/deals',
  offerDeal: '/api/v1/store/offers/deals/:dealId',
  offerDealStatus: '/api/v1/store/offers/deals/:dealId/status',
  offerPreview: '/api/v1/store/offers/preview',
  /** the back office's reports (issue 30 §5, docs/back-office.md "Reports"): JSON, or `?format=csv` */
  reportSales: '/api/v1/store/reports/sales',
  reportMix: '/api/v1/store/reports/mix',
  reportItems: '/api/v1/store/reports/items',
  reportOffers: '/api/v1/store/reports/offers',
  reportDelivery: '/api/v1/store/reports/delivery',
  reportLoyalty: '/api/v1/store/reports/loyalty',
  reportRatings: '/api/v1/store/reports/ratings',
  /** the back office's experiments (issue 33 §2, docs/experiments.md): the list, and start/stop one */
  experiments: '/api/v1/store/experiments',
  experimentSwitch: '/api/v1/store/experiments/:name/switch',
  /** spin-the-wheel (issue 33 §1, docs/game.md): spins, prizes and cost by day, and the prize table */
  gameAdmin: '/api/v1/store/game',
  gamePrizeTable: '/api/v1/store/game/prize-table',
  /** the chain admin's funnel and the tracking switch (issue 33 §3, docs/analytics.md) */
  analyticsFunnel: '/api/v1/store/analytics/funnel',
  analyticsTracking: '/api/v1/store/analytics/tracking',
} as const satisfies Record<string, `${typeof API_PREFIX}/${string}`>;
