import { paths } from '../config/paths.ts';
import { screen, type RouteDef } from './screen.ts';

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
const Wallet = screen(() => import('../features/wallet/WalletScreen.tsx'));

/**
 * SPEC §2's post-order area: the same screens under /postorder-ui/ (a login whose target is here is a full
 * page load, SPEC §4).
 */
const postOrderRoutes: readonly RouteDef[] = [
  { path: paths.offers.twin, Screen: Offers },
  { path: paths.orderHistory.twin, Screen: OrderHistory },
  { path: paths.orderDetails.twin, Screen: OrderDetails },
  { path: paths.login.twin, Screen: Login },
  { path: paths.loginOtp.twin, Screen: LoginOtp },
  { path: paths.profile.twin, Screen: Profile },
  { path: paths.searchAddress.twin, Screen: SearchAddress },
  { path: paths.myAddresses.twin, Screen: MyAddresses },
  { path: paths.mapScreen.twin, Screen: MapScreen },
  { path: paths.nearestStore.twin, Screen: NearestStore },
  { path: paths.takeawayMap.twin, Screen: TakeawayMap },
  { path: paths.selectRestaurant.twin, Screen: SelectRestaurant },
  { path: paths.wallet.twin, Screen: Wallet },
];

/**
 * SPEC §2 paths but the first screens' (./first-routes.ts); query parameters are read by the screens. This table
 * and its screens' import lists are a chunk of their own, loaded once the first screen is idle or with a visit
 * that starts here (issue 32 §1: they were ~4 KB brotli of every first download).
 */
export const laterRoutes: readonly RouteDef[] = [
  {
    path: paths.locationSelection.pattern,
    Screen: screen(() => import('../features/location/LocationSelectionScreen.tsx')),
  },
  { path: paths.searchAddress.pattern, Screen: SearchAddress },
  { path: paths.mapScreen.pattern, Screen: MapScreen },
  { path: paths.nearestStore.pattern, Screen: NearestStore },
  { path: paths.takeawayMap.pattern, Screen: TakeawayMap },
  { path: paths.selectRestaurant.pattern, Screen: SelectRestaurant },
  {
    path: paths.manualSelector.pattern,
    Screen: screen(() => import('../features/location/ManualSelectorScreen.tsx')),
  },
  { path: paths.search.pattern, Screen: screen(() => import('../features/search/SearchScreen.tsx')) },
  { path: paths.offers.pattern, Screen: Offers },
  { path: paths.tncOffers.pattern, Screen: screen(() => import('../features/offers/OfferTermsScreen.tsx')) },
  { path: paths.tnc.pattern, Screen: screen(() => import('../features/offers/TermsScreen.tsx')) },
  { path: paths.edv.pattern, Screen: Edv },
  // SPEC §2: the old name redirects; the redirect rides in the EDV chunk the next screen needs anyway
  {
    path: paths.everydayValueOffers.pattern,
    Screen: screen(() => import('../features/edv/EdvScreen.tsx').then((m) => ({ default: m.EdvRedirect }))),
  },
  { path: paths.login.pattern, Screen: Login },
  { path: paths.loginOtp.pattern, Screen: LoginOtp },
  { path: paths.password.pattern, Screen: screen(() => import('../features/login/PasswordScreen.tsx')) },
  {
    path: paths.forgotPassword.pattern,
    Screen: screen(() => import('../features/login/ForgotPasswordScreen.tsx')),
  },
  {
    path: paths.socialSignin.pattern,
    Screen: screen(() => import('../features/login/SocialSigninScreen.tsx')),
  },
  { path: paths.profile.pattern, Screen: Profile },
  { path: paths.myAddresses.pattern, Screen: MyAddresses },
  { path: paths.address.pattern, Screen: screen(() => import('../features/account/AddressFormScreen.tsx')) },
  {
    path: paths.changeAddress.pattern,
    Screen: screen(() => import('../features/account/ChangeAddressScreen.tsx')),
  },
  { path: paths.payment.pattern, Screen: Checkout },
  // SPEC §2: the payment UI's own path opens the same checkout
  { path: paths.paymentUi.pattern, Screen: Checkout },
  {
    path: paths.paymentType.pattern,
    Screen: screen(() => import('../features/checkout/PaymentTypeScreen.tsx')),
  },
  {
    path: paths.payGateway.pattern,
    Screen: screen(() => import('../features/payment/PayGatewayScreen.tsx')),
  },
  { path: paths.upiForm.pattern, Screen: screen(() => import('../features/payment/UpiFormScreen.tsx')) },
  {
    path: paths.paytmForm.pattern,
    Screen: screen(() => import('../features/payment/PaytmFormScreen.tsx')),
  },
  {
    path: paths.paymentTransaction.pattern,
    Screen: screen(() => import('../features/payment/PaymentTransactionScreen.tsx')),
  },
  { path: paths.thankYou.pattern, Screen: screen(() => import('../features/payment/ThankYouScreen.tsx')) },
  // the store console (docs/store-console.md): staff only, its own chunk
  { path: paths.store.pattern, Screen: screen(() => import('../features/store/StoreConsoleScreen.tsx')) },
  { path: paths.track.pattern, Screen: screen(() => import('../features/tracking/TrackScreen.tsx')) },
  {
    path: paths.thankYouAndTracking.pattern,
    Screen: screen(() => import('../features/tracking/ThankYouTrackingScreen.tsx')),
  },
  { path: paths.orderHistory.pattern, Screen: OrderHistory },
  { path: paths.orderDetails.pattern, Screen: OrderDetails },
  {
    path: paths.pizzaLoyalty.pattern,
    Screen: screen(() => import('../features/loyalty/LoyaltyScreen.tsx')),
  },
  { path: paths.wallet.pattern, Screen: Wallet },
  // rating an order (issue 17 §1)
  {
    path: paths.feedback.pattern,
    Screen: screen(() => import('../features/feedback/FeedbackScreen.tsx')),
  },
  // spin-the-wheel (issue 33 §1)
  { path: paths.game.pattern, Screen: screen(() => import('../features/game/GameScreen.tsx')) },
  // a partner mini-app's entry and sign-in (issue 18): the login screen's chunk opens its own
  { path: paths.vendorPage.pattern, Screen: Login },
  // delivery to a train seat (issue 16)
  {
    path: paths.deliverOnTrain.pattern,
    Screen: screen(() => import('../features/train/DeliverOnTrainScreen.tsx')),
  },
  {
    path: paths.irctcStation.pattern,
    Screen: screen(() => import('../features/train/IrctcStationScreen.tsx')),
  },
  // content (issue 17 §2, docs/content.md)
  {
    path: paths.notification.pattern,
    Screen: screen(() => import('../features/content/NotificationScreen.tsx')),
  },
  { path: paths.info.pattern, Screen: screen(() => import('../features/content/InfoScreen.tsx')) },
  {
    path: paths.worldPizzaLeague.pattern,
    Screen: screen(() => import('../features/content/WorldPizzaLeagueScreen.tsx')),
  },
  ...postOrderRoutes,
  { path: paths.notFound.pattern, Screen: screen(() => import('../shared/ui/NotFoundScreen.tsx')) },
];
