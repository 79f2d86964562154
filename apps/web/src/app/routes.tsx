import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { importWithRetry } from './lazy-retry.ts';

type ScreenModule = { default: ComponentType };

/** Each screen is its own chunk, fetched with SPEC §8's retries. */
const screen = (load: () => Promise<ScreenModule>): LazyExoticComponent<ComponentType> =>
  lazy(() => importWithRetry(load));

const Landing = screen(() => import('../features/landing/LandingScreen.tsx'));
const Menu = screen(() => import('../features/menu/MenuScreen.tsx'));
const Edv = screen(() => import('../features/edv/EdvScreen.tsx'));

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
  { path: '/searchAddress', Screen: screen(() => import('../features/location/SearchAddressScreen.tsx')) },
  { path: '/mapScreen', Screen: screen(() => import('../features/location/MapScreen.tsx')) },
  { path: '/nearestStore', Screen: screen(() => import('../features/location/NearestStoreScreen.tsx')) },
  { path: '/takeawayMapScreen', Screen: screen(() => import('../features/location/TakeawayMapScreen.tsx')) },
  {
    path: '/selectResturant',
    Screen: screen(() => import('../features/location/SelectRestaurantScreen.tsx')),
  },
  { path: '/manualSelector', Screen: screen(() => import('../features/location/ManualSelectorScreen.tsx')) },
  { path: '/menu', Screen: Menu },
  { path: '/menu/:slug', Screen: Menu },
  { path: '/customise', Screen: screen(() => import('../features/customise/CustomiseScreen.tsx')) },
  { path: '/search', Screen: screen(() => import('../features/search/SearchScreen.tsx')) },
  { path: '/cart', Screen: screen(() => import('../features/cart/CartScreen.tsx')) },
  { path: '/offers', Screen: screen(() => import('../features/offers/OffersScreen.tsx')) },
  { path: '/tncOffers', Screen: screen(() => import('../features/offers/OfferTermsScreen.tsx')) },
  { path: '/tnc', Screen: screen(() => import('../features/offers/TermsScreen.tsx')) },
  { path: '/edv', Screen: Edv },
  // SPEC §2: the old name redirects; the redirect rides in the EDV chunk the next screen needs anyway
  {
    path: '/everyday-value-offers',
    Screen: screen(() => import('../features/edv/EdvScreen.tsx').then((m) => ({ default: m.EdvRedirect }))),
  },
  { path: '/login', Screen: screen(() => import('../features/login/LoginScreen.tsx')) },
  { path: '/login-otp', Screen: screen(() => import('../features/login/OtpScreen.tsx')) },
  { path: '/dominosPassword', Screen: screen(() => import('../features/login/PasswordScreen.tsx')) },
  { path: '/forgotPassword', Screen: screen(() => import('../features/login/ForgotPasswordScreen.tsx')) },
  { path: '/socialSignin', Screen: screen(() => import('../features/login/SocialSigninScreen.tsx')) },
  { path: '/profile', Screen: screen(() => import('../features/account/ProfileScreen.tsx')) },
  { path: '/myAddresses', Screen: screen(() => import('../features/account/MyAddressesScreen.tsx')) },
  { path: '/address', Screen: screen(() => import('../features/account/AddressFormScreen.tsx')) },
  { path: '/changeAddress', Screen: screen(() => import('../features/account/ChangeAddressScreen.tsx')) },
  { path: '/payment', Screen: screen(() => import('../features/checkout/CheckoutScreen.tsx')) },
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
  { path: '/orderHistory', Screen: screen(() => import('../features/history/OrderHistoryScreen.tsx')) },
  {
    path: '/postorder-ui/orderHistory',
    Screen: screen(() => import('../features/history/OrderHistoryScreen.tsx')),
  },
  { path: '/orderDetails', Screen: screen(() => import('../features/history/OrderDetailsScreen.tsx')) },
  {
    path: '/postorder-ui/orderDetails',
    Screen: screen(() => import('../features/history/OrderDetailsScreen.tsx')),
  },
  { path: '*', Screen: screen(() => import('./NotFoundScreen.tsx')) },
];
