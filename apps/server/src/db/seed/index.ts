import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { parseHHMM } from '@crust/domain/hours';
import { everyDay } from '@crust/domain/store-hours';
import type { Db } from '../client.ts';
import {
  appConfig,
  categories,
  infoPages,
  widgets,
  cities,
  coupons,
  crusts,
  edvDeals,
  gameRules,
  gameSegments,
  localities,
  productNutrition,
  products,
  productVariants,
  railwayStations,
  seedRuns,
  sizes,
  stationOutlets,
  storePaymentOptions,
  vouchers,
  storeProductOverrides,
  staff,
  stores,
  storeStations,
  toppingPrices,
  toppings,
} from '../schema.ts';
import { CITIES } from './data/cities.ts';
import { LOCALITIES } from './data/localities.ts';
import { OUTLETS, RAILWAY_STATIONS } from './data/railway.ts';
import { STATIONS } from './data/stations.ts';
import { STORES } from './data/stores.ts';
import { ADMIN_LOGIN, STAFF_MOBILES, STORE_STAFF_HASHES } from './data/staff.ts';
import { CATEGORIES, CRUSTS, PRODUCTS, SIZES, TOPPINGS } from './data/menu.ts';
import { NUTRITION } from './data/nutrition.ts';
import { OVERRIDES } from './data/overrides.ts';
import { COUPONS, EDV_DEALS } from './data/promotions.ts';
import { DISABLED_PAYMENT_OPTIONS, PAYMENT_OPTIONS } from './data/payment-options.ts';
import { VOUCHER_EXPIRY, VOUCHERS } from './data/vouchers.ts';
import { INFO_PAGES, WIDGETS } from './data/content.ts';
import { GAME_RULES, GAME_SEGMENTS } from './data/game.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { retireDemoData, SEED_LOCK } from './retire-demo.ts';

const rupeesToPaise = (r: number) => Math.round(r * 100);

/** Everything the demo seed writes, so its checksum changes whenever the data does. */
const DEMO = {
  CITIES,
  LOCALITIES,
  STORES,
  STATIONS,
  RAILWAY_STATIONS,
  OUTLETS,
  CATEGORIES,
  CRUSTS,
  SIZES,
  TOPPINGS,
  PRODUCTS,
  NUTRITION,
  OVERRIDES,
  COUPONS,
  EDV_DEALS,
  PAYMENT_OPTIONS,
  DISABLED_PAYMENT_OPTIONS,
  VOUCHERS,
  STORE_STAFF_HASHES,
  STAFF_MOBILES,
  WIDGETS,
  INFO_PAGES,
  GAME_SEGMENTS,
  GAME_RULES,
};
export const DEMO_CHECKSUM = createHash('sha256').update(JSON.stringify(DEMO)).digest('hex');

/** Inserts in chunks that stay far below PostgreSQL's 65535 bind parameters. */
async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

export interface SeedResult {
  applied: boolean;
}

export interface SeedOptions {
  /**
   * Production gets the chain's catalogue but none of the demo's secrets: no staff logins with published
   * passwords (the first admin comes from `npm run staff:admin`), no gift cards or e-vouchers with published
   * PINs; what a development run left of the demo is retired (./retire-demo.ts, docs/security.md "Staff accounts").
   */
  production?: boolean;
}

/**
 * Writes the demo data. Idempotent: a run with the same checksum does nothing, a changed data set is
 * upserted in place, and an advisory lock keeps two processes starting together from racing.
 */
export async function seedDemoData(db: Db, { production = false }: SeedOptions = {}): Promise<SeedResult> {
  // a production run and a demo run write different things: each has its own checksum
  const checksum = production ? `${DEMO_CHECKSUM}|production` : DEMO_CHECKSUM;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (production) await retireDemoData(tx);
    const done = await tx.select().from(seedRuns).where(eq(seedRuns.name, 'demo')).limit(1);
    if (done[0]?.checksum === checksum) return { applied: false };

    await seedPlaces(tx);
    await seedStores(tx);
    await seedRailway(tx);
    await seedMenu(tx);
    const sizeIdByCode = new Map(SIZES.map((s) => [s.code, s.id]));
    await seedToppingPrices(tx, sizeIdByCode);
    await seedProducts(tx);
    await seedPromotions(tx, sizeIdByCode);
    await seedPaymentOptions(tx);
    // the chain's starting content is real content, not a demo login: every environment gets it
    await seedContent(tx);
    await seedGame(tx);
    if (!production) {
      await seedVouchers(tx);
      await seedStaff(tx);
      await seedStaffMobiles(tx);
    }
    await tx.insert(appConfig).values({ key: 'remote', value: {} }).onConflictDoNothing();
    await tx
      .insert(seedRuns)
      .values({ name: 'demo', checksum })
      .onConflictDoUpdate({ target: seedRuns.name, set: { checksum, appliedAt: new Date() } });
    return { applied: true };
  });
}

