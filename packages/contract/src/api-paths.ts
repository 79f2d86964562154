/**
 * Every API path, one export each: the server reads them all as API_PATHS (./paths.ts); the web client reads the
 * same namespace, and the bundler keeps only the paths a chunk reads (issue 32 §1: the whole table was ~1.6 KB of
 * every first download). Free of zod so the web bundle stays small.
 */
export const anonymousSession = '/api/v1/session/anonymous';
export const otpSend = '/api/v1/auth/otp/send';
export const otpValidate = '/api/v1/auth/otp/validate';
export const passwordLogin = '/api/v1/auth/password';
export const forgotPassword = '/api/v1/auth/password/forgot';
export const setPassword = '/api/v1/customer/password';
export const socialConfig = '/api/v1/auth/social/config';
export const socialSearch = '/api/v1/auth/social/search';
export const socialLogin = '/api/v1/auth/social/login';
export const refresh = '/api/v1/auth/refresh';
export const logout = '/api/v1/auth/logout';
export const profile = '/api/v1/customer/profile';
export const loyaltyInfo = '/api/v1/loyalty/info';
export const loyaltyEnroll = '/api/v1/loyalty/enroll';
export const loyaltyBalances = '/api/v1/loyalty/balances';
export const loyaltyOptOut = '/api/v1/loyalty/opt-out';
export const loyaltyMenuItems = '/api/v1/loyalty/menu-items';
export const loyaltyRegister = '/api/v1/loyalty/cheesy-rewards/register';
export const walletSummary = '/api/v1/wallet/summary';
export const walletLedger = '/api/v1/wallet/ledger';
export const account = '/api/v1/customer';
export const addresses = '/api/v1/customer/addresses';
export const address = '/api/v1/customer/addresses/:addressId';
export const config = '/api/v1/config';
export const appConfig = '/api/v1/config/app';
export const cities = '/api/v1/cities';
export const cityStores = '/api/v1/cities/:city/stores';
export const cityLocalities = '/api/v1/cities/:city/localities';
export const autocomplete = '/api/v1/geo/autocomplete';
export const geocode = '/api/v1/geo/geocode';
export const reverseGeocode = '/api/v1/geo/reverse';
export const nearestStore = '/api/v1/stores/nearest';
export const storeInfo = '/api/v1/stores/info';
export const menu = '/api/v1/stores/:storeId/menu';
export const toppings = '/api/v1/stores/:storeId/toppings';
export const carts = '/api/v1/carts';
export const cart = '/api/v1/carts/:cartId';
export const cartItems = '/api/v1/carts/:cartId/items';
export const cartItem = '/api/v1/carts/:cartId/items/:itemId';
export const cartPromo = '/api/v1/carts/:cartId/promo';
export const cartPromoCode = '/api/v1/carts/:cartId/promo/:code';
export const cartPromoValidate = '/api/v1/carts/:cartId/promo/:code/validate';
export const cartOffers = '/api/v1/carts/:cartId/offers';
export const cartUpsell = '/api/v1/carts/:cartId/upsell';
export const storeOffers = '/api/v1/stores/:storeId/offers';
export const offerTerms = '/api/v1/offers/:code/tnc';
export const explicitPromo = '/api/v1/promos/explicit/:code';
export const edvDeals = '/api/v1/stores/:storeId/edv';
export const edvDeal = '/api/v1/stores/:storeId/edv/deals/:dealId';
export const edvMixMatch = '/api/v1/stores/:storeId/edv/mix-match';
export const paymentOptions = '/api/v1/stores/:storeId/payment-options';
export const orders = '/api/v1/orders';
export const order = '/api/v1/orders/:orderId';
export const orderCode = '/api/v1/orders/:orderId/code';
export const paymentStatus = '/api/v1/payments/:transactionId/status';
export const paymentCallback = '/api/v1/payments/callback';
export const paymentWebhook = '/api/v1/payments/webhook';
/** the SMS provider's delivery reports (issue 14 §2), called by Gupshup with ?token= */
export const smsDeliveryReport = '/api/v1/sms/delivery-report';
export const cardValidate = '/api/v1/payments/card/validate';
export const tracker = '/api/v1/orders/:orderId/tracker';
export const trackerEvents = '/api/v1/orders/:orderId/tracker/events';
export const trackLookup = '/api/v1/track';
/** GET the server's VAPID public key for pushManager.subscribe (issue 31 §14) */
export const pushKey = '/api/v1/push/key';
/** POST a browser's push subscription to one of the caller's orders (idempotent by endpoint) */
export const orderPushSubscriptions = '/api/v1/orders/:orderId/push-subscriptions';
/** DELETE: the customer opts out */
export const orderPushSubscription = '/api/v1/orders/:orderId/push-subscriptions/:subscriptionId';
export const orderHistory = '/api/v1/orders/history';
export const recentOrders = '/api/v1/orders/recent';
export const previousOrder = '/api/v1/orders/previous';
export const orderDetails = '/api/v1/orders/:orderId/details';
export const invoice = '/api/v1/orders/:orderId/invoice';
export const reorder = '/api/v1/orders/:orderId/reorder';
export const favouriteOrder = '/api/v1/orders/:orderId/favourite';
export const favourites = '/api/v1/favourites';
export const favouriteItems = '/api/v1/favourites/items';
/** SPEC §7 POST/GET PNR status (issue 16): POST { pnr } or GET ?pnr= */
export const pnrStatus = '/api/v1/irctc/pnr-status';
/** SPEC §7 GET irctc banner: train delivery's pitch and the stations served */
export const irctcBanner = '/api/v1/irctc/banner';
/** SPEC §7 irctc cancel: the passenger cancels a train order until its cancellation cut-off */
export const irctcCancel = '/api/v1/irctc/cancel';
/** SPEC §7 irctc order history: the caller's train orders with their train statuses */
export const irctcOrders = '/api/v1/irctc/orders';
/** the passenger's delivery code of a train order, texted again (issue 16 §3) */
export const irctcDeliveryCode = '/api/v1/irctc/delivery-code';
/** SPEC §7 irctc validate coupon: POST { cartId, code } */
export const irctcValidateCoupon = '/api/v1/irctc/validate-coupon';
// feedback (issue 17 §1, SPEC §7 feedback calls)
/** GET feedback categories: areas, rating and topic tags, limits (no session needed) */
export const feedbackCategories = '/api/v1/feedback/categories';
/** POST submit feedback, either form (SPEC §3) */
export const feedbackSubmit = '/api/v1/feedback';
/** POST submit feedback, the first-time rider's (FTR) short form: the customer's first delivered order */
export const feedbackSubmitFtr = '/api/v1/feedback/ftr';
/** GET feedback count: ratings the caller gave in the last ?interval= seconds (SPEC §7 intervalcount) */
export const feedbackCount = '/api/v1/feedback/count';
/** GET the order as the rating form shows it, with whether it may be rated */
export const feedbackOrder = '/api/v1/feedback/orders/:orderId';
/** SPEC §7 widget list (issue 17 §2): ?placement=LANDING|ALERT|CART&deliveryType=; data.widgets[] */
export const widgets = '/api/v1/widgets';
/** one widget's content: a widget list entry's links[0].href */
export const widget = '/api/v1/widgets/:widgetId';
/** SPEC §7 GET alerts: ?deliveryType= */
export const alerts = '/api/v1/alerts';
/** SPEC §7 CMS static cart widget: ?lang=&platform=&page=&deliveryType=&site= */
export const staticWidget = '/api/v1/cms/static-widget';
/** the info pages (/info) */
export const infoPages = '/api/v1/info';
export const infoPage = '/api/v1/info/:slug';
// partner mini-apps (issue 18, SPEC §7): POST partner login /{vendor}, the vendor's clientId as the path
/** POST { authCode, clientId: 'paytm' }: the Paytm host's auth code for Crust's session */
export const paytmLogin = '/api/v1/paytm';
/** POST { authCode, clientId: 'googlepay' }: the Google Pay host's auth code for Crust's session */
export const gpayLogin = '/api/v1/googlepay';
/** SPEC §7 POST mini-app payment: { transactionId, paymentId } after the host's payment sheet */
export const miniAppPayment = '/api/v1/payments/mini-app';
// the Paytm wallet (issue 18 §2, SPEC §7 Paytm calls; packages/contract/src/paytm.ts, docs/paytm-wallet.md)
/** POST { vpa }: whether a UPI id exists, and its holder's name */
export const paytmUpiVerify = '/api/v1/paytm-wallet/upi/verify';
/** POST { orderTransactionId }: the paytmmp:// and upi:// intents for an order */
export const paytmDeeplink = '/api/v1/paytm-wallet/deeplink';
/** GET ?orderTransactionId=&mobile=&consultBalance=: linked?, balance, deficit, next action */
export const paytmBalance = '/api/v1/paytm-wallet/balance';
/** POST { mobile, orderTransactionId, email }: Paytm texts an OTP; answers its `state` */
export const paytmOtpSend = '/api/v1/paytm-wallet/otp/send';
/** POST { mobile, orderTransactionId, state, cartId, otp }: links the wallet */
export const paytmOtpVerify = '/api/v1/paytm-wallet/otp/verify';
/** PUT { orderTransactionId }: Paytm withdraws; THANKYOU, PAYTM_ADD_MONEY or PAY_PAGE */
export const paytmSubmit = '/api/v1/paytm-wallet/order';
/** GET: Paytm's add-money page sends the browser back here (signed), on to /paytmForm */
export const paytmAddMoneyReturn = '/api/v1/paytm-wallet/add-money/return';
// experiments (issue 33 §2, SPEC §4, §7; packages/contract/src/experiments.ts, docs/experiments.md)
/** SPEC §7 POST experiment allocation { clientId, accountId?, tenantId?, workspaceId? }: bucket, variants, ab_test */
export const experimentAllocation = '/api/v1/experiments/allocation';
/** SPEC §7 the variation call: GET ?clientId=: one experiment's variant for this client */
export const experimentVariation = '/api/v1/experiments/:name/variation';
// spin-the-wheel (issue 33 §1, SPEC §7 game calls; packages/contract/src/game.ts, docs/game.md)
/** GET: the wheel's segments with their chances, the rules, the caller's spins available */
export const gameData = '/api/v1/game';
/** POST { orderId }: a customer spins once for a delivered order; answers the segment and the prize */
export const gameSpin = '/api/v1/game/spin';
// analytics (issue 33 §3, packages/contract/src/analytics.ts, docs/analytics.md)
/** SPEC §7 POST user-activity tracking: { data: event | event[] }, only while the config's switch is on */
export const userActivity = '/api/v1/user-activity';
/** SPEC §7 POST fingerprint info: coarse device facts, no identifiers */
export const fingerprint = '/api/v1/fingerprint';
