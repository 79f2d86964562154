import { sql } from 'drizzle-orm';
import type { FeedbackState } from '@crust/domain/feedback';
import type { EnrollmentStatus } from '@crust/domain/loyalty';
import type { PaymentState } from '@crust/domain/payment-state';
import type { StaffRole } from '@crust/domain/staff-roles';
import type { DayHours } from '@crust/domain/store-hours';
import type { LatLng } from '@crust/domain/geo';
import type { AllergenCode, ProductStatus } from '@crust/domain/catalogue-admin';
import type { OfferStatus } from '@crust/domain/offer-admin';
import type { PrizeKind, SpinState } from '@crust/domain/wheel';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
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
import type { GatewayOrderStatus, GatewayPaymentStatus } from '@crust/domain/gateway-statuses';
import type { Bucket, WeightedVariant } from '@crust/domain/experiments';

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
    /**
     * the week's hours, 0 Sunday … 6 Saturday: minutes after midnight IST ({ opensAt, closesAt }, a closing at or
     * before the opening closes after midnight, equal is 24 hours) or null, closed all day (domain store-hours.ts)
     */
    week: jsonb('week').$type<DayHours[]>().notNull(),
    /** used while delivery_polygon is null */
    deliveryRadiusM: integer('delivery_radius_m').notNull(),
    /** the delivery area instead of the radius: 3–100 points (domain delivery-area.ts); null = the radius */
    deliveryPolygon: jsonb('delivery_polygon').$type<LatLng[]>(),
    orderTypes: text('order_types').array().notNull(),
    online: boolean('online').notNull().default(true),
    advanceOrderStoreId: integer('advance_order_store_id'),
    /** the back office's settings' version (hours, area, phone, payment options): a stale save is refused */
    version: integer('version').notNull().default(1),
  },
  (t) => [index('stores_city_idx').on(t.cityId)],
);

/** A store's dated exceptions to its week (holidays, special hours), by IST date: null hours = closed all day. */
export const storeHoursExceptions = pgTable(
  'store_hours_exceptions',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    date: date('date', { mode: 'string' }).notNull(),
    opensAt: smallint('opens_at'),
    closesAt: smallint('closes_at'),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.date] })],
);

/** PostgreSQL's bytea (PGlite answers a Uint8Array, node-postgres a Buffer: both read as bytes). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull(),
  /** off the customers' menu (its products stay in their other categories) */
  hidden: boolean('hidden').notNull().default(false),
  /** the back office's version: a stale save is refused */
  version: integer('version').notNull().default(1),
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

export const products = pgTable(
  'products',
  {
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
    image: text('image').notNull(), // file name under the web app's /menu-img/ (a drawn placeholder)
    sortOrder: integer('sort_order').notNull(),
    gstRateBp: integer('gst_rate_bp').notNull().default(500), // basis points: 500 = 5 %
    /** packages/domain catalogue-admin: only PUBLISHED reaches customers; RETIRED is kept, never deleted */
    status: text('status').$type<ProductStatus>().notNull().default('PUBLISHED'),
    /** sold only where a city or store price list prices it (a regional item) */
    pricedOnly: boolean('priced_only').notNull().default(false),
    /** the uploaded food photo (photos.photo_id), shown instead of the placeholder */
    photoId: text('photo_id'),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('products_status', sql`${t.status} in ('DRAFT', 'PUBLISHED', 'HIDDEN', 'RETIRED')`)],
);

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
    /** no longer sold; kept for the price lists and audit entries that name it */
    retired: boolean('retired').notNull().default(false),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('variants_product_crust_size_uq').on(t.productCode, t.crustId, t.sizeId),
    check('variants_prices', sql`${t.pricePaise} > 0 and ${t.regularPricePaise} >= ${t.pricePaise}`),
  ],
);

export const toppings = pgTable('toppings', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  foodType: text('food_type').notNull(),
  sortOrder: integer('sort_order').notNull(),
  version: integer('version').notNull().default(1),
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

/**
 * FSSAI labelling (issue 30 §2, SPEC §3 Size nutriInfoDetails and allergenInfoDetails): one serving of a product
 * in one size. A product is published only with a row for every size it is sold in.
 */
export const productNutrition = pgTable(
  'product_nutrition',
  {
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id),
    servingSizeG: doublePrecision('serving_size_g').notNull(),
    energyKcal: doublePrecision('energy_kcal').notNull(),
    proteinG: doublePrecision('protein_g').notNull(),
    carbohydrateG: doublePrecision('carbohydrate_g').notNull(),
    sugarG: doublePrecision('sugar_g').notNull(),
    fatG: doublePrecision('fat_g').notNull(),
    sodiumMg: doublePrecision('sodium_mg').notNull(),
    allergens: text('allergens').array().$type<AllergenCode[]>().notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.sizeId] })],
);

/**
 * Price lists (issue 30 §2): a variant's price for one store, one city's stores, or the chain (neither), from
 * `starts_at` on (null: at once). A store's menu takes the most specific entry in force, the latest started
 * within a scope (packages/domain catalogue-admin `priceInForce`); one entry per variant, scope and start.
 */
export const variantPrices = pgTable(
  'variant_prices',
  {
    id: serial('id').primaryKey(),
    variantCode: text('variant_code')
      .notNull()
      .references(() => productVariants.code),
    storeId: integer('store_id').references(() => stores.id),
    cityId: text('city_id').references(() => cities.id),
    pricePaise: integer('price_paise').notNull(),
    regularPricePaise: integer('regular_price_paise').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('variant_prices_slot_uq').on(
      t.variantCode,
      sql`coalesce(${t.storeId}, 0)`,
      sql`coalesce(${t.cityId}, '')`,
      sql`coalesce(${t.startsAt}, '-infinity'::timestamptz)`,
    ),
    index('variant_prices_starts_idx').on(t.startsAt),
    check('variant_prices_scope', sql`${t.storeId} is null or ${t.cityId} is null`),
    check('variant_prices_amounts', sql`${t.pricePaise} > 0 and ${t.regularPricePaise} >= ${t.pricePaise}`),
  ],
);

/**
 * Food photos (issue 30 §2), one row per rendition: the widths the menu uses, WebP and JPEG. `photo_id` is the
 * hash of the uploaded bytes, so a rendition's URL never changes meaning (served immutable). The bytes live in
 * the database (one store for every process, PGlite or PostgreSQL) behind modules/menu/photo-store.ts.
 */
export const photos = pgTable(
  'photos',
  {
    photoId: text('photo_id').notNull(),
    width: integer('width').notNull(),
    format: text('format').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.width, t.format] })],
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
    /** the back office's availability switch saves on the version it read (409 STALE otherwise) */
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.productCode] })],
);

/**
 * SPEC §3 Payment details: the payment options a store offers, per method, with the order types each one
 * is offered for (`delivery_types`) and the order they are listed in. `status` E enabled, D disabled (shown
 * but not choosable).
 */
export const storePaymentOptions = pgTable(
  'store_payment_options',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    methodCode: text('method_code').notNull(),
    providerCode: text('provider_code').notNull(),
    providerName: text('provider_name').notNull(),
    status: text('status').notNull().default('E'),
    deliveryTypes: text('delivery_types').array().notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.methodCode] }),
    check('store_payment_options_status', sql`${t.status} in ('E', 'D')`),
  ],
);

/**
 * SPEC §3 Store storeStationDetails: a store's Drive-n-Pick (curbside) bays. `station_id` is the SPEC's
 * stationId, numbered per store. A store with no bays offers no curbside orders.
 */
