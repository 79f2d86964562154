import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { POST_ORDER_AREA } from '../shared/area.ts';
import { importWithRetry } from './lazy-retry.ts';

type ScreenModule = { default: ComponentType };

/** Each screen is its own chunk, fetched with SPEC §8's retries. */
const screen = (load: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> =>
  lazy(() => importWithRetry(load));

const Landing = screen(() => import('../features/landing/LandingScreen.tsx'));
const Menu = screen(() => import('../features/menu/MenuScreen.tsx'));
const Edv = screen(() => import('../features/edv/EdvScreen.tsx'));
const Offers = screen(() => import('../features/offers/OffersScreen.tsx'));
const Login = screen(() => import('../features/login/LoginScreen.tsx'));
const LoginOtp = screen(() => import('../features/login/OtpScreen.tsx'));
const Profile = screen(() => import('../features/account/ProfileScreen.tsx'));
const MyAddresses = screen(() => import('../features/account/MyAddressesScreen.tsx'));
const SearchAddress = screen(() => import('../features/location/SearchAddressScreen.tsx'));
const MapScreen = screen(() => import('../features/location/MapScreen.tsx'));
const NearestStore = screen(() => import('../features/location/NearestStoreScreen.tsx'));
const TakeawayMap = screen(() => import('../features/location/TakeawayMapScreen.tsx'));
const SelectRestaurant = screen(() => import('../features/location/SelectRestaurantScreen.tsx'));
const OrderHistory = screen(() => import('../features/history/OrderHistoryScreen.tsx'));
const OrderDetails = screen(() => import('../features/history/OrderDetailsScreen.tsx'));
const Checkout = screen(() => import('../features/checkout/CheckoutScreen.tsx'));

/**
 * SPEC §2's post-order area: the same screens under /postorder-ui/ (a login whose target is here is a full
 * page load, SPEC §4). Its wallet comes with the wallet.
 */
const postOrderRoutes = [
  { path: 'offers', Screen: Offers },
  { path: 'orderHistory', Screen: OrderHistory },
  { path: 'orderDetails', Screen: OrderDetails },
  { path: 'login', Screen: Login },
  { path: 'login-otp', Screen: LoginOtp },
  { path: 'profile', Screen: Profile },
  { path: 'searchAddress', Screen: SearchAddress },
  { path: 'myAddresses', Screen: MyAddresses },
  { path: 'mapScreen', Screen: MapScreen },
  { path: 'nearestStore', Screen: NearestStore },
  { path: 'takeawayMapScreen', Screen: TakeawayMap },
  { path: 'selectRestaurant', Screen: SelectRestaurant },
].map(({ path, Screen }) => ({ path: `${POST_ORDER_AREA}/${path}`, Screen }));

/**
 * SPEC §2 paths; query parameters are read by the screens. Declarative routes (no data router) keep the
 * router's share of the initial JavaScript small (see docs/performance.md).
 */
export const routes: { path: string; Screen: LazyExoticComponent<ComponentType> }[] = [
  { path: '/', Screen: Landing },
  { path: '/landing', Screen: Landing },
  {
    path: '/locationSelection',
    Screen: screen(() => import('../features/location/LocationSelectionScreen.tsx')),
  },
  { path: '/searchAddress', Screen: SearchAddress },
  { path: '/mapScreen', Screen: MapScreen },
  { path: '/nearestStore', Screen: NearestStore },
  { path: '/takeawayMapScreen', Screen: TakeawayMap },
  { path: '/selectResturant', Screen: SelectRestaurant },
  { path: '/manualSelector', Screen: screen(() => import('../features/location/ManualSelectorScreen.tsx')) },
  { path: '/menu', Screen: Menu },
  { path: '/menu/:slug', Screen: Menu },
  { path: '/customise', Screen: screen(() => import('../features/customise/CustomiseScreen.tsx')) },
  { path: '/search', Screen: screen(() => import('../features/search/SearchScreen.tsx')) },
  { path: '/cart', Screen: screen(() => import('../features/cart/CartScreen.tsx')) },
  { path: '/offers', Screen: Offers },
  { path: '/tncOffers', Screen: screen(() => import('../features/offers/OfferTermsScreen.tsx')) },
  { path: '/tnc', Screen: screen(() => import('../features/offers/TermsScreen.tsx')) },
  { path: '/edv', Screen: Edv },
  // SPEC §2: the old name redirects; the redirect rides in the EDV chunk the next screen needs anyway
  {
    path: '/everyday-value-offers',
    Screen: screen(() => import('../features/edv/EdvScreen.tsx').then((m) => ({ default: m.EdvRedirect }))),
  },
  { path: '/login', Screen: Login },
  { path: '/login-otp', Screen: LoginOtp },
  { path: '/dominosPassword', Screen: screen(() => import('../features/login/PasswordScreen.tsx')) },
  { path: '/forgotPassword', Screen: screen(() => import('../features/login/ForgotPasswordScreen.tsx')) },
  { path: '/socialSignin', Screen: screen(() => import('../features/login/SocialSigninScreen.tsx')) },
  { path: '/profile', Screen: Profile },
  { path: '/myAddresses', Screen: MyAddresses },
  { path: '/address', Screen: screen(() => import('../features/account/AddressFormScreen.tsx')) },
  { path: '/changeAddress', Screen: screen(() => import('../features/account/ChangeAddressScreen.tsx')) },
  { path: '/payment', Screen: Checkout },
  // SPEC §2: the payment UI's own path opens the same checkout
  { path: '/jfl-discovery-payment/en/pwa/payment', Screen: Checkout },
  { path: '/paymentType', Screen: screen(() => import('../features/checkout/PaymentTypeScreen.tsx')) },
  { path: '/payGateway', Screen: screen(() => import('../features/payment/PayGatewayScreen.tsx')) },
  { path: '/upiForm', Screen: screen(() => import('../features/payment/UpiFormScreen.tsx')) },
  {
    path: '/paymentTransaction',
    Screen: screen(() => import('../features/payment/PaymentTransactionScreen.tsx')),
  },
  { path: '/thankYou', Screen: screen(() => import('../features/payment/ThankYouScreen.tsx')) },
  // the store console (docs/store-console.md): staff only, its own chunk
  { path: '/store', Screen: screen(() => import('../features/store/StoreConsoleScreen.tsx')) },
  { path: '/track', Screen: screen(() => import('../features/tracking/TrackScreen.tsx')) },
  { path: '/trackOrder', Screen: screen(() => import('../features/tracking/TrackOrderScreen.tsx')) },
  {
    path: '/thankYouAndTracking',
    Screen: screen(() => import('../features/tracking/ThankYouTrackingScreen.tsx')),
  },
  { path: '/orderHistory', Screen: OrderHistory },
  { path: '/orderDetails', Screen: OrderDetails },
  ...postOrderRoutes,
  { path: '*', Screen: screen(() => import('./NotFoundScreen.tsx')) },
];
