import { defineTexts } from '../i18n/index.ts';
import { MESSAGES } from '@crust/domain/messages';

/**
 * Texts of the GPS choice and the order types, which the landing shows too (SPEC §8 Location texts come from
 * MESSAGES). The location and store-selection screens' own texts are features/location/texts.ts: the landing's
 * first download does not carry them (issue 32 §1).
 */
export const LOCATION_TEXTS = {
  // GPS (SPEC §4 Location)
  useCurrentLocation: 'Use current location',
  useCurrentLocationHint: 'Using GPS',
  locating: 'Detecting your location…',
  allowInPrompt: 'Allow location access in your browser to continue',
  currentLocation: 'Current location',
  deniedTitle: MESSAGES.locationDeniedTitle,
  deniedBody: MESSAGES.locationDeniedBody,
  ok: MESSAGES.genericButton,
  retry: 'Retry',
  loading: 'Loading…',
  gpsFailedTitle: 'Current location',
  gpsFailedBody: 'We could not auto detect your location. Please search for your area instead.',
  gpsFailedBodyWithStore:
    'We could not auto detect your location. You can keep ordering from {store}, or search for your area.',
  gpsContinueWithStore: 'Continue to menu',
  searchInstead: 'Search location',

  // order types (SPEC §1: P is shown as Takeaway/Dine-in; DINEIN is a table at the store)
  orderTypeLegend: 'How would you like your order?',
  deliveryHint: 'To your door',
  pickupHint: 'Collect at the store',
  dineInHint: 'Eat at the store',
  curbHint: 'Brought to your car',
} as const;

export const lt = defineTexts(LOCATION_TEXTS);