/** Cities and their localities (the store finder and addresses). */
async function seedPlaces(tx: Db): Promise<void> {
  await tx
    .insert(cities)
    .values(CITIES)
    .onConflictDoUpdate({
      target: cities.id,
      set: {
        name: sql`excluded.name`,
        state: sql`excluded.state`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
      },
    });
  await chunked(LOCALITIES, 500, (chunk) =>
    tx
      .insert(localities)
      .values(chunk)
      .onConflictDoUpdate({
        target: localities.placeId,
        set: {
          name: sql`excluded.name`,
          subLocality: sql`excluded.sub_locality`,
          cityId: sql`excluded.city_id`,
          district: sql`excluded.district`,
          postalCode: sql`excluded.postal_code`,
          latitude: sql`excluded.latitude`,
          longitude: sql`excluded.longitude`,
        },
      }),
  );
}

/** The stores, the stores taking their advance orders, and their pickup bays. */
async function seedStores(tx: Db): Promise<void> {
  const storeRows = STORES.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    locality: s.locality,
    cityId: s.cityId,
    latitude: s.latitude,
    longitude: s.longitude,
    phone: s.phone,
    // the seed's stores keep one daily opening every day of the week; the back office sets each day apart
    week: everyDay({ opensAt: parseHHMM(s.opensAt), closesAt: parseHHMM(s.closesAt) }),
    deliveryRadiusM: Math.round(s.deliveryRadiusKm * 1000),
    orderTypes: s.orderTypes,
    online: s.online,
    advanceOrderStoreId: null as number | null,
  }));
  await tx
    .insert(stores)
    .values(storeRows)
    .onConflictDoUpdate({
      target: stores.id,
      set: {
        name: sql`excluded.name`,
        address: sql`excluded.address`,
        locality: sql`excluded.locality`,
        cityId: sql`excluded.city_id`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        phone: sql`excluded.phone`,
        week: sql`excluded.week`,
        deliveryRadiusM: sql`excluded.delivery_radius_m`,
        orderTypes: sql`excluded.order_types`,
        online: sql`excluded.online`,
      },
    });
  // advance stores point at other stores: set once every store exists
  for (const s of STORES)
    await tx.update(stores).set({ advanceOrderStoreId: s.advanceOrderStoreId }).where(eq(stores.id, s.id));
  // bays are referenced by nothing but an order's stationId (a plain number): replaced wholesale
  await tx.delete(storeStations);
  await tx.insert(storeStations).values(STATIONS);
}

/** Railway stations and the stores serving them (issue 16): orders name a station by code and a store by id. */
async function seedRailway(tx: Db): Promise<void> {
  await tx
    .insert(railwayStations)
    .values(RAILWAY_STATIONS)
    .onConflictDoUpdate({
      target: railwayStations.code,
      set: {
        name: sql`excluded.name`,
        cityId: sql`excluded.city_id`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
      },
    });
  await tx.delete(stationOutlets);
  await tx.insert(stationOutlets).values(OUTLETS);
}

/** The menu's building blocks: categories, crusts, sizes and toppings. */
async function seedMenu(tx: Db): Promise<void> {
  // categories, toppings, products and variants are inserted once: the back office changes them from then on
  // (issue 30 §2), and a later seed (a deploy with changed data) must not undo what the chain admin changed
  await tx.insert(categories).values(CATEGORIES).onConflictDoNothing();
  await tx
    .insert(crusts)
    .values(CRUSTS)
    .onConflictDoUpdate({
      target: crusts.id,
      set: { name: sql`excluded.name`, description: sql`excluded.description` },
    });
  await tx
    .insert(sizes)
    .values(SIZES)
    .onConflictDoUpdate({
      target: sizes.id,
      set: {
        code: sql`excluded.code`,
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        serves: sql`excluded.serves`,
      },
    });
  await tx
    .insert(toppings)
    .values(TOPPINGS.map((t, i) => ({ id: t.id, name: t.name, foodType: t.foodType, sortOrder: i })))
    .onConflictDoNothing();
}

/** Each topping's price per size, inserted once (the back office reprices them). */
async function seedToppingPrices(tx: Db, sizeIdByCode: ReadonlyMap<string, number>): Promise<void> {
  const priceRows = TOPPINGS.flatMap((t) =>
    Object.entries(t.prices).map(([code, rupees]) => {
      const sizeId = sizeIdByCode.get(code);
      if (sizeId === undefined) throw new Error(`topping ${t.id} priced for unknown size ${code}`);
      return { toppingId: t.id, sizeId, pricePaise: rupeesToPaise(rupees) };
    }),
  );
  await tx.insert(toppingPrices).values(priceRows).onConflictDoNothing();
}