export const storeStations = pgTable(
  'store_stations',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    stationId: integer('station_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.stationId] }),
    check('store_stations_station_id', sql`${t.stationId} > 0`),
  ],
);

/** Railway stations by their Indian Railways code (issue 16). */
export const railwayStations = pgTable('railway_stations', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  cityId: text('city_id').references(() => cities.id),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
});

/**
 * The stores that carry train orders to a station's platform (SPEC §3 storeStationDetails for train orders;
 * packages/domain train.ts StationOutlet): the cut-off, 15–105 minutes before the train's expected arrival.
 */
export const stationOutlets = pgTable(
  'station_outlets',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    stationCode: text('station_code')
      .notNull()
      .references(() => railwayStations.code),
    cutoffMinutes: integer('cutoff_minutes').notNull(),
    prepaidOnly: boolean('prepaid_only').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.stationCode] }),
    index('station_outlets_station_idx').on(t.stationCode),
    check('station_outlets_cutoff', sql`${t.cutoffMinutes} between 15 and 105`),
  ],
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
  /** when a scheduled price for this store starts: the menu is composed again then */
  nextChangeAt: timestamp('next_change_at', { withTimezone: true }),
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
export const coupons = pgTable(
  'coupons',
  {
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
    /** a bank offer: the bank whose cards may pay, and their BIN prefixes (with card paymentOptions) */
    cardIssuer: text('card_issuer'),
    cardBins: text('card_bins').array(),
    /** ALL, or STAFF: only a customer whose mobile is a staff member's registered mobile (staff.mobile) */
    audience: text('audience').notNull().default('ALL'),
    hidden: boolean('hidden').notNull().default(false),
    /** a personal coupon (a spin-the-wheel prize): only this customer may use it; null: anyone */
    ownerId: text('owner_id'),
    /** null: every city; else also every store of these cities (beside `store_ids`) */
    cityIds: text('city_ids').array(),
    /** [valid_from, valid_to): null ends are open */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** DRAFT (never applies), PUBLISHED, RETIRED (kept for the orders and redemptions that name it) */
    status: text('status').$type<OfferStatus>().notNull().default('PUBLISHED'),
    terms: text('terms').array().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_audience', sql`${t.audience} in ('ALL', 'STAFF')`),
    check('coupons_status', sql`${t.status} in ('DRAFT', 'PUBLISHED', 'RETIRED')`),
  ],
);

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
export const edvDeals = pgTable(
  'edv_deals',
  {
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
    /** null: every store (and `city_ids` null: no city's stores beside them) */
    storeIds: integer('store_ids').array(),
    cityIds: text('city_ids').array(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    status: text('status').$type<OfferStatus>().notNull().default('PUBLISHED'),
    terms: text('terms').array().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('edv_deals_status', sql`${t.status} in ('DRAFT', 'PUBLISHED', 'RETIRED')`)],
);

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
export const otpChallenges = pgTable('otp_challenges', {
  id: text('id').primaryKey(), // requestId
  mobile: text('mobile').notNull(),
  codeHash: text('code_hash').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  attempts: smallint('attempts').notNull().default(0),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Texts the SMS sandbox "sent": the developer's and the tests' inbox at /sandbox/sms. */
export const sandboxSms = pgTable(
  'sandbox_sms',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** the id the Gupshup sandbox answered for it; null for texts the in-process sandbox stored (issue 14) */
    messageId: text('message_id'),
  },
  (t) => [index('sandbox_sms_mobile_idx').on(t.mobile, t.sentAt)],
);

/**
 * The SMS provider's delivery reports (issue 14 §2): what became of each text, by the provider's message id.
 * Gupshup calls Crust's report URL once the operator has answered; a later report for the same id replaces it.
 */
export const smsDeliveryReports = pgTable('sms_delivery_reports', {
  messageId: text('message_id').primaryKey(),
  /** DELIVERED, FAILED, … as the provider says it */
  status: text('status').notNull(),
  /** the provider's cause (SUCCESS, ABSENT_SUBSCRIBER, …) and error code (000, 001, …) */
  cause: text('cause'),
  errCode: text('err_code'),
  /** the number's last 4 digits: enough to tell texts apart, never the number */
  phoneLast4: text('phone_last4'),
  /** when the operator delivered (or gave up on) it, by the provider's clock */
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The Gupshup sandbox's switchable behaviours for tests: one row (id 1), shared by every server process. */
export const sandboxSmsModes = pgTable(
  'sandbox_sms_modes',
  {
    id: smallint('id').primaryKey().default(1),
    /** 'error': every send is refused with Gupshup's error answer; 'timeout': no answer at all; null: normal */
    fail: text('fail'),
    /** the delivery report each accepted text gets */
    dlr: text('dlr').notNull().default('DELIVERED'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_sms_modes_single_row', sql`${t.id} = 1`),
    check('sandbox_sms_modes_fail', sql`${t.fail} in ('error', 'timeout')`),
    check('sandbox_sms_modes_dlr', sql`${t.dlr} in ('DELIVERED', 'FAILED')`),
  ],
);

/**
 * The rail sandbox's books (issue 16 §1; docs/rail-sandbox.md), in the database so every server process answers a
 * demo PNR alike. A demo journey's times count from when the sandbox first answered its PNR (`anchored_at`), so a
 * demo finds the train on its way whenever it runs, and stay put between calls; the reset switch forgets them.
 */
export const sandboxRailPnrs = pgTable('sandbox_rail_pnrs', {
  pnr: text('pnr').primaryKey(),
  anchoredAt: timestamp('anchored_at', { withTimezone: true }).notNull(),
});

/**
 * Delays the sandbox switch set on a running train, in the order they were set: a station the train left under
 * one delay keeps that delay's times, the stations still ahead follow the latest (providers/rail/sandbox-times.ts).
 */
export const sandboxRailDelays = pgTable(
  'sandbox_rail_delays',
  {
    id: serial('id').primaryKey(),
    trainNo: text('train_no').notNull(),
    minutes: integer('minutes').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_rail_delays_train_idx').on(t.trainNo, t.id)],
);

/** The rail sandbox's switchable behaviours for tests: one row (id 1), shared by every server process. */
export const sandboxRailModes = pgTable(
  'sandbox_rail_modes',
  {
    id: smallint('id').primaryKey().default(1),
    /** 'error': every PNR call answers 500; 'garbled': 200 with a body that is not the protocol; null: normal */
    fail: text('fail'),
    /** every answer waits this long first (a slow provider) */
    slowSeconds: integer('slow_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_rail_modes_single_row', sql`${t.id} = 1`),
    check('sandbox_rail_modes_fail', sql`${t.fail} in ('error', 'garbled')`),
    check('sandbox_rail_modes_slow', sql`${t.slowSeconds} between 0 and 120`),
  ],
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

/**
 * Social sign-in links: a person at an OpenID Connect provider (issuer + subject, never the email, which
 * can change hands) to the customer whose mobile they proved. One customer per person; one person per
 * customer and provider.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    /** the email the token carried when linked, for support; not used to find anybody */
    email: text('email').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    uniqueIndex('social_identities_customer_issuer_uq').on(t.customerId, t.issuer),
  ],
);

/*
 * The sandbox payment gateway's own books (providers/payments, docs/payments-sandbox.md), kept apart from
 * Crust's as a real gateway's would be. Amounts are integer paise. Card numbers and CVVs are never stored:
 * a card payment keeps only its brand and last four digits.
 */

/** A gateway order: what Crust asks the customer to pay, once per receipt. */
export const pgOrders = pgTable(
  'pg_orders',
  {
    id: text('id').primaryKey(), // order_…
    receipt: text('receipt').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** a same-origin path the customer's browser is sent back to with the signed outcome ('' for a
     * Razorpay-protocol order, whose callback_url comes with each payment) */
    callbackUrl: text('callback_url').notNull(),
    /** whose API made the order, so its pages answer in that protocol: sandbox (Crust's own), razorpay, payu */
    protocol: text('protocol').notNull().default('sandbox'),
    status: text('status').$type<GatewayOrderStatus>().notNull().default('created'),
    /** the merchant's restriction on how it may be paid (methods, card BIN prefixes), or null: any way */
    restrictions: jsonb('restrictions'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pg_orders_receipt_uq').on(t.receipt),
    check('pg_orders_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/** One attempt to pay a gateway order; an order may have several (a failed card, then UPI). */
export const pgPayments = pgTable(
  'pg_payments',
  {
    id: text('id').primaryKey(), // pay_…
    orderId: text('order_id')
      .notNull()
      .references(() => pgOrders.id),
    method: text('method').notNull(), // card | netbanking | wallet | upi_intent | upi_collect
    status: text('status').$type<GatewayPaymentStatus>().notNull().default('created'),
    amountPaise: integer('amount_paise').notNull(),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** the card's first 6 digits (its BIN, which names the issuer): never more of the number */
    cardBin: text('card_bin'),
    vpa: text('vpa'),
    bank: text('bank'),
    wallet: text('wallet'),
    otpAttempts: smallint('otp_attempts').notNull().default(0),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    /** the browser is not sent back (lost-callback and timeout modes): only the webhook tells Crust */
    callbackDropped: boolean('callback_dropped').notNull().default(false),
    /** where this payment's browser returns, when its checkout named it (Razorpay's callback_url, PayU's surl/furl) */
    callbackUrl: text('callback_url'),
    /** PayU's surl on failure (furl); null: callbackUrl either way */
    failureUrl: text('failure_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pg_payments_order_idx').on(t.orderId),
    check(
      'pg_payments_refund_within_amount',
      sql`${t.amountRefundedPaise} >= 0 and ${t.amountRefundedPaise} <= ${t.amountPaise}`,
    ),
  ],
);

/** Refunds of captured payments, once per refund receipt. */
export const pgRefunds = pgTable(
  'pg_refunds',
  {
    id: text('id').primaryKey(), // rfnd_…
    paymentId: text('payment_id')
      .notNull()
      .references(() => pgPayments.id),
    amountPaise: integer('amount_paise').notNull(),
    receipt: text('receipt').notNull(),
    status: text('status').notNull().default('processed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pg_refunds_receipt_uq').on(t.receipt),
    index('pg_refunds_payment_idx').on(t.paymentId),
    check('pg_refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Webhooks to deliver, written in the transaction that changed the payment (an outbox): one row per
 * copy, so the duplicate-webhooks mode sends one event several times under one event id.
 * next_attempt_at null: delivered, or given up on.
 */
export const pgWebhookOutbox = pgTable(
  'pg_webhook_outbox',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(), // evt_…
    copy: smallint('copy').notNull().default(0),
    event: text('event').notNull(), // payment.authorized | payment.captured | payment.failed | refund.processed
    orderId: text('order_id').notNull(),
    /** the exact bytes signed and sent, the same on every attempt */
    body: text('body').notNull(),
    /** the order's protocol (sandbox, razorpay, payu): where the webhook goes and how it is signed */
    protocol: text('protocol').notNull().default('sandbox'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pg_webhook_outbox_event_copy_uq').on(t.eventId, t.copy),
    index('pg_webhook_outbox_due_idx').on(t.nextAttemptAt),
    index('pg_webhook_outbox_order_idx').on(t.orderId),
  ],
);

/** The gateway's switchable test modes: one row (id 1), shared by every server process. */
export const pgModes = pgTable(
  'pg_modes',
  {
    id: smallint('id').primaryKey().default(1),
    latencyMs: integer('latency_ms').notNull().default(0),
    decline: boolean('decline').notNull().default(false),
    timeout: boolean('timeout').notNull().default(false),
    lostCallback: boolean('lost_callback').notNull().default(false),
    duplicateWebhooks: smallint('duplicate_webhooks').notNull().default(1),
    shuffleWebhooks: boolean('shuffle_webhooks').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('pg_modes_single_row', sql`${t.id} = 1`)],
);

/*
 * Money, exactly once (docs/decisions/010-orders-and-payments.md): every guarantee below is a key, a
 * constraint or a conditional write, never a lock in process memory.
 */

/**
 * One row per (principal, Idempotency-Key): the first request inserts it and stores its answer; a
 * concurrent or later one with the same key waits for / replays that answer (src/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    /** a hash of what was asked, so the same key with other details is refused */
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('in_progress'), // in_progress | done
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** who is doing the work (a random token per claim), so only they renew, finish or drop it */
    holder: text('holder'),
    /**
     * Until when the holder's claim stands; it renews it while it works. A claim past it (its process died)
     * is taken over by the next request with the key; null (a row from before leases) counts as past.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.principal, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status', sql`${t.status} in ('in_progress', 'done')`),
  ],
);

/**
 * A customer's wallet: `balance_paise` is the available balance (packages/domain wallet-ledger
 * `walletBalance(entries).available`), a cache of the ledger below changed only in the transaction that
 * writes the entry, and only by conditional updates.
 */
export const wallets = pgTable(
  'wallets',
  {
    customerId: text('customer_id')
      .primaryKey()
      .references(() => customers.id),
    balancePaise: integer('balance_paise').notNull().default(0),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_non_negative', sql`${t.balancePaise} >= 0`)],
);

/**
 * The wallet's append-only ledger. One entry per (customer, kind, ref), so every operation is
 * idempotent by its ref; a hold is closed once, by a debit (captured) or a release, never both.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: serial('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => wallets.customerId),
    kind: text('kind').notNull(), // credit | debit | refund | hold | release
    amountPaise: integer('amount_paise').notNull(),
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_entries_customer_kind_ref_uq').on(t.customerId, t.kind, t.ref),
    // the ledger's pages, newest first, whatever the customer's number of entries
    index('wallet_entries_customer_id_idx').on(t.customerId, t.id),
    uniqueIndex('wallet_entries_hold_closed_once_uq')
      .on(t.customerId, t.ref)
      .where(sql`${t.kind} in ('debit', 'release')`),
    check('wallet_entries_kind', sql`${t.kind} in ('credit', 'debit', 'refund', 'hold', 'release')`),
    check('wallet_entries_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * Placed orders (decision 010). The server's own priced snapshot of the cart, never the client's figures.
 * At most one active order per cart (a partial unique index): two tabs confirming one cart end in one order.
 * status: payment_pending (waiting for the money or the COD / voucher code) → placed | failed; cancelled later.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(), // O + 20 hex
    transactionId: text('transaction_id').notNull(), // T + 20 hex
    /** the number on the receipt and the store's screen: random, not sequential (docs/tracking.md) */
    number: integer('number').notNull(),
    ownerId: text('owner_id').notNull(), // the guest's G… or the customer's U… userId
    cartId: text('cart_id').notNull(),
    cartVersion: integer('cart_version').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    deliveryType: text('delivery_type').notNull(),
    status: text('status').notNull().default('payment_pending'),
    /** the priced cart (contract Cart) and its lines at confirm time: { cart, lines } */
    snapshot: jsonb('snapshot').notNull(),
    totalPaise: integer('total_paise').notNull(),
    walletPaise: integer('wallet_paise').notNull().default(0),
    /** what the primary method pays: total less wallet */
    amountPaise: integer('amount_paise').notNull(),
    primaryPaymentId: text('primary_payment_id'),
    upiMode: text('upi_mode'),
    mobile: text('mobile').notNull(),
    userDetails: jsonb('user_details').notNull(),
    address: jsonb('address'),
    deliverTo: text('deliver_to').notNull(),
    vehicle: jsonb('vehicle'),
    stationId: integer('station_id'),
    advancedTime: timestamp('advanced_time', { withTimezone: true }),
    zeroContact: boolean('zero_contact').notNull().default(false),
    instructions: text('instructions'),
    promoCode: text('promo_code'),
    voucherCode: text('voucher_code'),
    /** a COD OTP or gift-card OTP (HMAC), or null; its wrong tries and when it was sent */
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** the store's side (packages/domain order-lifecycle): null until the order is placed */
    stage: text('stage'),
    stageAt: timestamp('stage_at', { withTimezone: true }),
    /** SPEC §9: placed (or the slot) plus 30 or 45 minutes */
    promisedAt: timestamp('promised_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    riderName: text('rider_name'),
    cancelReason: text('cancel_reason'),
    /** the delivery guarantee's wallet credit, once it is made */
    guaranteePaise: integer('guarantee_paise').notNull().default(0),
    favourite: boolean('favourite').notNull().default(false),
  },
  (t) => [
    uniqueIndex('orders_transaction_uq').on(t.transactionId),
    uniqueIndex('orders_number_uq').on(t.number),
    index('orders_store_stage_idx').on(t.storeId, t.stage, t.placedAt),
    check(
      'orders_stage',
      sql`${t.stage} is null or ${t.stage} in ('CONFIRMED', 'BEING_BAKED', 'DISPATCHED', 'READY', 'DELIVERED', 'PICKED_UP', 'UNDELIVERED', 'CANCELLED')`,
    ),
    uniqueIndex('orders_active_cart_uq')
      .on(t.cartId)
      .where(sql`${t.status} in ('payment_pending', 'placed')`),
    index('orders_owner_created_idx').on(t.ownerId, t.createdAt),
    index('orders_mobile_created_idx').on(t.mobile, t.createdAt),
    check('orders_status', sql`${t.status} in ('payment_pending', 'placed', 'failed', 'cancelled')`),
    check('orders_amounts', sql`${t.amountPaise} >= 0 and ${t.walletPaise} >= 0`),
  ],
);

/**
 * An order's payment: `state` moves only by packages/domain payment-state, each change conditional on
 * `version`, with its effects in the same transaction (decision 010).
 */
export const payments = pgTable(
  'payments',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    method: text('method').notNull(), // the primary payment type, or PIGGYBANK for a wallet-only order
    state: text('state').$type<PaymentState>().notNull().default('created'),
    version: integer('version').notNull().default(0),
    gatewayOrderId: text('gateway_order_id'),
    /** which gateway holds gatewayOrderId (RAZORPAY, PAYU, SANDBOX_PG); null before one was chosen */
    gateway: text('gateway'),
    /** the gateway payment that took the money */
    gatewayPaymentId: text('gateway_payment_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    refundId: text('refund_id'),
    /**
     * A decided payment whose gateway order still had an attempt that may capture: the reconciler asks the
     * gateway again until then (issue 28 §1), so a capture whose webhook is lost is still refunded.
     */
    openAttemptsUntil: timestamp('open_attempts_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_gateway_order_uq').on(t.gatewayOrderId),
    index('payments_state_updated_idx').on(t.state, t.updatedAt),
    index('payments_open_attempts_idx')
      .on(t.openAttemptsUntil, t.orderId)
      .where(sql`${t.openAttemptsUntil} is not null`),
    check(
      'payments_state',
      sql`${t.state} in ('created', 'pending', 'success', 'failed', 'refund_pending', 'refunded')`,
    ),
  ],
);

/**
 * Money a gateway order took beyond the order's own payment (issue 28 §1, docs/checkout.md "Paid twice"): one row
 * per gateway payment, written before the refund is asked for, so parallel syncs and a retry after a crash refund
 * it once (the gateway's refund receipt `extra-<paymentId>` makes the call itself idempotent).
 * reason: DUPLICATE | AMOUNT_MISMATCH; state: due (not refunded yet, retried by the reconciler) | refunded.
 */
export const extraCaptures = pgTable(
  'extra_captures',
  {
    gateway: text('gateway').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('due'),
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gateway, t.gatewayPaymentId] }),
    index('extra_captures_order_idx').on(t.orderId),
    index('extra_captures_due_idx')
      .on(t.updatedAt, t.orderId)
      .where(sql`${t.state} = 'due'`),
    check('extra_captures_state', sql`${t.state} in ('due', 'refunded')`),
    check('extra_captures_reason', sql`${t.reason} in ('DUPLICATE', 'AMOUNT_MISMATCH')`),
    check('extra_captures_amount', sql`${t.amountPaise} > 0`),
  ],
);

/** Webhook events seen, one row per (provider, event id): a redelivered event stops here. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * E-vouchers (a PIN) and gift cards (an OTP to the card's registered mobile): a balance spent by conditional
 * updates.
 * kind: EV | GC.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
    /** scrypt of the PIN for e-vouchers; null for gift cards */
    pinHash: text('pin_hash'),
    /** a gift card's registered mobile: its OTPs go here and nowhere else */
    mobile: text('mobile'),
    balancePaise: integer('balance_paise').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('vouchers_kind', sql`${t.kind} in ('EV', 'GC')`),
    check('vouchers_balance_non_negative', sql`${t.balancePaise} >= 0`),
  ],
);

/**
 * A train order's delivery code (issue 16): sent to the passenger by SMS when the order is placed and typed by the
 * rider at the coach. Only a keyed hash is kept; `attempts` counts wrong tries, each taken before it is checked.
 */
export const deliveryCodes = pgTable(
  'delivery_codes',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('delivery_codes_attempts', sql`${t.attempts} >= 0`)],
);

/** Every stage an order has been moved to, by whom (a staff id, or null for the system), and when. */
export const orderStageEvents = pgTable(
  'order_stage_events',
  {
    id: serial('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    stage: text('stage').notNull(),
    staffId: text('staff_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_stage_events_uq').on(t.orderId, t.stage)],
);

/**
 * Store staff (docs/back-office.md "Roles"): a chain admin (no store), a regional manager (no store; their cities
 * in staff_cities), a store manager or store staff (one store). Passwords are scrypt hashes, as customers' are.
 * The guard reads the row on every call, so a disabled login, a new role or a reset takes effect at once.
 */
export const staff = pgTable(
  'staff',
  {
    id: text('id').primaryKey(), // S + hex
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    storeId: integer('store_id').references(() => stores.id),
    role: text('role').$type<StaffRole>().notNull(),
    /** the staff member's registered mobile: a customer logged in with it is staff (staff-only coupons) */
    mobile: text('mobile'),
    /** a one-time password (staff:admin): every console call but the change of password is refused */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** set: the login is refused and its sessions end */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** sessions issued before this (a reset, a disable) are refused */
    sessionsFrom: timestamp('sessions_from', { withTimezone: true }).notNull().default(new Date(0)),
    /** the row's version: a save naming an older one was made on stale data and is refused */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_username_uq').on(t.username),
    uniqueIndex('staff_mobile_uq').on(t.mobile),
    check(
      'staff_role',
      sql`(${t.role} in ('MANAGER', 'STAFF') and ${t.storeId} is not null) or (${t.role} in ('ADMIN', 'REGIONAL') and ${t.storeId} is null)`,
    ),
  ],
);

/** The cities a regional manager looks after. */
export const staffCities = pgTable(
  'staff_cities',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.id),
    cityId: text('city_id')
      .notNull()
      .references(() => cities.id),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.cityId] })],
);

/**
 * The back office's change log (issue 30 §6): who changed what, when, and the record before and after. Written in
 * the same transaction as the change, so there is no change without its entry.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: text('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** what was done: "staff.create", "store.online", … */
    action: text('action').notNull(),
    /** what it was done to: "staff", "store", "product", … and its id */
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    /** the store it concerns, if one: the scope a manager's view of the log is filtered by */
    storeId: integer('store_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_events_store_idx').on(t.storeId, t.at),
  ],
);

