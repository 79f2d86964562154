import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const cities = pgTable('cities', {
  id: text('id').primaryKey(), // slug, e.g. 'bengaluru'
  name: text('name').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

export const localities = pgTable(
  'localities',
  {
    id: serial('id').primaryKey(),
    placeId: text('place_id').notNull(),
    name: text('name').notNull(),
    subLocality: text('sub_locality').notNull().default(''),
    cityId: text('city_id')
      .notNull()
      .references(() => cities.id),
    district: text('district').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [uniqueIndex('localities_place_id_uq').on(t.placeId), index('localities_city_idx').on(t.cityId)],
);

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    locality: text('locality').notNull(),
    cityId: text('city_id')
      .notNull()
      .references(() => cities.id),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull(),
    opensAt: smallint('opens_at').notNull(), // minutes after midnight IST
    closesAt: smallint('closes_at').notNull(),
    deliveryRadiusM: integer('delivery_radius_m').notNull(),
    orderTypes: text('order_types').array().notNull(),
    online: boolean('online').notNull().default(true),
    advanceOrderStoreId: integer('advance_order_store_id'),
  },
  (t) => [index('stores_city_idx').on(t.cityId)],
);

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const crusts = pgTable('crusts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

export const sizes = pgTable('sizes', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  serves: smallint('serves').notNull(),
});

export const products = pgTable('products', {
  code: text('code').primaryKey(), // menuCode, e.g. PIZ0171
  name: text('name').notNull(),
  description: text('description').notNull(),
  foodType: text('food_type').notNull(), // VEG | NON_VEG
  productType: text('product_type').notNull(),
  categoryIds: integer('category_ids').array().notNull(),
  defaultToppingIds: integer('default_topping_ids').array().notNull(),
  isCustomizable: boolean('is_customizable').notNull(),
  isReplaceable: boolean('is_replaceable').notNull(),
  isBestseller: boolean('is_bestseller').notNull(),
  image: text('image').notNull(), // file name under the web app's /menu-img/
  sortOrder: integer('sort_order').notNull(),
  gstRateBp: integer('gst_rate_bp').notNull().default(500), // basis points: 500 = 5 %
});

export const productVariants = pgTable(
  'product_variants',
  {
    code: text('code').primaryKey(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    crustId: integer('crust_id')
      .notNull()
      .references(() => crusts.id),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    pricePaise: integer('price_paise').notNull(),
    /** the list price before the everyday discount; equal to price when there is none */
    regularPricePaise: integer('regular_price_paise').notNull(),
  },
  (t) => [uniqueIndex('variants_product_crust_size_uq').on(t.productCode, t.crustId, t.sizeId)],
);

export const toppings = pgTable('toppings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  foodType: text('food_type').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const toppingPrices = pgTable(
  'topping_prices',
  {
    toppingId: integer('topping_id')
      .notNull()
      .references(() => toppings.id),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    pricePaise: integer('price_paise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.toppingId, t.sizeId] })],
);

/** Store-specific menu: a product missing here is sold at the store at the chain price. */
export const storeProductOverrides = pgTable(
  'store_product_overrides',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    /** false: not sold at this store (left out of its menu) */
    available: boolean('available').notNull().default(true),
    /** false: on the menu but temporarily out of stock */
    inStock: boolean('in_stock').notNull().default(true),
    /** added to every variant's price at this store (city pricing), paise, may be negative */
    priceDeltaPaise: integer('price_delta_paise').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productCode] })],
);

/** The precomputed menu body per store (ETag = version), rebuilt whenever menu data changes. */
export const menuSnapshots = pgTable('menu_snapshots', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id),
  version: text('version').notNull(),
  menuBody: text('menu_body').notNull(),
  toppingsBody: text('toppings_body').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

