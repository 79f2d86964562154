/** Business constants of SPEC §9. */
export const CURRENCY = 'INR';
export const COUNTRY_CODE = '+91';
export const PHONE_LENGTH = 10;
export const API_TIMEOUT_MS = 30_000;
export const NETWORK_RETRIES = 3;
export const TOKEN_REFRESH_RETRIES = 2;
export const LAZY_LOAD_ATTEMPTS = 5;
export const LAZY_LOAD_INTERVAL_MS = 1000;

export const EXTRA_CHEESE_ITEM_ID = 51;
export const EXTRA_CHEESE_MAX = 3;
export const CART_MAX_PRICE_RUPEES = 5000;
export const CART_MAX_ITEMS = 25;
/** the cart's surprise gift unlocks at this net price */
export const SURPRISE_GIFT_THRESHOLD_RUPEES = 350;
/**
 * the surprise gift itself: a menu product the chain chose (the seeded Choco Lava Cake), packed free with an
 * order that unlocks it, and offered only where the store can give it now
 */
export const SURPRISE_GIFT_PRODUCT_CODE = 'DES2601';
/** everyday-value unit prices that coupons do not discount further */
export const COUPON_FREE_PRICE_RUPEES = [99, 199] as const;

export const VEG = 0;
export const NON_VEG = 1;

export const RECENT_LOCATIONS_MAX = 3;
/** SPEC §9 "saved addresses 3": a customer's account (and a guest's device) keeps at most this many. */
export const SAVED_ADDRESSES_MAX = 3;
export const TAKEAWAY_STORE_COUNT = 3;
export const STORE_SEARCH_RADIUS_KM = 30;
export const MAX_SHOWN_DISTANCE_KM = 30;
export const STORE_LIST_CAP = 5;
export const EARTH_RADIUS_KM = 6371;
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
export const AUTOCOMPLETE_MAX_RESULTS = 8;
export const GPS_TIMEOUT_MS = 5000;
export const GPS_MAX_AGE_MS = 120_000;
export const DEFAULT_MAP_CENTRE = { latitude: 28.744434, longitude: 77.1722417 } as const;

export const CONFIG_REFRESH_SECONDS = 180;
export const TOAST_MS = 4000;
/** SPEC §9 "Vibrate 200 ms": the phone's short buzz when an item lands in the cart (where the phone can). */
export const VIBRATE_MS = 200;
/** SPEC §9: a scheduled order's processing begins 30 minutes before its slot. */
export const ADVANCE_PROCESSING_MINUTES = 30;
/** The default store used by the 403/404 fallback of SPEC §8 HTTP handling. */
export const DEFAULT_STORE_ID = 1001;
export const IST_OFFSET_MINUTES = 330;

/** SPEC §9 OTP: resend after 45 s, at most 5 sends (per number per hour), 4 attempts per code. */
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 45;
export const OTP_SENDS_PER_HOUR = 5;
export const OTP_ATTEMPTS = 4;
export const OTP_VALID_SECONDS = 300;
/** sends from one client address per hour, across numbers */
export const OTP_SENDS_PER_IP_PER_HOUR = 30;

/** A password: at least 8 characters (NIST SP 800-63B's floor), at most 128 (scrypt cost stays bounded). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** SPEC §5 Card: the CVV input's character limit (the rule itself allows 3 digits, 4 for Amex). */
export const CVV_MAX_LENGTH = 15;

/** SPEC §9 payment: status polling for at most 80 s, every 3 s unless the server says otherwise. */
export const PAYMENT_POLL_TOTAL_SECONDS = 80;
export const PAYMENT_POLL_NEXT_SECONDS = 3;
export const TRANSACTION_TIMEOUT_SECONDS = 120;
export const WALLET_ORDER_PROCESSING_SECONDS = 5;
export const ORDER_PROCESSING_SECONDS = 3;
export const UPI_POLL_SECONDS = 30;
export const REFUND_POLL_TOTAL_MS = 180_000;
export const REFUND_POLL_INTERVAL_MS = 3000;
/** SPEC §9 gives 30 minutes in one reading and 5 in the config defaults; the longer window warns more. */
export const DUPLICATE_ORDER_WINDOW_MINUTES = 30;
