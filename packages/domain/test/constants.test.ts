import { describe, expect, it } from 'vitest';
import * as C from '../src/constants.ts';

describe('business constants match SPEC §9', () => {
  it.each<[keyof typeof C, unknown]>([
    ['CURRENCY', 'INR'],
    ['COUNTRY_CODE', '+91'],
    ['PHONE_LENGTH', 10],
    ['API_TIMEOUT_MS', 30_000],
    ['NETWORK_RETRIES', 3],
    ['TOKEN_REFRESH_RETRIES', 2],
    ['LAZY_LOAD_ATTEMPTS', 5],
    ['LAZY_LOAD_INTERVAL_MS', 1000],
    ['EXTRA_CHEESE_ITEM_ID', 51],
    ['EXTRA_CHEESE_MAX', 3],
    ['CART_MAX_PRICE_RUPEES', 5000],
    ['CART_MAX_ITEMS', 25],
    ['SURPRISE_GIFT_THRESHOLD_RUPEES', 350],
    ['VEG', 0],
    ['NON_VEG', 1],
    ['RECENT_LOCATIONS_MAX', 3],
    ['TAKEAWAY_STORE_COUNT', 3],
    ['STORE_SEARCH_RADIUS_KM', 30],
    ['MAX_SHOWN_DISTANCE_KM', 30],
    ['STORE_LIST_CAP', 5],
    ['EARTH_RADIUS_KM', 6371],
    ['AUTOCOMPLETE_DEBOUNCE_MS', 500],
    ['GPS_TIMEOUT_MS', 5000],
    ['GPS_MAX_AGE_MS', 120_000],
    ['CONFIG_REFRESH_SECONDS', 180],
    ['TOAST_MS', 4000],
    ['VIBRATE_MS', 200],
    ['ADVANCE_PROCESSING_MINUTES', 30],
    ['IST_OFFSET_MINUTES', 330],
    ['CVV_MAX_LENGTH', 15],
    ['PAYMENT_POLL_TOTAL_SECONDS', 80],
    ['PAYMENT_POLL_NEXT_SECONDS', 3],
    ['TRANSACTION_TIMEOUT_SECONDS', 120],
    ['WALLET_ORDER_PROCESSING_SECONDS', 5],
    ['ORDER_PROCESSING_SECONDS', 3],
    ['UPI_POLL_SECONDS', 30],
    ['REFUND_POLL_TOTAL_MS', 180_000],
    ['REFUND_POLL_INTERVAL_MS', 3000],
    ['DUPLICATE_ORDER_WINDOW_MINUTES', 30],
  ])('%s = %s', (name, expected) => {
    expect(C[name]).toBe(expected);
  });

  it('COUPON_FREE_PRICE_RUPEES are 99 and 199', () => {
    expect(C.COUPON_FREE_PRICE_RUPEES).toEqual([99, 199]);
  });

  it('DEFAULT_MAP_CENTRE is latitude 28.744434, longitude 77.1722417', () => {
    expect(C.DEFAULT_MAP_CENTRE).toEqual({ latitude: 28.744434, longitude: 77.1722417 });
  });
});