/** A customer's favourite menu items (SPEC §7 favourite items; the menu's category 0). */
export const favouriteItems = pgTable(
  'favourite_items',
  {
    ownerId: text('owner_id').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.productCode] })],
);

/**
 * Limits (src/http/limits.ts): one row per slot taken under a key ("otp-send:mobile:98…", "pwd:98…"). A
 * slot is taken, under a transaction-scoped advisory lock on its key, before the work it pays for, so
 * parallel requests cannot all pass a check that each made before the others wrote.
 */
export const limitSlots = pgTable(
  'limit_slots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_slots_key_taken_idx').on(t.key, t.takenAt)],
);

/**
 * Secrets this installation made for itself (docs/security.md "Secrets and defaults"): outside production,
 * without SESSION_SECRET, the token-signing key is generated once and kept here, in the data folder's database
 * (PGlite) or the shared PostgreSQL, so every process and every restart signs with the same key.
 */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pizza Pals membership (issue 15, packages/domain loyalty.ts): one row per customer who has been near the
 * programme. status is an EnrollmentStatus; opting out keeps the row and the points history.
 */
export const loyaltyMembers = pgTable(
  'loyalty_members',
  {
    customerId: text('customer_id')
      .primaryKey()
      .references(() => customers.id),
    status: text('status').$type<EnrollmentStatus>().notNull().default('NEW'),
    eligibility: text('eligibility').notNull().default('ELIGIBLE'),
    cardCode: text('card_code').notNull(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'loyalty_members_status',
      sql`${t.status} in ('NEW', 'STARTED', 'ENROLLED', 'ENROLLING', 'OPT_OUT', 'WAITING')`,
    ),
    check('loyalty_members_eligibility', sql`${t.eligibility} in ('ELIGIBLE', 'UNKNOWN')`),
  ],
);

