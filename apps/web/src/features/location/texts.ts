import { MESSAGES } from '@crust/domain/messages';
import { defineTexts } from '../../shared/i18n/index.ts';
import { LOCATION_TEXTS } from '../../shared/location/texts.ts';

/** Texts of the location and store-selection screens, with the GPS and order-type texts they share with the landing. */
export const lt = defineTexts({
  ...LOCATION_TEXTS,

  // location selection
  locationSelectionTitle: 'Choose your location',
  whereDeliver: 'Where should we deliver?',
  wherePickup: 'Where are you? We will find stores near you.',
  searchArea: 'Search for area, street name',
  searchAreaHint: 'Type a locality, street or PIN code',
  selectCityLocality: 'Select city and locality',
  selectCityLocalityHint: 'Pick from the list of cities we serve',
  chooseRestaurant: 'Choose a restaurant',
  chooseRestaurantHint: 'Browse our stores city by city',
  recentLocations: 'Recent locations',

  // search
  searchTitle: 'Search location',
  searchLabel: 'Search for area, street name',
  searchPlaceholder: 'e.g. Koramangala or 560034',
  clearSearch: 'Clear search',
  suggestions: 'Suggestions',
  searching: 'Searching…',
  noResultsTitle: 'No places found for "{query}"',
  noResultsBody:
    'Check the spelling, try a nearby locality or a 6-digit PIN code, or pick from our list of cities.',
  suggestionsFailed: 'We could not load suggestions.',
  typeMore: 'Type at least 2 letters of your area',

  // map
  mapTitle: 'Set delivery location',
  mapLabel: 'Map. Drag it, or use the arrow keys, to move the pin.',
  mapHint: 'Move the map to place the pin on your building',
  pinHere: 'Your order will be delivered here',
  moveNorth: 'Move pin north',
  moveSouth: 'Move pin south',
  moveWest: 'Move pin west',
  moveEast: 'Move pin east',
  findingAddress: 'Finding address…',
  noAddressHere: 'We could not find an address here. Move the pin closer to a street.',
  addressFailed: 'We could not look up this address.',
  pinnedLocation: 'Pinned location',
  confirmLocation: 'Confirm location',
  changeLocation: 'Change location',
  pinCode: 'PIN {pin}',
  youAreHere: 'Your location',

  // nearest store
  nearestTitle: 'Finding your store',
  findingStore: 'Finding the nearest store…',
  checkingStore: 'Checking the store…',
  yourStore: 'Your nearest store',
  weDoNotDeliverHere: MESSAGES.weDoNotDeliverHere,
  noDeliveryBody:
    'This address is outside the delivery area of our stores. Try another address, or pick up your order.',
  tryPickup: 'Takeaway/Dine-in instead',
  lookupFailed: 'We could not find a store right now.',
  noPoint: 'Choose your location first.',

  // store choice
  storeOfflineTitle: 'Store offline',
  browseMenu: 'Browse menu',
  selectAnotherStore: 'Select another store',
  opsTitle: MESSAGES.genericHeader,
  storeTrouble: MESSAGES.storeTroubleSelectOther,

  // stores
  open24h: 'Open 24 hours',
  closedToday: 'Closed today',
  hours: '{opens} – {closes}',
  openNow: 'Open now',
  closedNow: 'Closed now',
  offline: 'Offline',
  away: '{distance} away',
  veryNear: 'Less than 100 m away',
  selectStore: 'Order from {name}',
  selecting: 'Selecting…',
  takeawayTitle: 'Pick a store',
  takeawayIntro: 'Stores near {place}',
  storesOnMap: 'Stores near you',
  selectRestaurantTitle: 'Select restaurant',
  nearestFailedNote: 'We could not find a store near your location. Choose one from the list.',
  chooseCity: 'Choose your city',
  city: 'City',
  changeCity: 'Change city',
  storesIn: 'Stores in {city}',
  storeCount: '{count} stores',
  storeCountOne: '1 store',
  noStoresInCity: 'No stores in {city} offer this order type yet.',
  loadFailed: 'We could not load this list.',

  // manual selector
  manualTitle: 'Select city and locality',
  localitiesIn: 'Localities in {city}',
  filterLocalities: 'Search locality',
  noLocalities: 'No locality matches "{query}".',
});

export type LocationText = Parameters<typeof lt>[0];