export const guestSessions = pgTable('guest_sessions', {
  id: text('id').primaryKey(), // userId of the guest
  accessKeyId: text('access_key_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** One row per applied seed, so starting twice never seeds twice. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  checksum: text('checksum').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * A cart: its lines (SPEC §3 Cart item, without prices: the server prices them on every read) and the
 * customer's choices. `version` bumps on every write; writes are conditional on it, so two tabs
 * editing one cart never overwrite each other.
 */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(), // cartId
    ownerId: text('owner_id').notNull(), // the guest's (later the customer's) userId
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    deliveryType: text('delivery_type').notNull(),
    lines: jsonb('lines').notNull(),
    tipPaise: integer('tip_paise').notNull().default(0),
    optionalCharge: boolean('optional_charge').notNull().default(false),
    promoCode: text('promo_code'),
    orderTimeSec: integer('order_time_sec'),
    selectedPaymentId: text('selected_payment_id'),
    /** messages the customer has not been shown yet (a coupon that stopped applying, changed prices) */
    notices: jsonb('notices').notNull().default([]),
    /** the last idempotency keys applied, so a retried add is not added twice */
    recentKeys: jsonb('recent_keys').notNull().default([]),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('carts_owner_idx').on(t.ownerId)],
);

/** Coupons (SPEC §3 promo; rules in packages/domain/src/cart-model.ts Coupon). Prices in paise. */
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** CouponRule as JSON: { kind: 'FLAT' | 'PERCENT' | 'FREE_ITEM' | 'BOGO', … } */
  rule: jsonb('rule').notNull(),
  minOrderPaise: integer('min_order_paise').notNull().default(0),
  orderTypes: text('order_types').array(),
  storeIds: integer('store_ids').array(),
  days: smallint('days').array(),
  hoursFrom: smallint('hours_from'),
  hoursTo: smallint('hours_to'),
  firstOrderOnly: boolean('first_order_only').notNull().default(false),
  perCustomerLimit: integer('per_customer_limit'),
  totalLimit: integer('total_limit'),
  paymentOptions: text('payment_options').array(),
  hidden: boolean('hidden').notNull().default(false),
  active: boolean('active').notNull().default(true),
  terms: text('terms').array().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** One row per order that used a coupon: the source of the per-customer and total usage counts. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    code: text('code')
      .notNull()
      .references(() => coupons.code),
    customerId: text('customer_id').notNull(),
    orderId: text('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_uq').on(t.code, t.orderId),
    index('coupon_redemptions_customer_idx').on(t.code, t.customerId),
  ],
);

/** Everyday-value deals (rules in packages/domain/src/cart-model.ts EdvDeal). */
export const edvDeals = pgTable('edv_deals', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  groupSize: smallint('group_size').notNull(),
  /** [{ sizeId, price }] in paise */
  prices: jsonb('prices').notNull(),
  productTypes: text('product_types').array().notNull(),
  crustIds: integer('crust_ids').array(),
  productCodes: text('product_codes').array(),
  /** null: every store */
  storeIds: integer('store_ids').array(),
  terms: text('terms').array().notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A customer account, keyed by a verified mobile number (OTP login creates it). */
export const customers = pgTable('customers', {
  id: text('id').primaryKey(), // 'U' + hex: the userId of a logged-in customer
  mobile: text('mobile').notNull().unique(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  email: text('email').notNull().default(''),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** scrypt, "scrypt$N$r$p$salt$hash"; null until the customer sets a password */
  passwordHash: text('password_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
});

/**
 * One OTP sent to a mobile for one request. Only a keyed hash of the code is kept; `attempts` is raised
 * before a guess is compared, so at most OTP_ATTEMPTS guesses are ever checked against a code.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: text('id').primaryKey(), // requestId
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    ip: text('ip').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('otp_mobile_created_idx').on(t.mobile, t.createdAt),
    index('otp_ip_created_idx').on(t.ip, t.createdAt),
  ],
);

/** Texts the SMS sandbox "sent": the developer's and the tests' inbox at /sandbox/sms. */
export const sandboxSms = pgTable(
  'sandbox_sms',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_sms_mobile_idx').on(t.mobile, t.sentAt)],
);

/**
 * Refresh tokens: one row per token, chained in families (one per login or guest session). A token is
 * spent when used; presenting a spent one again revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id').notNull(),
    subjectKind: text('subject_kind').notNull(), // 'guest' | 'customer'
    subjectId: text('subject_id').notNull(),
    /** the accessKeyId (authtoken header) of the family, carried into every rotated token */
    accessKeyId: text('access_key_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_family_idx').on(t.familyId)],
);

/** Token families that may no longer be used (logout, reuse detected). */
export const revokedFamilies = pgTable('revoked_families', {
  familyId: text('family_id').primaryKey(),
  reason: text('reason').notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 Address: a customer's saved delivery addresses (a guest's stay on the device). */
export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(), // addressId
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    type: text('type').notNull(), // Home | Work | Other
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull().default(''),
    houseNo: text('house_no').notNull(),
    street: text('street').notNull(), // society / street name
    locality: text('locality').notNull(),
    subLocality: text('sub_locality').notNull().default(''),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    formattedAddress: text('formatted_address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

/** Failed password logins per mobile, for the lockout window (docs/identity.md). */
export const passwordFailures = pgTable(
  'password_failures',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_failures_mobile_idx').on(t.mobile, t.at)],
);