/**
 * The points ledger (loyalty.ts PointsEntry), append-only: one entry per customer, kind and order. The partial
 * unique index on the earning day makes "the first order of the IST day earns" hold under racing orders; the
 * unique (customer, kind, ref) makes the credit job credit an order once, whatever the number of processes.
 */
export const loyaltyPoints = pgTable(
  'loyalty_points',
  {
    id: serial('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    points: integer('points').notNull(),
    /** earn_pending only: the IST day (its start) the order took */
    earnDay: timestamp('earn_day', { withTimezone: true }),
    /** earn_pending only: when its credit is due (24 h after delivery); null until delivered */
    creditDueAt: timestamp('credit_due_at', { withTimezone: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_points_customer_kind_ref_uq').on(t.customerId, t.kind, t.ref),
    uniqueIndex('loyalty_points_earn_day_uq')
      .on(t.customerId, t.earnDay)
      .where(sql`${t.kind} = 'earn_pending'`),
    // an earning ends once: credited or voided, never both (a cancel racing the credit job)
    uniqueIndex('loyalty_points_earning_settled_uq')
      .on(t.customerId, t.ref)
      .where(sql`${t.kind} in ('earn_credited', 'earn_voided')`),
    index('loyalty_points_customer_idx').on(t.customerId, t.id),
    index('loyalty_points_credit_due_idx')
      .on(t.creditDueAt)
      .where(sql`${t.kind} = 'earn_pending' and ${t.creditDueAt} is not null`),
    check(
      'loyalty_points_kind',
      sql`${t.kind} in ('earn_pending', 'earn_credited', 'earn_voided', 'redeem', 'redeem_restored', 'clawback', 'goodwill')`,
    ),
    check('loyalty_points_positive', sql`${t.points} > 0`),
  ],
);

/**
 * Ratings (issue 17 §1, packages/domain feedback.ts, docs/feedback.md): one per order (the unique order_id makes
 * racing submits one row), by the customer whose order it is. `state` is a FeedbackState: a low rating with a
 * ticket asked for is TICKET_OPEN until the store closes it with a reply (conditional on the state, so of two
 * closes one wins). `details` keeps the rest of the form as sent (food, delivery, value for money, rated tags).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: text('id').primaryKey(), // F + 20 hex
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** SIMPLE or IN_HOUSE (SPEC §3), and STANDARD or FTR (the first-time rider's endpoint) */
    form: text('form').notNull(),
    variant: text('variant').notNull().default('STANDARD'),
    orderMode: text('order_mode').notNull().default('ONLINE'),
    overall: smallint('overall').notNull(),
    nps: smallint('nps'),
    comment: text('comment').notNull().default(''),
    tags: jsonb('tags').notNull().default([]),
    details: jsonb('details').notNull().default({}),
    state: text('state').$type<FeedbackState>().notNull(),
    ticketOpenedAt: timestamp('ticket_opened_at', { withTimezone: true }),
    reply: text('reply'),
    closedBy: text('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_order_uq').on(t.orderId),
    index('feedback_store_created_idx').on(t.storeId, t.createdAt),
    index('feedback_customer_created_idx').on(t.customerId, t.createdAt),
    index('feedback_store_tickets_idx')
      .on(t.storeId, t.state, t.ticketOpenedAt)
      .where(sql`${t.ticketOpenedAt} is not null`),
    check('feedback_state', sql`${t.state} in ('SUBMITTED', 'TICKET_OPEN', 'CLOSED')`),
    check('feedback_form', sql`${t.form} in ('SIMPLE', 'IN_HOUSE')`),
    check('feedback_variant', sql`${t.variant} in ('STANDARD', 'FTR')`),
    check('feedback_order_mode', sql`${t.orderMode} in ('ONLINE', 'OFFLINE')`),
    check('feedback_overall', sql`${t.overall} between 1 and 5`),
    check('feedback_nps', sql`${t.nps} is null or ${t.nps} between 0 and 10`),
    // a closed ticket says who closed it, when and what they answered
    check(
      'feedback_closed',
      sql`${t.state} <> 'CLOSED' or (${t.reply} is not null and ${t.closedBy} is not null and ${t.closedAt} is not null)`,
    ),
  ],
);

/**
 * Content (issue 17 §2, docs/content.md): a widget the chain shows. placement LANDING (a banner card), ALERT
 * (the landing's alert strip) or CART (the cart's static widget, matched on lang/platform/page/site, null: any);
 * kind (packages/domain content.ts WIDGET_KINDS) says where it leads. It shows to the delivery types it targets
 * from starts_at (null: always) until ends_at (exclusive; null: never) unless retired. body is the admin's
 * markup source, parsed for customers on every read. version bumps on every edit: an edit names the version it
 * was made on (409 on a stale one); position is the order within its placement, written only by a reorder.
 */
export const widgets = pgTable(
  'widgets',
  {
    id: text('id').primaryKey(),
    placement: text('placement').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    body: text('body').notNull().default(''),
    /** one of the app's own images (/menu-img/…, /icons/…) */
    image: text('image'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    deliveryTypes: text('delivery_types').array().notNull(),
    lang: text('lang'),
    platform: text('platform'),
    page: text('page'),
    site: text('site'),
    position: integer('position').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('widgets_placement_idx').on(t.placement, t.position),
    check('widgets_placement', sql`${t.placement} in ('LANDING', 'ALERT', 'CART')`),
    check(
      'widgets_schedule',
      sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
    check('widgets_delivery_types', sql`cardinality(${t.deliveryTypes}) > 0`),
  ],
);

/** Content: an info page (/info/<slug>, and the pages /notification and /worldPizzaLeague show). */
export const infoPages = pgTable('info_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  version: integer('version').notNull().default(0),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ——— Paytm wallet (issue 18 §2; docs/paytm-wallet.md, decision 018). Crust's own rows first, then the sandbox's ———

/**
 * A payer's linked Paytm wallet: `owner` is `customer:{id}` (kept for the customer's next orders) or `order:{id}`
 * (a guest links for that order only). `token` is Paytm's access token, sealed with a key derived from the token
 * key (modules/paytm/seal.ts), so a copy of the table alone spends nobody's wallet.
 */
export const paytmLinks = pgTable('paytm_links', {
  owner: text('owner').primaryKey(),
  mobile: text('mobile').notNull(),
  token: text('token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An OTP Paytm sent for an order at its payer's request: the `state` Paytm answered, whose it is, for which order. */
export const paytmOtpRequests = pgTable(
  'paytm_otp_requests',
  {
    state: text('state').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    ownerId: text('owner_id').notNull(),
    mobile: text('mobile').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('paytm_otp_requests_order_idx').on(t.orderId)],
);

/** The Paytm sandbox's wallets, by mobile; the balance never goes below zero. */
export const sandboxPaytmAccounts = pgTable(
  'sandbox_paytm_accounts',
  {
    mobile: text('mobile').primaryKey(),
    name: text('name').notNull(),
    balancePaise: integer('balance_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_paytm_accounts_balance', sql`${t.balancePaise} >= 0`)],
);

/** An OTP the Paytm sandbox texted: hashed, single use, a few attempts, a short life. */
export const sandboxPaytmOtps = pgTable('sandbox_paytm_otps', {
  state: text('state').primaryKey(),
  mobile: text('mobile').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An access token the Paytm sandbox issued for a linked wallet (its hash only). */
export const sandboxPaytmTokens = pgTable('sandbox_paytm_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  mobile: text('mobile').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money moving in a Paytm sandbox wallet: a merchant's withdraw (one per order reference, however often asked),
 * a refund to the wallet (one per refund reference), a top-up by "bank" (one per add-money request).
 */
export const sandboxPaytmTxns = pgTable(
  'sandbox_paytm_txns',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    mobile: text('mobile').notNull(),
    /** the merchant's reference: its order (withdraw), its refund receipt (refund), the add-money request (add) */
    ref: text('ref').notNull(),
    /** a refund's withdraw */
    txnId: text('txn_id'),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull(),
    code: text('code'),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_paytm_txns_ref_uq').on(t.kind, t.ref),
    check('sandbox_paytm_txns_kind', sql`${t.kind} in ('withdraw', 'refund', 'add')`),
    check('sandbox_paytm_txns_status', sql`${t.status} in ('SUCCESS', 'FAILED')`),
    check(
      'sandbox_paytm_txns_refund',
      sql`${t.refundedPaise} >= 0 and ${t.refundedPaise} <= ${t.amountPaise}`,
    ),
  ],
);

/** A hosted add-money page the Paytm sandbox opened for a wallet: top up `amountPaise`, then back to `returnUrl`. */
export const sandboxPaytmAddMoney = pgTable(
  'sandbox_paytm_add_money',
  {
    id: text('id').primaryKey(),
    mobile: text('mobile').notNull(),
    orderRef: text('order_ref').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    returnUrl: text('return_url').notNull(),
    status: text('status').notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_paytm_add_money_order_idx').on(t.orderRef),
    check('sandbox_paytm_add_money_status', sql`${t.status} in ('OPEN', 'SUCCESS', 'CANCELLED')`),
  ],
);

/** The Paytm sandbox's switches (one row): refuse every withdraw (the wallet is blocked, say). */
export const sandboxPaytmModes = pgTable('sandbox_paytm_modes', {
  id: integer('id').primaryKey(),
  refuseWithdraw: boolean('refuse_withdraw').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
// ——— end of Paytm wallet ———

// ——— partner mini-apps (issue 18; docs/partner-sandbox.md): the PAYTM and GPAY hosts' side, played by the
// partner sandbox outside production (providers/partner/sandbox.ts). Nothing of Crust's own lives here: Crust's
// orders pay through the partner like any gateway (payments.gateway PAYTM_MINIAPP / GPAY_MINIAPP). ———

/** An auth code the host issued after its user's consent: single use (used_at), valid until expires_at. */
export const sandboxPartnerCodes = pgTable('sandbox_partner_codes', {
  /** sha256 of the code: a stolen row gives nobody a code */
  codeHash: text('code_hash').primaryKey(),
  vendor: text('vendor').notNull(),
  clientId: text('client_id').notNull(),
  mobile: text('mobile').notNull(),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An access token the host's server gave for a code (as its sha256), naming the host user it reads. */
export const sandboxPartnerTokens = pgTable('sandbox_partner_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  vendor: text('vendor').notNull(),
  mobile: text('mobile').notNull(),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A payment order a merchant made at the host: one per (vendor, receipt), its amount fixed. */
export const sandboxPartnerOrders = pgTable(
  'sandbox_partner_orders',
  {
    orderRef: text('order_ref').primaryKey(),
    vendor: text('vendor').notNull(),
    merchantId: text('merchant_id').notNull(),
    receipt: text('receipt').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_partner_orders_receipt').on(t.vendor, t.receipt)],
);

/** The host user's answer on the payment sheet: captured (paid) or failed (declined), never changed after. */
export const sandboxPartnerPayments = pgTable(
  'sandbox_partner_payments',
  {
    paymentId: text('payment_id').primaryKey(),
    orderRef: text('order_ref').notNull(),
    vendor: text('vendor').notNull(),
    status: text('status').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    errorCode: text('error_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_partner_payments_order_idx').on(t.orderRef, t.createdAt),
    // the sheet pays an order once: a second "Pay" answers the first payment
    uniqueIndex('sandbox_partner_payments_one_capture')
      .on(t.orderRef)
      .where(sql`${t.status} = 'captured'`),
    check('sandbox_partner_payments_status', sql`${t.status} in ('captured', 'failed')`),
    check('sandbox_partner_payments_refund', sql`${t.refundedPaise} between 0 and ${t.amountPaise}`),
  ],
);

/** A refund the merchant asked for, once per receipt. */
export const sandboxPartnerRefunds = pgTable('sandbox_partner_refunds', {
  refundId: text('refund_id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  receipt: text('receipt').notNull().unique(),
  amountPaise: integer('amount_paise').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Signed payment notifications waiting to reach the merchant (an outbox: at least once, retried). */
export const sandboxPartnerNotifications = pgTable(
  'sandbox_partner_notifications',
  {
    id: serial('id').primaryKey(),
    vendor: text('vendor').notNull(),
    eventId: text('event_id').notNull().unique(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_partner_notifications_due_idx').on(t.nextAttemptAt)],
);

/** The host's switches (one row per vendor): decline every payment, issue expired codes, answer slowly. */
export const sandboxPartnerSwitches = pgTable(
  'sandbox_partner_switches',
  {
    vendor: text('vendor').primaryKey(),
    decline: boolean('decline').notNull().default(false),
    expiredCodes: boolean('expired_codes').notNull().default(false),
    slowMs: integer('slow_ms').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_partner_switches_slow', sql`${t.slowMs} between 0 and 60000`)],
);
// ——— end of partner mini-apps ———

// ——— reports (issue 30 §5, docs/back-office.md "Reports") ———

/** An order's figures as report_orders keeps them (and report_pending carries them to the rollups). */
const reportFactColumns = () => ({
  storeId: integer('store_id').notNull(),
  day: date('day').notNull(),
  deliveryType: text('delivery_type').notNull(),
  method: text('method').notNull(),
  state: text('state').notNull(),
  grossPaise: integer('gross_paise').notNull(),
  discountPaise: integer('discount_paise').notNull(),
  gstPaise: integer('gst_paise').notNull(),
  chargesPaise: integer('charges_paise').notNull(),
  tipPaise: integer('tip_paise').notNull(),
  totalPaise: integer('total_paise').notNull(),
  /** the coupon (COUPON) or everyday-value deal (EDV) the order was priced with */
  promoKind: text('promo_kind'),
  promoCode: text('promo_code'),
  /** a delivery order's placed → delivered, whole minutes; null until delivered, and for advance orders */
  deliveryMinutes: integer('delivery_minutes'),
  guaranteePaise: integer('guarantee_paise').notNull(),
  pointsEarned: integer('points_earned').notNull(),
  pointsRedeemed: integer('points_redeemed').notNull(),
});

/**
 * What one placed order adds to the reports (modules/reports): written by the reports' order subscriber in the
 * order's own transaction (decision 014), so the rollups below change with the order exactly once. Kept so a later
 * event (cancelled, delivered) takes out precisely what the order had put in. day: the IST day it was placed;
 * method: the primary payment type, PIGGYBANK for the wallet alone, NONE when nothing was paid; state: placed |
 * cancelled (after placing). Money in paise.
 */
export const reportOrders = pgTable(
  'report_orders',
  {
    orderId: text('order_id')
      .primaryKey()
      .references(() => orders.id),
    ...reportFactColumns(),
  },
  (t) => [check('report_orders_state', sql`${t.state} in ('placed', 'cancelled')`)],
);

/**
 * What order events changed in report_orders and the rollups have not yet counted: each fold (in the order's
 * transaction) appends its signed facts here, +1 for what the order now adds and −1 for what it had added, and
 * a later fold (modules/reports/repo.ts `foldPending`: every few seconds, and before every report is read) moves
 * them into the rollups and deletes them in one transaction, so each counts exactly once. Appending takes no
 * lock another order waits on; adding to the rollups in the order's transaction locked a store's day, week and
 * month rows until commit, and every order of the store queued behind them (docs/performance.md).
 */
export const reportPending = pgTable(
  'report_pending',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    sign: smallint('sign').notNull(),
    orderId: text('order_id').notNull(),
    ...reportFactColumns(),
  },
  (t) => [
    check('report_pending_state', sql`${t.state} in ('placed', 'cancelled')`),
    check('report_pending_sign', sql`${t.sign} in (-1, 1)`),
  ],
);

/**
 * The rollups: sums of report_orders per store and period, each period kept at three grains (D a day, W an ISO
 * week from Monday, M a calendar month; `day` is the period's first day), so a year by month reads twelve rows a
 * store, not 365. A period of a store fits an integer (2^31 paise is ₹2 crore a store a month); reports add them
 * up as bigint.
 */
/** Sales: the placed orders' sums, the cancelled apart, guarantee payouts and loyalty points. */
export const reportSales = pgTable(
  'report_sales',
  {
    storeId: integer('store_id').notNull(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    orders: integer('orders').notNull(),
    cancelled: integer('cancelled').notNull(),
    cancelledPaise: integer('cancelled_paise').notNull(),
    grossPaise: integer('gross_paise').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    gstPaise: integer('gst_paise').notNull(),
    chargesPaise: integer('charges_paise').notNull(),
    tipPaise: integer('tip_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    guarantees: integer('guarantees').notNull(),
    guaranteePaise: integer('guarantee_paise').notNull(),
    pointsEarned: integer('points_earned').notNull(),
    pointsRedeemed: integer('points_redeemed').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.grain, t.day] }),
    index('report_sales_grain_day_idx').on(t.grain, t.day),
    check('report_sales_grain', sql`${t.grain} in ('D', 'W', 'M')`),
  ],
);

/** Placed orders and their net by order type (dimension `type`) and by payment method (`method`). */
export const reportMix = pgTable(
  'report_mix',
  {
    storeId: integer('store_id').notNull(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    orders: integer('orders').notNull(),
    netPaise: integer('net_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.grain, t.day, t.dimension, t.key] }),
    index('report_mix_grain_day_idx').on(t.grain, t.day),
    check('report_mix_grain', sql`${t.grain} in ('D', 'W', 'M')`),
    check('report_mix_dimension', sql`${t.dimension} in ('type', 'method')`),
  ],
);

/** Items sold (placed orders): quantity and the lines' net. */
export const reportItems = pgTable(
  'report_items',
  {
    storeId: integer('store_id').notNull(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    productCode: text('product_code').notNull(),
    quantity: integer('quantity').notNull(),
    netPaise: integer('net_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.grain, t.day, t.productCode] }),
    index('report_items_grain_day_idx').on(t.grain, t.day),
    check('report_items_grain', sql`${t.grain} in ('D', 'W', 'M')`),
  ],
);

/** Coupons and deals used (placed orders): orders, their discount (the offer's cost) and net. */
export const reportOffers = pgTable(
  'report_offers',
  {
    storeId: integer('store_id').notNull(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    orders: integer('orders').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    netPaise: integer('net_paise').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.grain, t.day, t.kind, t.code] }),
    index('report_offers_grain_day_idx').on(t.grain, t.day),
    check('report_offers_grain', sql`${t.grain} in ('D', 'W', 'M')`),
  ],
);

/** Delivery times as a histogram: how many delivery orders took so many whole minutes, placed to delivered. */
export const reportDelivery = pgTable(
  'report_delivery',
  {
    storeId: integer('store_id').notNull(),
    grain: text('grain').notNull(),
    day: date('day').notNull(),
    minutes: integer('minutes').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.grain, t.day, t.minutes] }),
    index('report_delivery_grain_day_idx').on(t.grain, t.day),
    check('report_delivery_grain', sql`${t.grain} in ('D', 'W', 'M')`),
  ],
);
// ——— end of reports ———

// ——— order notifications (issue 31 §14; docs/notifications.md) ———

/**
 * A browser's Web Push subscription (RFC 8030) to one order's stages, given on the thank-you page: where the push
 * service takes messages for it and the keys its payloads are encrypted to (RFC 8291). Gone with its order, or
 * when the push service answers 404/410 (the browser dropped it), or when the customer opts out.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(), // P + 20 hex
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** the browser's P-256 public key, base64url */
    p256dh: text('p256dh').notNull(),
    /** the 16-byte authentication secret, base64url */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_order_endpoint_uq').on(t.orderId, t.endpoint)],
);

/**
 * One notice of one stage of one order to one target (a push subscription's id, or `sms`): written before it is
 * sent, so whichever process inserts it first sends it and a second telling of the same event sends nothing.
 */
export const orderNotices = pgTable(
  'order_notices',
  {
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    target: text('target').notNull(),
    /** sent; gone (the push service no longer knows the subscription); failed (logged) */
    outcome: text('outcome').notNull().default('sending'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.stage, t.target] }),
    check('order_notices_outcome', sql`${t.outcome} in ('sending', 'sent', 'gone', 'failed')`),
  ],
);

/**
 * The push sandbox's subscriptions (never in production): it plays the browser too, so it keeps the private key
 * the payloads are encrypted to, and decrypts what it receives. `gone` makes it answer 410 Gone, as a push service
 * does for a subscription the browser dropped.
 */
export const sandboxPushSubscriptions = pgTable('sandbox_push_subscriptions', {
  id: text('id').primaryKey(),
  /** the P-256 private key, base64url (32 bytes) */
  privateKey: text('private_key').notNull(),
  /** its public key as p256dh, base64url (65 bytes) */
  publicKey: text('public_key').notNull(),
  auth: text('auth').notNull(),
  gone: boolean('gone').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the push sandbox received and decrypted, for tests and the developer to read. */
export const sandboxPushMessages = pgTable(
  'sandbox_push_messages',
  {
    id: serial('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    /** the decrypted payload, as the service worker's push event would get it */
    payload: text('payload').notNull(),
    ttl: integer('ttl').notNull(),
    urgency: text('urgency'),
    topic: text('topic'),
    /** the VAPID token's `sub`, checked */
    subject: text('subject').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_push_messages_subscription_idx').on(t.subscriptionId, t.id)],
);
// ——— end of order notifications ———

// ——— experiments (issue 33 §2, docs/experiments.md) ———
/**
 * The chain's experiments: the §4 buckets each runs in, its variants with weights, its start–stop window and its
 * switch. The allocation reads every row; the defaults (voice, nextGenHome, menuReverseAB) are written once, by
 * name, when none is there (`modules/experiments/defaults.ts`).
 */
export const experiments = pgTable('experiments', {
  name: text('name').primaryKey(),
  description: text('description').notNull().default(''),
  buckets: jsonb('buckets').$type<Bucket[]>().notNull(),
  variants: jsonb('variants').$type<WeightedVariant[]>().notNull(),
  enabled: boolean('enabled').notNull().default(false),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  stopsAt: timestamp('stops_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
// ——— spin-the-wheel (issue 33 §1, docs/game.md) ———

/** The prize table the chain edits: 8 segments (packages/domain wheel.ts WheelSegment). */
export const gameSegments = pgTable(
  'game_segments',
  {
    /** 0 … 7, clockwise from the top */
    position: smallint('position').primaryKey(),
    /** one of the SPEC §9 colour pairs (WHEEL_COLOURS) */
    colourIndex: smallint('colour_index').notNull(),
    label: text('label').notNull(),
    prizeKind: text('prize_kind').$type<PrizeKind>().notNull(),
    /** COUPON: paise off; POINTS: points; else 0 */
    prizeValue: integer('prize_value').notNull().default(0),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    /** FREE_SIDE: the side given */
    productCode: text('product_code'),
    weight: integer('weight').notNull(),
    /** prizes given at most per IST day; null: no limit of its own */
    dailyLimit: integer('daily_limit'),
    costPaise: integer('cost_paise').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('game_segments_position', sql`${t.position} between 0 and 7`),
    check('game_segments_colour', sql`${t.colourIndex} between 0 and 7`),
    check('game_segments_kind', sql`${t.prizeKind} in ('COUPON', 'POINTS', 'FREE_SIDE', 'NONE')`),
    check('game_segments_weight', sql`${t.weight} >= 0`),
  ],
);

/** The game's settings beside the segments: one row (id 1). */
export const gameRules = pgTable('game_rules', {
  id: smallint('id').primaryKey(),
  /** what a day's prizes may cost at most; null: no total budget */
  dailyBudgetPaise: integer('daily_budget_paise'),
  spinWindowDays: integer('spin_window_days').notNull(),
  prizeValidDays: integer('prize_valid_days').notNull(),
  /** bumped by every save of the prize table: a save made on an older copy is refused */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One spin per order that earned it (order_id unique): the draw, the prize granted and what it cost. */
export const gameSpins = pgTable(
  'game_spins',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: text('order_id').notNull(),
    state: text('state').$type<SpinState>().notNull(),
    /** the segment the server chose; null while processing */
    position: smallint('position'),
    /** the prize as it was won (the table may change later): kind, label, value, productCode */
    prize: jsonb('prize'),
    couponCode: text('coupon_code'),
    costPaise: integer('cost_paise').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** the IST day whose budget it counted in, YYYY-MM-DD */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('game_spins_order_uq').on(t.orderId),
    index('game_spins_customer_idx').on(t.customerId, t.createdAt),
    index('game_spins_day_idx').on(t.day),
    check('game_spins_state', sql`${t.state} in ('PROCESSING', 'SUCCESS', 'FAILED')`),
  ],
);

/**
 * What each IST day has given, per segment position, and in total (position -1): taken by a conditional update in
 * the spin's transaction, so a limit holds under parallel spins in any number of processes.
 */
export const gameDayCounters = pgTable(
  'game_day_counters',
  {
    day: text('day').notNull(),
    position: smallint('position').notNull(),
    granted: integer('granted').notNull().default(0),
    costPaise: integer('cost_paise').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.position] })],
);
// ——— end of spin-the-wheel ———
// ——— analytics (issue 33 §3, docs/analytics.md) ———
/**
 * User-activity events (SPEC §7), append-only: written by POST user-activity, read by the funnel, deleted only by
 * the retention pass once older than ANALYTICS_RETENTION_DAYS. No personal data: the client id is the app's
 * random device id, the caller is recorded only as logged in or not, properties passed the personal-data rule.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** the IST day it arrived on (the server's clock) */
    day: date('day', { mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** when the device says it happened */
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    clientId: text('client_id').notNull(),
    loggedIn: boolean('logged_in').notNull(),
    /** the ab_test header's assignment: experiment → variant, `bucket` included */
    abTest: jsonb('ab_test').$type<Record<string, string>>().notNull(),
    pageName: text('page_name').notNull(),
    referrer: text('referrer').notNull(),
    action: text('action').notNull(),
    actionType: text('action_type').notNull(),
    /** the funnel step's rank (FUNNEL_STEPS), null for events that are not steps */
    stepRank: smallint('step_rank'),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (t) => [
    index('analytics_events_day_client_idx').on(t.day, t.clientId),
    index('analytics_events_received_idx').on(t.receivedAt),
  ],
);

/** Coarse device facts (SPEC §7 POST fingerprint info), one row per client and day, the latest kept. */
export const analyticsDeviceFacts = pgTable(
  'analytics_device_facts',
  {
    clientId: text('client_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    facts: jsonb('facts').notNull(),
    automated: boolean('automated').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.clientId] }),
    index('analytics_device_facts_received_idx').on(t.receivedAt),
  ],
);
// ——— end of analytics ———
