/** Every API path, shared by the server's routes and the web client. Free of zod so the web bundle stays small. */
export const API_PREFIX = '/api/v1';

export const API_PATHS = {
  anonymousSession: '/api/v1/session/anonymous',
  otpSend: '/api/v1/auth/otp/send',
  otpValidate: '/api/v1/auth/otp/validate',
  passwordLogin: '/api/v1/auth/password',
  forgotPassword: '/api/v1/auth/password/forgot',
  setPassword: '/api/v1/customer/password',
  socialConfig: '/api/v1/auth/social/config',
  socialSearch: '/api/v1/auth/social/search',
  socialLogin: '/api/v1/auth/social/login',
  refresh: '/api/v1/auth/refresh',
  logout: '/api/v1/auth/logout',
  profile: '/api/v1/customer/profile',
  loyaltyInfo: '/api/v1/loyalty/info',
  loyaltyEnroll: '/api/v1/loyalty/enroll',
  loyaltyBalances: '/api/v1/loyalty/balances',
  loyaltyOptOut: '/api/v1/loyalty/opt-out',
  loyaltyMenuItems: '/api/v1/loyalty/menu-items',
  loyaltyRegister: '/api/v1/loyalty/cheesy-rewards/register',
  walletSummary: '/api/v1/wallet/summary',
  walletLedger: '/api/v1/wallet/ledger',
  account: '/api/v1/customer',
  addresses: '/api/v1/customer/addresses',
  address: '/api/v1/customer/addresses/:addressId',
  config: '/api/v1/config',
  appConfig: '/api/v1/config/app',
  cities: '/api/v1/cities',
  cityStores: '/api/v1/cities/:city/stores',
  cityLocalities: '/api/v1/cities/:city/localities',
  autocomplete: '/api/v1/geo/autocomplete',
  geocode: '/api/v1/geo/geocode',
  reverseGeocode: '/api/v1/geo/reverse',
  nearestStore: '/api/v1/stores/nearest',
  storeInfo: '/api/v1/stores/info',
  menu: '/api/v1/stores/:storeId/menu',
  toppings: '/api/v1/stores/:storeId/toppings',
  carts: '/api/v1/carts',
  cart: '/api/v1/carts/:cartId',
  cartItems: '/api/v1/carts/:cartId/items',
  cartItem: '/api/v1/carts/:cartId/items/:itemId',
  cartPromo: '/api/v1/carts/:cartId/promo',
  cartPromoCode: '/api/v1/carts/:cartId/promo/:code',
  cartPromoValidate: '/api/v1/carts/:cartId/promo/:code/validate',
  cartOffers: '/api/v1/carts/:cartId/offers',
  cartUpsell: '/api/v1/carts/:cartId/upsell',
  storeOffers: '/api/v1/stores/:storeId/offers',
  offerTerms: '/api/v1/offers/:code/tnc',
  explicitPromo: '/api/v1/promos/explicit/:code',
  edvDeals: '/api/v1/stores/:storeId/edv',
  edvDeal: '/api/v1/stores/:storeId/edv/deals/:dealId',
  edvMixMatch: '/api/v1/stores/:storeId/edv/mix-match',
  paymentOptions: '/api/v1/stores/:storeId/payment-options',
  orders: '/api/v1/orders',
  order: '/api/v1/orders/:orderId',
  orderCode: '/api/v1/orders/:orderId/code',
  paymentStatus: '/api/v1/payments/:transactionId/status',
  paymentCallback: '/api/v1/payments/callback',
  paymentWebhook: '/api/v1/payments/webhook',
  /** the SMS provider's delivery reports (issue 14 §2), called by Gupshup with ?token= */
  smsDeliveryReport: '/api/v1/sms/delivery-report',
  cardValidate: '/api/v1/payments/card/validate',
  tracker: '/api/v1/orders/:orderId/tracker',
  trackerEvents: '/api/v1/orders/:orderId/tracker/events',
  trackLookup: '/api/v1/track',
  /** GET the server's VAPID public key for pushManager.subscribe (issue 31 §14) */
  pushKey: '/api/v1/push/key',
  /** POST a browser's push subscription to one of the caller's orders (idempotent by endpoint) */
  orderPushSubscriptions: '/api/v1/orders/:orderId/push-subscriptions',
  /** DELETE: the customer opts out */
  orderPushSubscription: '/api/v1/orders/:orderId/push-subscriptions/:subscriptionId',
  orderHistory: '/api/v1/orders/history',
  recentOrders: '/api/v1/orders/recent',
  previousOrder: '/api/v1/orders/previous',
  orderDetails: '/api/v1/orders/:orderId/details',
  invoice: '/api/v1/orders/:orderId/invoice',
  reorder: '/api/v1/orders/:orderId/reorder',
  favouriteOrder: '/api/v1/orders/:orderId/favourite',
  favourites: '/api/v1/favourites',
  favouriteItems: '/api/v1/favourites/items',
  /** SPEC §7 POST/GET PNR status (issue 16): POST { pnr } or GET ?pnr= */
  pnrStatus: '/api/v1/irctc/pnr-status',
  /** SPEC §7 GET irctc banner: train delivery's pitch and the stations served */
  irctcBanner: '/api/v1/irctc/banner',
  /** SPEC §7 irctc cancel: the passenger cancels a train order until its cancellation cut-off */
  irctcCancel: '/api/v1/irctc/cancel',
  /** SPEC §7 irctc order history: the caller's train orders with their train statuses */
  irctcOrders: '/api/v1/irctc/orders',
  /** the passenger's delivery code of a train order, texted again (issue 16 §3) */
  irctcDeliveryCode: '/api/v1/irctc/delivery-code',
  /** SPEC §7 irctc validate coupon: POST { cartId, code } */
  irctcValidateCoupon: '/api/v1/irctc/validate-coupon',
  // feedback (issue 17 §1, SPEC §7 feedback calls)
  /** GET feedback categories: areas, rating and topic tags, limits (no session needed) */
  feedbackCategories: '/api/v1/feedback/categories',
  /** POST submit feedback, either form (SPEC §3) */
  feedbackSubmit: '/api/v1/feedback',
  /** POST submit feedback, the first-time rider's (FTR) short form: the customer's first delivered order */
  feedbackSubmitFtr: '/api/v1/feedback/ftr',
  /** GET feedback count: ratings the caller gave in the last ?interval= seconds (SPEC §7 intervalcount) */
  feedbackCount: '/api/v1/feedback/count',
  /** GET the order as the rating form shows it, with whether it may be rated */
  feedbackOrder: '/api/v1/feedback/orders/:orderId',
  /** SPEC §7 widget list (issue 17 §2): ?placement=LANDING|ALERT|CART&deliveryType=; data.widgets[] */
  widgets: '/api/v1/widgets',
  /** one widget's content: a widget list entry's links[0].href */
  widget: '/api/v1/widgets/:widgetId',
  /** SPEC §7 GET alerts: ?deliveryType= */
  alerts: '/api/v1/alerts',
  /** SPEC §7 CMS static cart widget: ?lang=&platform=&page=&deliveryType=&site= */
  staticWidget: '/api/v1/cms/static-widget',
  /** the info pages (/info) */
  infoPages: '/api/v1/info',
  infoPage: '/api/v1/info/:slug',
  // partner mini-apps (issue 18, SPEC §7): POST partner login /{vendor}, the vendor's clientId as the path
  /** POST { authCode, clientId: 'paytm' }: the Paytm host's auth code for Crust's session */
  paytmLogin: '/api/v1/paytm',
  /** POST { authCode, clientId: 'googlepay' }: the Google Pay host's auth code for Crust's session */
  gpayLogin: '/api/v1/googlepay',
  /** SPEC §7 POST mini-app payment: { transactionId, paymentId } after the host's payment sheet */
  miniAppPayment: '/api/v1/payments/mini-app',
  // the Paytm wallet (issue 18 §2, SPEC §7 Paytm calls; packages/contract/src/paytm.ts, docs/paytm-wallet.md)
  /** POST { vpa }: whether a UPI id exists, and its holder's name */
  paytmUpiVerify: '/api/v1/paytm-wallet/upi/verify',
  /** POST { orderTransactionId }: the paytmmp:// and upi:// intents for an order */
  paytmDeeplink: '/api/v1/paytm-wallet/deeplink',
  /** GET ?orderTransactionId=&mobile=&consultBalance=: linked?, balance, deficit, next action */
  paytmBalance: '/api/v1/paytm-wallet/balance',
  /** POST { mobile, orderTransactionId, email }: Paytm texts an OTP; answers its `state` */
  paytmOtpSend: '/api/v1/paytm-wallet/otp/send',
  /** POST { mobile, orderTransactionId, state, cartId, otp }: links the wallet */
  paytmOtpVerify: '/api/v1/paytm-wallet/otp/verify',
  /** PUT { orderTransactionId }: Paytm withdraws; THANKYOU, PAYTM_ADD_MONEY or PAY_PAGE */
  paytmSubmit: '/api/v1/paytm-wallet/order',
  /** GET: Paytm's add-money page sends the browser back here (signed), on to /paytmForm */
  paytmAddMoneyReturn: '/api/v1/paytm-wallet/add-money/return',
} as const;

export type ApiPathKey = keyof typeof API_PATHS;

/** Fills :params in a path; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** SPEC §7 request headers, as sent by the web client (lower-case, as HTTP/2 and Fastify see them). */
export const HEADERS = {
  apiKey: 'api_key',
  authToken: 'authtoken',
  userId: 'userid',
  storeId: 'storeid',
  isLoggedIn: 'isloggedin',
  clientType: 'client_type',
  source: 'source',
  requestId: 'request_id',
  abTest: 'ab_test',
  gaClientId: 'ga_client_id',
  deliveryType: 'deliverytype',
  sessionToken: 'sessiontoken',
  mobile: 'mobile',
  childStoreId: 'childstoreid',
  userLat: 'u_lat',
  userLong: 'u_long',
  cartId: 'cartid',
  isWalletUsed: 'iswalletused',
  tipVariant: 'tip_variant',
  selectedPaymentId: 'selected_payment_id',
  idempotencyKey: 'idempotency-key',
} as const;

export const CLIENT_SOURCE = 'PWA18';
