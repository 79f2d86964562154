import { POST_ORDER_AREA, type Area } from './area.ts';

/**
 * Issue 13 §3: every screen's path, once. `pattern` is what the route tables in app/ declare; calling the entry builds
 * the href, typed by the query the screen reads (`paths.trackOrder({ orderHistoryId })`). No feature writes a
 * route string (eslint.config.js says so). This file imports nothing but the area's name, so any feature may link
 * here without pulling in a screen; it sits on the ground floor (config/), below the features and the route table
 * that imports them, so linking here is never an upward import.
 *
 * Query values are spelled as each link always spelled them: most through URLSearchParams (a space is `+`),
 * a few through encodeURIComponent (`%20`; `!'()~` left alone), noted on their entries.
 */

type Value = string | number | boolean | null | undefined;
type Query = Record<string, Value>;

const kept = (q: Query) =>
  Object.entries(q).filter(
    (e): e is [string, string | number | true] => e[1] !== null && e[1] !== undefined && e[1] !== false,
  );

/** `?a=1&b=2` as URLSearchParams writes it, leaving out null, undefined and false; '' when nothing is left. */
function search(q: Query | URLSearchParams = {}): string {
  const s = (
    q instanceof URLSearchParams ? q : new URLSearchParams(kept(q).map(([k, v]) => [k, String(v)]))
  ).toString();
  return s ? `?${s}` : '';
}