/** Products and their crust and size variants (inserted once), and each store's overrides of them. */
async function seedProducts(tx: Db): Promise<void> {
  await chunked(PRODUCTS, 200, (chunk) =>
    tx
      .insert(products)
      .values(
        chunk.map((p) => ({
          code: p.code,
          name: p.name,
          description: p.description,
          foodType: p.foodType,
          productType: p.productType,
          categoryIds: p.categoryIds,
          defaultToppingIds: p.defaultToppingIds,
          isCustomizable: p.isCustomizable,
          isReplaceable: p.isReplaceable,
          isBestseller: p.isBestseller,
          image: p.image,
          sortOrder: PRODUCTS.indexOf(p),
        })),
      )
      .onConflictDoNothing(),
  );
  const variantRows = PRODUCTS.flatMap((p) =>
    p.variants.map((v) => ({
      code: `${p.code}-${v.crustId}-${v.sizeId}`,
      productCode: p.code,
      crustId: v.crustId,
      sizeId: v.sizeId,
      pricePaise: rupeesToPaise(v.price),
      regularPricePaise: rupeesToPaise(v.regularPrice ?? v.price),
    })),
  );
  await chunked(variantRows, 500, (chunk) => tx.insert(productVariants).values(chunk).onConflictDoNothing());
  // nutrition is inserted once: what the back office has changed since is kept
  await chunked(NUTRITION, 300, (chunk) => tx.insert(productNutrition).values(chunk).onConflictDoNothing());
  // a store's own settings are inserted once: which stores sell a product (the back office) and what is out of
  // stock (the store console) stay as staff set them; the seed keeps the city pricing deltas its own
  await chunked(OVERRIDES, 500, (chunk) =>
    tx
      .insert(storeProductOverrides)
      .values(
        chunk.map((o) => ({
          storeId: o.storeId,
          productCode: o.productCode,
          available: o.available ?? true,
          inStock: o.inStock ?? true,
          priceDeltaPaise: rupeesToPaise(o.priceDelta ?? 0),
        })),
      )
      .onConflictDoUpdate({
        target: [storeProductOverrides.storeId, storeProductOverrides.productCode],
        set: { priceDeltaPaise: sql`excluded.price_delta_paise` },
      }),
  );
}

/**
 * Coupons and everyday-value deals, inserted once by code / id (issue 30 §3): the chain admin edits, publishes and
 * retires them from the back office afterwards, and a later seed keeps that.
 */
async function seedPromotions(tx: Db, sizeIdByCode: ReadonlyMap<string, number>): Promise<void> {
  const couponRows = COUPONS.map((c, i) => ({
    code: c.code,
    title: c.title,
    description: c.description,
    rule:
      c.rule.kind === 'FLAT'
        ? { kind: 'FLAT', amount: rupeesToPaise(c.rule.amount) }
        : c.rule.kind === 'PERCENT'
          ? { ...c.rule, cap: c.rule.cap === null ? null : rupeesToPaise(c.rule.cap) }
          : c.rule,
    minOrderPaise: rupeesToPaise(c.minOrder),
    orderTypes: c.orderTypes ?? null,
    storeIds: c.storeIds ?? null,
    days: c.days ?? null,
    hoursFrom: c.hours ? parseHHMM(c.hours[0]) : null,
    hoursTo: c.hours ? parseHHMM(c.hours[1]) : null,
    firstOrderOnly: c.firstOrderOnly ?? false,
    perCustomerLimit: c.perCustomerLimit ?? null,
    totalLimit: c.totalLimit ?? null,
    paymentOptions: c.paymentOptions ?? null,
    cardIssuer: c.cardIssuer?.name ?? null,
    cardBins: c.cardIssuer ? [...c.cardIssuer.bins] : null,
    audience: c.audience ?? 'ALL',
    hidden: c.hidden ?? false,
    terms: c.terms,
    sortOrder: i,
  }));
  // inserted once by code: what the chain admin changed, published or retired since is kept by every later seed
  await tx.insert(coupons).values(couponRows).onConflictDoNothing({ target: coupons.code });
  const dealRows = EDV_DEALS.map((d, i) => ({
    id: d.id,
    code: d.code,
    title: d.title,
    description: d.description,
    groupSize: d.groupSize,
    prices: Object.entries(d.prices).map(([size, rupees]) => {
      const sizeId = sizeIdByCode.get(size);
      if (sizeId === undefined) throw new Error(`deal ${d.code} priced for unknown size ${size}`);
      return { sizeId, price: rupeesToPaise(rupees) };
    }),
    productTypes: d.productTypes,
    crustIds: d.crustIds,
    productCodes: d.productCodes ?? null,
    storeIds: d.storeIds ?? null,
    terms: d.terms,
    sortOrder: i,
  }));
  await tx.insert(edvDeals).values(dealRows).onConflictDoNothing({ target: edvDeals.id });
}

/**
 * Widgets and info pages (issue 17 §2), inserted once by id / slug: what an admin has changed, retired or
 * reordered since is kept by every later seed.
 */
async function seedContent(tx: Db): Promise<void> {
  await tx
    .insert(widgets)
    .values(
      WIDGETS.map((w) => ({
        ...w,
        deliveryTypes: [...w.deliveryTypes],
        lang: w.lang ?? null,
        platform: w.platform ?? null,
        page: w.page ?? null,
        site: w.site ?? null,
        createdBy: 'seed',
        updatedBy: 'seed',
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(infoPages)
    .values(INFO_PAGES.map((p) => ({ ...p, createdBy: 'seed', updatedBy: 'seed' })))
    .onConflictDoNothing();
}

/** One login per store and the chain admin; a password changed since is kept (inserted once). */
/** The wheel's starting prize table: never over the chain's own edits (docs/game.md). */
async function seedGame(tx: Db): Promise<void> {
  await tx
    .insert(gameSegments)
    .values(
      GAME_SEGMENTS.map((s) => ({
        position: s.position,
        colourIndex: s.colourIndex,
        label: s.label,
        prizeKind: s.prize.kind,
        prizeValue: s.prize.value,
        minOrderPaise: s.prize.minOrderPaise,
        productCode: s.prize.productCode,
        weight: s.weight,
        dailyLimit: s.dailyLimit,
        costPaise: s.costPaise,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(gameRules)
    .values({ id: 1, ...GAME_RULES })
    .onConflictDoNothing();
}

async function seedStaff(tx: Db): Promise<void> {
  const names = new Map(STORES.map((s) => [s.id, s.name]));
  await tx
    .insert(staff)
    .values([
      ...STORE_STAFF_HASHES.map(([storeId, passwordHash]) => ({
        id: `S${storeId}`,
        username: `store${storeId}`,
        name: `${names.get(storeId) ?? `Store ${storeId}`} staff`,
        passwordHash,
        storeId,
        role: 'MANAGER' as const,
      })),
      { id: 'SADMIN', ...ADMIN_LOGIN, storeId: null, role: 'ADMIN' as const },
    ])
    .onConflictDoNothing();
}

/**
 * Vouchers are inserted once: a balance already spent is never topped up again by a re-seed. A gift card's
 * registered mobile is kept up to date (a database seeded before cards had one gets it).
 */
async function seedVouchers(tx: Db): Promise<void> {
  const rows = await Promise.all(
    VOUCHERS.map(async (v) => ({
      code: v.code,
      kind: v.kind,
      pinHash: v.pin === null ? null : await hashPassword(v.pin),
      mobile: v.mobile,
      balancePaise: rupeesToPaise(v.balanceRupees),
      expiresAt: new Date(VOUCHER_EXPIRY),
    })),
  );
  await tx
    .insert(vouchers)
    .values(rows)
    .onConflictDoUpdate({ target: vouchers.code, set: { mobile: sql`excluded.mobile` } });
}

/** Staff members' registered mobiles (staff-only coupons), on the demo logins that exist. */
async function seedStaffMobiles(tx: Db): Promise<void> {
  for (const { staffId, mobile } of STAFF_MOBILES)
    await tx.update(staff).set({ mobile }).where(eq(staff.id, staffId));
}

/** Every store's payment options, upserted by (store, method) so a changed data set updates them in place. */
async function seedPaymentOptions(tx: Db): Promise<void> {
  const disabled = new Set(DISABLED_PAYMENT_OPTIONS.map((d) => `${d.storeId}:${d.methodCode}`));
  const rows = STORES.flatMap((store) =>
    PAYMENT_OPTIONS.map((o, i) => ({
      storeId: store.id,
      methodCode: o.methodCode,
      providerCode: o.providerCode,
      providerName: o.providerName,
      status: disabled.has(`${store.id}:${o.methodCode}`) ? 'D' : 'E',
      deliveryTypes: [...o.deliveryTypes],
      sort: (i + 1) * 10,
    })),
  );
  await chunked(rows, 500, (chunk) =>
    tx
      .insert(storePaymentOptions)
      .values(chunk)
      .onConflictDoUpdate({
        target: [storePaymentOptions.storeId, storePaymentOptions.methodCode],
        set: {
          providerCode: sql`excluded.provider_code`,
          providerName: sql`excluded.provider_name`,
          status: sql`excluded.status`,
          deliveryTypes: sql`excluded.delivery_types`,
          sort: sql`excluded.sort`,
        },
      }),
  );
}