/** The same through encodeURIComponent, as the links that wrote it so have always done. */
function uriSearch(q: Query): string {
  const s = kept(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return s ? `?${s}` : '';
}

/** An href builder that also knows its route's pattern, as the route tables in app/ declare it. */
type Entry<B extends (...args: never[]) => string> = B & { readonly pattern: string };

function screen<B extends (...args: never[]) => string>(pattern: string, href: B): Entry<B> {
  return Object.assign(href, { pattern });
}

/** A screen with no query. */
const plain = (pattern: string) => screen(pattern, () => pattern);

/** A screen with a twin under /postorder-ui/ (usually the same name there). */
const twinned = <Q extends Query | URLSearchParams>(
  pattern: string,
  write: (q: Q) => string = search,
  twin = `${POST_ORDER_AREA}${pattern}`,
) =>
  Object.assign(
    screen(pattern, (q: Q = {} as Q, area: Area = '') => `${area}${pattern}${write(q)}`),
    /** the pattern of its twin in the post-order area */
    { twin },
  );

/** The login pages hand on the login's own query (redirectUrl, from, action: see features/login/after-login.ts). */
type LoginQuery = { redirectUrl?: string; from?: string; action?: string } | URLSearchParams;
/** A typed login query was always spelled with encodeURIComponent, a handed-on one by URLSearchParams. */
const loginSearch = (q: LoginQuery) => (q instanceof URLSearchParams ? search(q) : uriSearch(q));

/** The location screens' query (SPEC §2 Location entry). */
type LocationQuery = { deliveryType?: string | null; isFromCart?: boolean; redirect?: string | null };

export const paths = {
  home: plain('/'),
  landing: plain('/landing'),

  // location (SPEC §2 Location entry)
  locationSelection: screen('/locationSelection', (q: LocationQuery) => `/locationSelection${search(q)}`),
  searchAddress: twinned<LocationQuery>('/searchAddress'),
  mapScreen: twinned<{
    latitude: string;
    longitude: string;
    deliveryType?: string;
    isAddAddress?: boolean;
    isFromCart?: boolean;
  }>('/mapScreen', (q) =>
    // this order, whatever the caller's
    search({
      latitude: q.latitude,
      longitude: q.longitude,
      deliveryType: q.deliveryType,
      isAddAddress: q.isAddAddress,
      isFromCart: q.isFromCart,
    }),
  ),
  nearestStore: twinned<{ deliveryType: string; redirect?: string | null }>('/nearestStore'),
  takeawayMap: twinned<{ deliveryType: string; redirect?: string | null }>('/takeawayMapScreen'),
  // SPEC §2 spells the main route 'selectResturant' and the post-order one 'selectRestaurant'
  selectRestaurant: twinned<{ deliveryType: string; storePage: 'true' | 'false'; city?: string }>(
    '/selectResturant',
    search,
    `${POST_ORDER_AREA}/selectRestaurant`,
  ),
  manualSelector: screen(
    '/manualSelector',
    (q: { deliveryType: string; isFromCart?: boolean }) => `/manualSelector${search(q)}`,
  ),

  // browse
  /** `slug` is a category's; the query (categoryId, pizzaId, filter, sort) as the menu screen reads it */
  menu: Object.assign(
    screen(
      '/menu',
      (q: { slug?: string; query?: URLSearchParams } = {}) =>
        `/menu${q.slug === undefined ? '' : `/${q.slug}`}${search(q.query)}`,
    ),
    { categoryPattern: '/menu/:slug' },
  ),
  /** pizzaId, and the choice being edited (shared/menu/customise-selection.ts) */
  customise: screen(
    '/customise',
    (q: { pizzaId: string } | URLSearchParams) => `/customise?${search(q).slice(1)}`,
  ),
  search: plain('/search'),
  cart: plain('/cart'),
  offers: twinned('/offers'),
  tncOffers: screen('/tncOffers', (q: { code: string }) => `/tncOffers${search(q)}`),
  tnc: plain('/tnc'),
  edv: screen('/edv', (q: { itemId?: number | string } = {}) => `/edv${search(q)}`),
  /** SPEC §2: the old name of /edv, redirected there */
  everydayValueOffers: plain('/everyday-value-offers'),

  // login (SPEC §4)
  login: twinned<LoginQuery>('/login', loginSearch),
  loginOtp: twinned<LoginQuery>('/login-otp', loginSearch),
  password: screen('/dominosPassword', (q: LoginQuery = {}) => `/dominosPassword${search(q)}`),
  forgotPassword: screen('/forgotPassword', (q: LoginQuery = {}) => `/forgotPassword${search(q)}`),
  socialSignin: screen('/socialSignin', (q: LoginQuery = {}) => `/socialSignin${search(q)}`),

  // account
  profile: twinned('/profile'),
  myAddresses: twinned<{ fromProfile?: boolean }>('/myAddresses'),
  /** spelled with encodeURIComponent */
  address: screen(
    '/address',
    (q: { myAddress?: boolean; addressId?: string } = {}) => `/address${uriSearch(q)}`,
  ),
  changeAddress: plain('/changeAddress'),

  // checkout and payment
  payment: plain('/payment'),
  /** SPEC §2: the payment UI's own path opens the same checkout */
  paymentUi: plain('/jfl-discovery-payment/en/pwa/payment'),
  paymentType: plain('/paymentType'),
  payGateway: plain('/payGateway'),
  upiForm: plain('/upiForm'),
  /** SPEC §2 the Paytm wallet form (issue 18 §2): link by OTP, then pay; `addMoney` back from Paytm's page */
  paytmForm: screen(
    '/paytmForm',
    (q: { transactionId: string; addMoney?: string }) => `/paytmForm${uriSearch(q)}`,
  ),
  paymentTransaction: plain('/paymentTransaction'),
  /** spelled with encodeURIComponent */
  thankYou: screen('/thankYou', (q: { transactionId: string }) => `/thankYou${uriSearch(q)}`),

  // tracking (SPEC §4), spelled with encodeURIComponent
  track: plain('/track'),
  trackOrder: screen(
    '/trackOrder',
    (q: { orderHistoryId: string; key?: string | null }) => `/trackOrder${uriSearch(q)}`,
  ),
  thankYouAndTracking: screen(
    '/thankYouAndTracking',
    (q: { orderId: string; key?: string | null }) => `/thankYouAndTracking${uriSearch(q)}`,
  ),
  orderHistory: twinned('/orderHistory'),
  orderDetails: twinned<{ orderId: string }>('/orderDetails'),

  // loyalty and the wallet (issue 15)
  pizzaLoyalty: plain('/pizzaLoyalty'),
  wallet: twinned('/wallet'),

  /** the rating form (issue 17 §1): /uf?orderId= */
  feedback: screen('/uf', (q: { orderId: string }) => `/uf${search(q)}`),

  /** spin-the-wheel (issue 33 §1, docs/game.md): `orderId` the delivered order to spin for */
  game: screen('/game', (q: { orderId?: string } = {}) => `/game${search(q)}`),

  /** the store console (docs/store-console.md) */
  store: plain('/store'),

  // content (issue 17 §2, docs/content.md)
  /** the hygiene & safety notice; `widget`: a web_view widget's content instead (SPEC §2 widget actions) */
  notification: screen('/notification', (q: { widget?: string } = {}) => `/notification${search(q)}`),
  /** the info pages: `page` one page's slug; none, the list of pages */
  info: screen('/info', (q: { page?: string } = {}) => `/info${search(q)}`),
  /** the World Pizza League promotion */
  worldPizzaLeague: plain('/worldPizzaLeague'),

  /**
   * a partner mini-app's entry (issue 18, SPEC §2): `vendor` paytm or googlepay; `redirectUrl` where to go after
   * signing in again (the login pages send a mini-app customer here)
   */
  vendorPage: screen(
    '/vendorPage',
    (q: { vendor: string; redirectUrl?: string | null }) => `/vendorPage${search(q)}`,
  ),

  deliverOnTrain: plain('/deliverOnTrain'),
  irctcStation: screen('/irctcStation', (q: { pnr: string }) => `/irctcStation${search(q)}`),

  notFound: plain('*'),
} as const;
