import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPageResponseSchema, StaffMemberResponseSchema } from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { MenuResponseSchema, ToppingsResponseSchema, type Menu } from '@crust/contract/menu';
import {
  AdminCatalogueResponseSchema,
  AdminCategoryResponseSchema,
  AdminProductResponseSchema,
  AdminToppingResponseSchema,
  ChainRulesResponseSchema,
  PriceListResponseSchema,
  type AdminProduct,
  type NewProductBody,
  type NutritionBody,
} from '@crust/contract/menu-admin';
import { API_PATHS, fillPath } from '@crust/contract/paths';
import { StaffSessionResponseSchema } from '@crust/contract/store-console';
import { CATALOGUE_TEXTS as T } from '../src/modules/catalogue/texts.ts';
import { CRUST, SIZE } from './cart-support.ts';
import { json } from './helpers.ts';
import { errorOf as oneError, staffLogins, type StaffLogin, type StaffMethod } from './staff-logins.ts';
import { createOrderApp, newGuest, ok as placed, orderClient } from './order-support.ts';
import type { GatewayTestApp } from './pg-support.ts';
import { sql } from 'drizzle-orm';
import { seedDemoData } from '../src/db/seed/index.ts';
import { rebuildDueSnapshots } from '../src/modules/menu/service.ts';

/**
 * Issue 30 §2: the chain's menu from the back office. Only a chain admin changes it (every call, every other role
 * and a turned-off login refused); products are drafts until published, and published only with nutrition for
 * every size sold; every change reaches customers' menus at once; stale saves and bad input save nothing; every
 * change is in the audit log. Store 1001 is Delhi's Connaught Place (chain prices); 2001 is in Mumbai.
 */
let t: GatewayTestApp;
beforeAll(async () => {
  t = await createOrderApp();
});
afterAll(() => t.close());

const { from, logIn, newLogin: makeLogin } = staffLogins(() => t, '10.70');
type Method = StaffMethod;
type Login = StaffLogin;
const errorOf = oneError;
const newLogin = makeLogin;

let admin: Login;
let serial = 0;
const unique = (stem: string) => `${stem}${Date.now().toString(36).slice(-4)}${++serial}`;
beforeAll(async () => {
  admin = await logIn('chainadmin', 'pizza-admin');
});

async function ok<T>(res: Promise<{ statusCode: number; body: string }>, schema: { parse(x: unknown): T }) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return schema.parse(json(r));
}
const getMenu = async (storeId: number): Promise<Menu> =>
  MenuResponseSchema.parse(
    json(await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.menu, { storeId }) })),
  ).data;
const productPath = (code: string) => fillPath(CONSOLE_PATHS.menuProduct, { productCode: code });

let codes = 900;
const newCode = () => `PIZ${String(++codes).padStart(4, '0')}`;
const draftBody = (code: string, extra: Partial<NewProductBody> = {}): NewProductBody => ({
  code,
  name: `Test pizza ${code}`,
  description: 'Smoked paneer and charred corn.',
  foodType: 'VEG',
  productType: 'PIZZA',
  categoryIds: [2],
  defaultToppingIds: [8, 5],
  isCustomizable: true,
  ...extra,
});
const nutrition = (extra: Partial<NutritionBody> = {}): NutritionBody => ({
  servingSizeG: 250,
  energyKcal: 640,
  proteinG: 26,
  carbohydrateG: 80,
  sugarG: 9,
  fatG: 22,
  sodiumMg: 1250,
  allergens: ['GLUTEN', 'MILK'],
  ...extra,
});

async function product(by: Login, code: string): Promise<AdminProduct> {
  const all = await ok(by.call('GET', CONSOLE_PATHS.menuCatalogue), AdminCatalogueResponseSchema);
  const p = all.data.products.find((x) => x.code === code);
  if (!p) throw new Error(`no product ${code}`);
  return p;
}
async function draft(extra: Partial<NewProductBody> = {}): Promise<AdminProduct> {
  const code = newCode();
  return (
    await ok(
      admin.call('POST', CONSOLE_PATHS.menuProducts, draftBody(code, extra)),
      AdminProductResponseSchema,
    )
  ).data.product;
}
const addVariant = (code: string, body: object) =>
  admin.call('POST', fillPath(CONSOLE_PATHS.menuProductVariants, { productCode: code }), body);
const setNutrition = (code: string, sizeId: number, body: object) =>
  admin.call('PUT', fillPath(CONSOLE_PATHS.menuNutrition, { productCode: code, sizeId }), body);
const move = (code: string, version: number, status: string) =>
  admin.call('POST', fillPath(CONSOLE_PATHS.menuProductStatus, { productCode: code }), { version, status });

/** A draft with a regular and a medium hand tossed variant and nutrition for both, published. */
async function published(extra: Partial<NewProductBody> = {}): Promise<AdminProduct> {
  const p = await draft(extra);
  await ok(
    addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 24_900 }),
    AdminProductResponseSchema,
  );
  await ok(
    addVariant(p.code, {
      crustId: CRUST.HAND_TOSSED,
      sizeId: SIZE.M,
      pricePaise: 44_900,
      regularPricePaise: 49_900,
    }),
    AdminProductResponseSchema,
  );
  await ok(setNutrition(p.code, SIZE.R, nutrition()), AdminProductResponseSchema);
  const withBoth = await ok(
    setNutrition(p.code, SIZE.M, nutrition({ servingSizeG: 480, energyKcal: 1200 })),
    AdminProductResponseSchema,
  );
  return (await ok(move(p.code, withBoth.data.product.version, 'PUBLISHED'), AdminProductResponseSchema)).data
    .product;
}

describe('who may change the menu', () => {
  it('only the chain admin: managers, regional managers and staff are refused every call; a turned-off login at once', async () => {
    const p = await draft();
    const manager = await logIn('store1001', 'pizza1001');
    const regional = await newLogin(admin, {
      username: unique('north.lead'),
      name: 'North lead',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    const staffer = await newLogin(manager, {
      username: unique('cp.crew'),
      name: 'CP crew',
      role: 'STAFF',
      storeId: 1001,
    });
    const leaving = await newLogin(admin, {
      username: unique('ex.admin'),
      name: 'Leaving admin',
      role: 'ADMIN',
    });
    const off = await admin.call('PATCH', fillPath(CONSOLE_PATHS.staffMember, { staffId: leaving.id }), {
      version: leaving.version,
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    StaffMemberResponseSchema.parse(json(off));

    const calls: [Method, string, object | undefined][] = [
      ['GET', CONSOLE_PATHS.menuCatalogue, undefined],
      ['POST', CONSOLE_PATHS.menuCategories, { name: 'Nope' }],
      ['PATCH', fillPath(CONSOLE_PATHS.menuCategory, { categoryId: 2 }), { version: 1, name: 'Nope' }],
      ['PUT', CONSOLE_PATHS.menuCategoryOrder, { categoryIds: [2, 3] }],
      ['POST', CONSOLE_PATHS.menuProducts, draftBody('PIZ0999')],
      ['PATCH', productPath(p.code), { version: p.version, name: 'Nope' }],
      [
        'POST',
        fillPath(CONSOLE_PATHS.menuProductStatus, { productCode: p.code }),
        { version: p.version, status: 'RETIRED' },
      ],
      [
        'POST',
        fillPath(CONSOLE_PATHS.menuProductVariants, { productCode: p.code }),
        { crustId: 1, sizeId: 1, pricePaise: 100 },
      ],
      [
        'PATCH',
        fillPath(CONSOLE_PATHS.menuVariant, { variantCode: 'PIZ0101-1-1' }),
        { version: 1, pricePaise: 100 },
      ],
      ['PUT', fillPath(CONSOLE_PATHS.menuNutrition, { productCode: p.code, sizeId: 1 }), nutrition()],
      [
        'POST',
        CONSOLE_PATHS.menuToppings,
        { name: 'Nope', foodType: 'VEG', prices: [{ sizeId: 1, pricePaise: 100 }] },
      ],
      ['PATCH', fillPath(CONSOLE_PATHS.menuTopping, { toppingId: 1 }), { version: 1, name: 'Nope' }],
      ['POST', `${fillPath(CONSOLE_PATHS.menuProductPhoto, { productCode: p.code })}?version=1`, { x: 1 }],
      ['GET', CONSOLE_PATHS.chainRules, undefined],
      ['PUT', CONSOLE_PATHS.chainRules, { version: 0, storePrices: true }],
    ];
    for (const [method, url, body] of calls) {
      for (const who of [manager, regional, staffer]) {
        const res = await who.call(method, url, body);
        expect([res.statusCode, errorOf(res).code], `${method} ${url}`).toEqual([403, 'ADMIN_ONLY']);
      }
      const gone = await leaving.call(method, url, body);
      expect([gone.statusCode, errorOf(gone).code], `${method} ${url}`).toEqual([401, 'STAFF_UNAUTHORIZED']);
      const anon = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    // nothing of it was saved
    expect(await product(admin, p.code)).toEqual(p);
  });
});

describe('products: draft, publish, hide, retire', () => {
  it('a draft is not on any menu; publishing without nutrition for every size sold is refused, naming the sizes', async () => {
    const p = await draft();
    await ok(
      addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 19_900 }),
      AdminProductResponseSchema,
    );
    const two = await ok(
      addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.L, pricePaise: 59_900 }),
      AdminProductResponseSchema,
    );
    expect((await getMenu(1001)).products.map((x) => x.menuCode)).not.toContain(p.code);

    const refused = await move(p.code, two.data.product.version, 'PUBLISHED');
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({
      code: 'NUTRITION_MISSING',
      field: 'body.status',
      displayMsg: T.nutritionMissing(['Regular', 'Large']),
    });
    const one = await ok(setNutrition(p.code, SIZE.R, nutrition()), AdminProductResponseSchema);
    const still = await move(p.code, one.data.product.version, 'PUBLISHED');
    expect(errorOf(still).displayMsg).toBe(T.nutritionMissing(['Large']));
    expect((await product(admin, p.code)).status).toBe('DRAFT');
  });

  it('published: on every store’s menu at once, with its prices, nutrition and allergens per size', async () => {
    const before = await getMenu(1001); // cached now: the change must drop it
    const p = await published();
    expect(p.status).toBe('PUBLISHED');
    for (const storeId of [1001, 2001]) {
      const menu = await getMenu(storeId);
      const item = menu.products.find((x) => x.menuCode === p.code);
      expect(item, `store ${storeId}`).toBeDefined();
      expect(item!.variants.map((v) => [v.sizeId, v.price, v.regularPrice])).toEqual([
        [SIZE.R, 24_900, 24_900],
        [SIZE.M, 44_900, 49_900],
      ]);
      expect(item!.sizes).toEqual([
        {
          sizeId: SIZE.R,
          nutriInfoDetails: {
            servingSizeG: 250,
            energyKcal: 640,
            proteinG: 26,
            carbohydrateG: 80,
            sugarG: 9,
            fatG: 22,
            sodiumMg: 1250,
          },
          allergenInfoDetails: [
            { code: 'GLUTEN', name: 'Cereals containing gluten' },
            { code: 'MILK', name: 'Milk' },
          ],
        },
        expect.objectContaining({
          sizeId: SIZE.M,
          nutriInfoDetails: expect.objectContaining({ energyKcal: 1200 }),
        }),
      ]);
      expect(menu.categories.find((c) => c.categoryId === 2)!.data).toContain(p.code);
    }
    expect((await getMenu(1001)).version).not.toBe(before.version);
  });

  it('a price changed, hidden, shown again and retired: customers follow each step; a retired product is kept', async () => {
    const p = await published();
    const regular = p.variants.find((v) => v.sizeId === SIZE.R)!;
    const repriced = await ok(
      admin.call('PATCH', fillPath(CONSOLE_PATHS.menuVariant, { variantCode: regular.code }), {
        version: regular.version,
        pricePaise: 26_900,
      }),
      AdminProductResponseSchema,
    );
    const inMenu = async () => (await getMenu(1001)).products.find((x) => x.menuCode === p.code);
    expect((await inMenu())!.variants[0]!.price).toBe(26_900);
    const hidden = await ok(
      move(p.code, repriced.data.product.version, 'HIDDEN'),
      AdminProductResponseSchema,
    );
    expect(await inMenu()).toBeUndefined();
    const shown = await ok(
      move(p.code, hidden.data.product.version, 'PUBLISHED'),
      AdminProductResponseSchema,
    );
    expect(await inMenu()).toBeDefined();
    const retired = await ok(move(p.code, shown.data.product.version, 'RETIRED'), AdminProductResponseSchema);
    expect(await inMenu()).toBeUndefined();
    const again = await move(p.code, retired.data.product.version, 'PUBLISHED');
    expect([again.statusCode, errorOf(again).code]).toEqual([400, 'BAD_STATUS']);
    const edit = await admin.call('PATCH', productPath(p.code), {
      version: retired.data.product.version,
      name: 'Back',
    });
    expect([edit.statusCode, errorOf(edit).code]).toEqual([409, 'RETIRED']);
    expect(await product(admin, p.code)).toMatchObject({
      status: 'RETIRED',
      variants: retired.data.product.variants,
    });
  });

  it('edits name, categories, flags and GST of a published product; customers see them', async () => {
    const p = await published();
    const changed = await ok(
      admin.call('PATCH', productPath(p.code), {
        version: p.version,
        name: 'Smoky Paneer Supreme',
        categoryIds: [2, 71],
        isBestseller: true,
        gstRatePercent: 12,
      }),
      AdminProductResponseSchema,
    );
    expect(changed.data.product).toMatchObject({ name: 'Smoky Paneer Supreme', version: p.version + 1 });
    const menu = await getMenu(1001);
    const item = menu.products.find((x) => x.menuCode === p.code)!;
    expect(item).toMatchObject({
      name: 'Smoky Paneer Supreme',
      isBestseller: true,
      taxation: { gstRatePercent: 12 },
    });
    expect(menu.categories.find((c) => c.categoryId === 71)!.data).toContain(p.code);
    expect(menu.bestsellers).toContain(p.code);
  });
});

describe('bad input is refused per field, and nothing is saved', () => {
  it.each([
    [{ crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: -100 }, 'BAD_REQUEST', 'body.pricePaise'],
    [{ crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 0 }, 'BAD_REQUEST', 'body.pricePaise'],
    [
      { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 10_000, regularPricePaise: 9_000 },
      'BAD_PRICE',
      'body.regularPricePaise',
    ],
    [{ crustId: 99, sizeId: SIZE.R, pricePaise: 10_000 }, 'UNKNOWN_CRUST', 'body.crustId'],
    [{ crustId: CRUST.HAND_TOSSED, sizeId: 99, pricePaise: 10_000 }, 'UNKNOWN_SIZE', 'body.sizeId'],
  ])('a variant %j: %s on %s', async (body, code, field) => {
    const p = await draft();
    const res = await addVariant(p.code, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, field });
    expect(await product(admin, p.code)).toEqual(p);
  });

  it('a second variant of the same crust and size is refused', async () => {
    const p = await draft();
    const first = await ok(
      addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 10_000 }),
      AdminProductResponseSchema,
    );
    const res = await addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 12_000 });
    expect([res.statusCode, errorOf(res)]).toEqual([
      400,
      expect.objectContaining({
        code: 'DUPLICATE_VARIANT',
        field: 'body.sizeId',
        displayMsg: T.duplicateVariant,
      }),
    ]);
    expect(await product(admin, p.code)).toEqual(first.data.product);
  });

  it.each([
    [{ categoryIds: [2, 999] }, 'UNKNOWN_CATEGORY', 'body.categoryIds'],
    [{ defaultToppingIds: [999] }, 'UNKNOWN_TOPPING', 'body.defaultToppingIds'],
    [{ categoryIds: [] }, 'BAD_REQUEST', 'body.categoryIds'],
    [{ gstRatePercent: 7 }, 'BAD_REQUEST', 'body.gstRatePercent'],
    [{ code: 'pizza-1' }, 'BAD_REQUEST', 'body.code'],
  ])('a product %j: %s on %s', async (extra, code, field) => {
    const res = await admin.call('POST', CONSOLE_PATHS.menuProducts, draftBody(newCode(), extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, field });
  });

  it('a product code already taken is refused on the code', async () => {
    const res = await admin.call('POST', CONSOLE_PATHS.menuProducts, draftBody('PIZ0101'));
    expect([res.statusCode, errorOf(res)]).toEqual([
      400,
      expect.objectContaining({ code: 'CODE_TAKEN', field: 'body.code' }),
    ]);
  });

  it.each([
    [{ sugarG: 90 }, 'BAD_NUTRITION', 'body.sugarG'],
    [{ proteinG: -1 }, 'BAD_REQUEST', 'body.proteinG'],
    [{ energyKcal: 12.34 }, 'BAD_REQUEST', 'body.energyKcal'],
    [{ allergens: ['PEANUT_BUTTER'] }, 'BAD_REQUEST', 'body.allergens.0'],
  ])('nutrition %j: %s on %s', async (extra, code, field) => {
    const p = await draft();
    await ok(
      addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, pricePaise: 10_000 }),
      AdminProductResponseSchema,
    );
    const res = await setNutrition(p.code, SIZE.R, nutrition(extra as Partial<NutritionBody>));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, field });
  });

  it('nutrition for a size the product is not sold in is refused', async () => {
    const p = await draft();
    const res = await setNutrition(p.code, SIZE.L, nutrition());
    expect(errorOf(res)).toMatchObject({ code: 'NOT_SOLD_IN_SIZE', field: 'params.sizeId' });
  });

  it('a new size of a published product needs its nutrition first', async () => {
    const p = await published();
    const res = await addVariant(p.code, { crustId: CRUST.HAND_TOSSED, sizeId: SIZE.L, pricePaise: 69_900 });
    expect(errorOf(res)).toMatchObject({
      code: 'NUTRITION_MISSING',
      field: 'body.sizeId',
      displayMsg: T.nutritionMissingForSize('Large'),
    });
  });
});

describe('concurrent edits', () => {
  it('two saves on one version: one is kept, the other told to reload; neither half-saved', async () => {
    const p = await published();
    const [a, b] = await Promise.all([
      admin.call('PATCH', productPath(p.code), { version: p.version, name: 'Name A', description: 'A' }),
      admin.call('PATCH', productPath(p.code), { version: p.version, name: 'Name B', description: 'B' }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(errorOf(loser)).toMatchObject({ code: 'STALE', displayMsg: T.stale });
    const now = await product(admin, p.code);
    expect([now.name, now.description]).toEqual(a.statusCode === 200 ? ['Name A', 'A'] : ['Name B', 'B']);
    expect(now.version).toBe(p.version + 1);
  });

  it('a variant, a size’s nutrition and a category each refuse a stale version', async () => {
    const p = await published();
    const v = p.variants[0]!;
    const variantPath = fillPath(CONSOLE_PATHS.menuVariant, { variantCode: v.code });
    await ok(
      admin.call('PATCH', variantPath, { version: v.version, pricePaise: 25_900 }),
      AdminProductResponseSchema,
    );
    const staleVariant = await admin.call('PATCH', variantPath, { version: v.version, pricePaise: 1_900 });
    expect([staleVariant.statusCode, errorOf(staleVariant).code]).toEqual([409, 'STALE']);
    const n = p.nutrition[0]!;
    await ok(
      setNutrition(p.code, n.sizeId, nutrition({ version: n.version, energyKcal: 700 })),
      AdminProductResponseSchema,
    );
    const staleNutrition = await setNutrition(
      p.code,
      n.sizeId,
      nutrition({ version: n.version, energyKcal: 10 }),
    );
    expect(staleNutrition.statusCode).toBe(409);
    const twice = await setNutrition(p.code, n.sizeId, nutrition());
    expect(twice.statusCode).toBe(409);
    const menuItem = (await getMenu(1001)).products.find((x) => x.menuCode === p.code)!;
    expect(menuItem.variants.find((x) => x.code === v.code)!.price).toBe(25_900);
    expect(menuItem.sizes!.find((s) => s.sizeId === n.sizeId)!.nutriInfoDetails.energyKcal).toBe(700);
  });
});

describe('categories and toppings', () => {
  it('a category made, renamed, reordered and hidden; customers follow', async () => {
    const made = await ok(
      admin.call('POST', CONSOLE_PATHS.menuCategories, { name: 'Summer Specials' }),
      AdminCategoryResponseSchema,
    );
    const c = made.data.category;
    expect(c).toMatchObject({ slug: 'summer-specials', hidden: false, version: 1 });
    const p = await published({ categoryIds: [2, c.id] });
    const menuCat = async () => (await getMenu(1001)).categories.find((x) => x.categoryId === c.id);
    expect((await menuCat())!.data).toEqual([p.code]);
    const renamed = await ok(
      admin.call('PATCH', fillPath(CONSOLE_PATHS.menuCategory, { categoryId: c.id }), {
        version: 1,
        name: 'Monsoon Specials',
      }),
      AdminCategoryResponseSchema,
    );
    expect((await menuCat())!.categoryName).toBe('Monsoon Specials');
    const all = await ok(admin.call('GET', CONSOLE_PATHS.menuCatalogue), AdminCatalogueResponseSchema);
    const ids = all.data.categories.map((x) => x.id);
    const order = [c.id, ...ids.filter((id) => id !== c.id)];
    const partial = await admin.call('PUT', CONSOLE_PATHS.menuCategoryOrder, { categoryIds: order.slice(1) });
    expect([partial.statusCode, errorOf(partial).code]).toEqual([409, 'STALE']);
    await ok(admin.call('PUT', CONSOLE_PATHS.menuCategoryOrder, { categoryIds: order }), { parse: (x) => x });
    const menu = await getMenu(1001);
    expect(menu.categories[0]!.categoryId).toBe(c.id);
    const again = await ok(admin.call('GET', CONSOLE_PATHS.menuCatalogue), AdminCatalogueResponseSchema);
    const version = again.data.categories.find((x) => x.id === c.id)!.version;
    expect(version).toBe(renamed.data.category.version + 1);
    await ok(
      admin.call('PATCH', fillPath(CONSOLE_PATHS.menuCategory, { categoryId: c.id }), {
        version,
        hidden: true,
      }),
      AdminCategoryResponseSchema,
    );
    expect(await menuCat()).toBeUndefined();
    // hidden from the menu, the product is still sold in its other category
    expect((await getMenu(1001)).categories.find((x) => x.categoryId === 2)!.data).toContain(p.code);
    const taken = await admin.call('POST', CONSOLE_PATHS.menuCategories, { name: 'Summer specials' });
    expect(errorOf(taken)).toMatchObject({ code: 'SLUG_TAKEN', field: 'body.name' });
  });

  it('a topping made and repriced reaches the toppings of every store', async () => {
    const made = await ok(
      admin.call('POST', CONSOLE_PATHS.menuToppings, {
        name: 'Smoked Paneer',
        foodType: 'VEG',
        prices: [
          { sizeId: SIZE.R, pricePaise: 5_500 },
          { sizeId: SIZE.M, pricePaise: 9_000 },
        ],
      }),
      AdminToppingResponseSchema,
    );
    const tp = made.data.topping;
    const toppings = async () =>
      ToppingsResponseSchema.parse(
        json(await t.app.inject({ method: 'GET', url: fillPath(API_PATHS.toppings, { storeId: 2001 }) })),
      ).data.toppings.find((x) => x.toppingId === tp.id);
    expect((await toppings())!.prices).toEqual([
      { sizeId: SIZE.R, price: 5_500 },
      { sizeId: SIZE.M, price: 9_000 },
    ]);
    await ok(
      admin.call('PATCH', fillPath(CONSOLE_PATHS.menuTopping, { toppingId: tp.id }), {
        version: tp.version,
        prices: [{ sizeId: SIZE.R, pricePaise: 6_000 }],
      }),
      AdminToppingResponseSchema,
    );
    expect((await toppings())!.prices).toEqual([{ sizeId: SIZE.R, price: 6_000 }]);
    const negative = await admin.call('PATCH', fillPath(CONSOLE_PATHS.menuTopping, { toppingId: tp.id }), {
      version: tp.version + 1,
      prices: [{ sizeId: SIZE.R, pricePaise: -5 }],
    });
    expect(errorOf(negative)).toMatchObject({ code: 'BAD_REQUEST', field: 'body.prices.0.pricePaise' });
  });
});

describe('the seeded menu', () => {
  it('every published product has nutrition and allergens for every size it is sold in', async () => {
    const menu = await getMenu(3001);
    for (const p of menu.products) {
      const sold = [...new Set(p.variants.map((v) => v.sizeId))].sort();
      expect(p.sizes?.map((x) => x.sizeId).sort(), p.menuCode).toEqual(sold);
      for (const size of p.sizes!)
        expect(size.nutriInfoDetails.energyKcal, p.menuCode).toBeGreaterThanOrEqual(0);
    }
  });

  it('a later seed (a deploy with changed data) keeps what the chain admin changed', async () => {
    const before = await product(admin, 'PIZ0104');
    const v = before.variants[0]!;
    await ok(
      admin.call('PATCH', productPath('PIZ0104'), { version: before.version, name: 'Fresh Veggie Deluxe' }),
      AdminProductResponseSchema,
    );
    await ok(
      admin.call('PATCH', fillPath(CONSOLE_PATHS.menuVariant, { variantCode: v.code }), {
        version: v.version,
        pricePaise: v.pricePaise + 1_000,
      }),
      AdminProductResponseSchema,
    );
    await t.database.db.execute(sql`delete from seed_runs`);
    expect((await seedDemoData(t.database.db)).applied).toBe(true);
    const after = await product(admin, 'PIZ0104');
    expect(after.name).toBe('Fresh Veggie Deluxe');
    expect(after.variants[0]!.pricePaise).toBe(v.pricePaise + 1_000);
  });
});

describe('the change log', () => {
  it('records who published what, with the product before and after', async () => {
    const p = await published();
    const res = await ok(
      admin.call('GET', `${CONSOLE_PATHS.auditLog}?entity=product&entityId=${p.code}`),
      AuditPageResponseSchema,
    );
    const actions = res.data.events.map((e) => e.action);
    expect(actions).toEqual(['product.publish', 'product.create']);
    expect(res.data.events[0]).toMatchObject({
      staffName: expect.any(String),
      before: expect.objectContaining({ status: 'DRAFT' }),
      after: expect.objectContaining({ status: 'PUBLISHED' }),
    });
  });
});

describe('price lists: a city’s, a store’s, scheduled', () => {
  const pricesOf = (by: Login, body: object) => by.call('POST', CONSOLE_PATHS.priceList, body);
  const priceAt = async (storeId: number, code: string, sizeId = SIZE.R) =>
    (await getMenu(storeId)).products
      .find((x) => x.menuCode === code)
      ?.variants.find((v) => v.sizeId === sizeId)?.price;

  it('store beats city beats chain; other cities keep the chain price', async () => {
    const p = await published();
    const r = p.variants.find((v) => v.sizeId === SIZE.R)!;
    await ok(
      pricesOf(admin, { scope: { cityId: 'delhi' }, entries: [{ variantCode: r.code, pricePaise: 27_900 }] }),
      PriceListResponseSchema,
    );
    await ok(
      pricesOf(admin, { scope: { storeId: 1002 }, entries: [{ variantCode: r.code, pricePaise: 28_900 }] }),
      PriceListResponseSchema,
    );
    await ok(
      pricesOf(admin, { scope: { chain: true }, entries: [{ variantCode: r.code, pricePaise: 25_900 }] }),
      PriceListResponseSchema,
    );
    expect(await priceAt(1001, p.code)).toBe(27_900);
    expect(await priceAt(1002, p.code)).toBe(28_900);
    expect(await priceAt(2001, p.code)).toBe(25_900);
    // the medium has no entry: the variant's own price everywhere
    expect(await priceAt(1001, p.code, SIZE.M)).toBe(44_900);
  });

  it('a product sold only where priced reaches that city alone', async () => {
    const p = await published({ pricedOnly: true });
    expect(await priceAt(1001, p.code)).toBeUndefined();
    await ok(
      pricesOf(admin, {
        scope: { cityId: 'delhi' },
        entries: p.variants.map((v) => ({ variantCode: v.code, pricePaise: v.pricePaise + 1_000 })),
      }),
      PriceListResponseSchema,
    );
    expect(await priceAt(1001, p.code)).toBe(25_900);
    expect(await priceAt(2001, p.code)).toBeUndefined();
  });

  it('a regional manager prices their cities and stores, nothing else; staff and a store manager not at all', async () => {
    const p = await published();
    const r = p.variants[0]!;
    const entry = { variantCode: r.code, pricePaise: 30_000 };
    const regional = await newLogin(admin, {
      username: unique('delhi.rm'),
      name: 'Delhi RM',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    await ok(pricesOf(regional, { scope: { cityId: 'delhi' }, entries: [entry] }), PriceListResponseSchema);
    await ok(pricesOf(regional, { scope: { storeId: 1003 }, entries: [entry] }), PriceListResponseSchema);
    for (const [scope, status, code] of [
      [{ cityId: 'mumbai' }, 404, 'NOT_FOUND'],
      [{ storeId: 2001 }, 404, 'NOT_FOUND'],
      [{ storeId: 999_999 }, 404, 'NOT_FOUND'],
      [{ chain: true }, 403, 'ADMIN_ONLY'],
    ] as const) {
      const res = await pricesOf(regional, { scope, entries: [entry] });
      expect([res.statusCode, errorOf(res).code], JSON.stringify(scope)).toEqual([status, code]);
    }
    const list = await ok(
      regional.call('GET', `${CONSOLE_PATHS.priceList}?productCode=${p.code}`),
      PriceListResponseSchema,
    );
    expect(list.data.entries.map((e) => e.cityId ?? e.storeId).sort()).toEqual([1003, 'delhi']);

    const manager = await logIn('store1001', 'pizza1001');
    const staffer = await newLogin(manager, {
      username: unique('cp.crew'),
      name: 'Crew',
      role: 'STAFF',
      storeId: 1001,
    });
    for (const who of [manager, staffer]) {
      const res = await pricesOf(who, { scope: { storeId: 1001 }, entries: [entry] });
      expect([res.statusCode, errorOf(res).code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
    }
    expect(await priceAt(1001, p.code)).toBe(30_000);
  });

  it('a turned-off login and no login are refused every price call', async () => {
    const regional = await newLogin(admin, {
      username: unique('gone.rm'),
      name: 'Gone RM',
      role: 'REGIONAL',
      cities: ['delhi'],
    });
    const off = await admin.call('PATCH', fillPath(CONSOLE_PATHS.staffMember, { staffId: regional.id }), {
      version: regional.version,
      disabled: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    const calls: [Method, string, object | undefined][] = [
      ['GET', CONSOLE_PATHS.priceList, undefined],
      [
        'POST',
        CONSOLE_PATHS.priceList,
        { scope: { cityId: 'delhi' }, entries: [{ variantCode: 'PIZ0101-1-1', pricePaise: 100 }] },
      ],
      ['PATCH', fillPath(CONSOLE_PATHS.priceEntry, { priceId: 1 }), { version: 1, pricePaise: 100 }],
      ['POST', fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: 1 }), { version: 1 }],
    ];
    for (const [method, url, body] of calls) {
      const gone = await regional.call(method, url, body);
      expect([gone.statusCode, errorOf(gone).code], `${method} ${url}`).toEqual([401, 'STAFF_UNAUTHORIZED']);
      const anon = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await priceAt(1001, 'PIZ0101')).toBe(10_900);
  });

  it('a store manager prices their own store once the chain allows it, and no longer when it stops', async () => {
    const p = await published();
    const entry = { variantCode: p.variants[0]!.code, pricePaise: 21_900 };
    const manager = await logIn('store1004', 'pizza1004');
    const rules = await ok(admin.call('GET', CONSOLE_PATHS.chainRules), ChainRulesResponseSchema);
    const on = await ok(
      admin.call('PUT', CONSOLE_PATHS.chainRules, { version: rules.data.version, storePrices: true }),
      ChainRulesResponseSchema,
    );
    const staleRules = await admin.call('PUT', CONSOLE_PATHS.chainRules, {
      version: rules.data.version,
      storePrices: false,
    });
    expect(staleRules.statusCode).toBe(409);
    await ok(pricesOf(manager, { scope: { storeId: 1004 }, entries: [entry] }), PriceListResponseSchema);
    expect(await priceAt(1004, p.code)).toBe(21_900);
    for (const scope of [{ storeId: 1001 }, { cityId: 'delhi' }]) {
      const res = await pricesOf(manager, { scope, entries: [entry] });
      expect(res.statusCode, JSON.stringify(scope)).toBe(404);
    }
    await ok(
      admin.call('PUT', CONSOLE_PATHS.chainRules, { version: on.data.version, storePrices: false }),
      ChainRulesResponseSchema,
    );
    const after = await pricesOf(manager, { scope: { storeId: 1004 }, entries: [entry] });
    expect([after.statusCode, errorOf(after).code]).toEqual([403, 'ROLE_NOT_ALLOWED']);
  });

  it('bad prices, unknown variants, past starts and a second entry for the same start are refused; nothing saved', async () => {
    const p = await published();
    const v = p.variants[0]!.code;
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await ok(
      pricesOf(admin, {
        scope: { storeId: 1005 },
        startsAt: soon,
        entries: [{ variantCode: v, pricePaise: 20_000 }],
      }),
      PriceListResponseSchema,
    );
    for (const [body, code, field] of [
      [
        { scope: { storeId: 1005 }, entries: [{ variantCode: v, pricePaise: -1 }] },
        'BAD_REQUEST',
        'body.entries.0.pricePaise',
      ],
      [
        { scope: { storeId: 1005 }, entries: [{ variantCode: v, pricePaise: 100, regularPricePaise: 50 }] },
        'BAD_PRICE',
        'body.entries.0.regularPricePaise',
      ],
      [
        { scope: { storeId: 1005 }, entries: [{ variantCode: 'NOPE-1-1', pricePaise: 100 }] },
        'UNKNOWN_VARIANT',
        'body.entries.0.variantCode',
      ],
      [
        {
          scope: { storeId: 1005 },
          startsAt: '2020-01-01T00:00:00+05:30',
          entries: [{ variantCode: v, pricePaise: 100 }],
        },
        'STARTS_IN_PAST',
        'body.startsAt',
      ],
      [
        { scope: { storeId: 1005 }, startsAt: soon, entries: [{ variantCode: v, pricePaise: 21_000 }] },
        'SLOT_TAKEN',
        'body.startsAt',
      ],
      [
        {
          scope: { storeId: 1005 },
          entries: [
            { variantCode: v, pricePaise: 100 },
            { variantCode: v, pricePaise: 200 },
          ],
        },
        'SLOT_TAKEN',
        'body.startsAt',
      ],
    ] as const) {
      const res = await pricesOf(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toMatchObject({ code, field });
    }
    const list = await ok(
      admin.call('GET', `${CONSOLE_PATHS.priceList}?productCode=${p.code}`),
      PriceListResponseSchema,
    );
    expect(list.data.entries).toHaveLength(1);
    expect(await priceAt(1005, p.code)).toBe(24_900);
  });

  it('an entry changed and taken out: a stale version is refused, and the price falls back', async () => {
    const p = await published();
    const r = p.variants.find((v) => v.sizeId === SIZE.R)!;
    const made = await ok(
      pricesOf(admin, { scope: { storeId: 1006 }, entries: [{ variantCode: r.code, pricePaise: 22_900 }] }),
      PriceListResponseSchema,
    );
    const e = made.data.entries[0]!;
    const entryPath = fillPath(CONSOLE_PATHS.priceEntry, { priceId: e.id });
    const [a, b] = await Promise.all([
      admin.call('PATCH', entryPath, { version: e.version, pricePaise: 23_900 }),
      admin.call('PATCH', entryPath, { version: e.version, pricePaise: 20_900 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const kept = a.statusCode === 200 ? 23_900 : 20_900;
    expect(await priceAt(1006, p.code)).toBe(kept);
    const removeStale = await admin.call(
      'POST',
      fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: e.id }),
      {
        version: e.version,
      },
    );
    expect(removeStale.statusCode).toBe(409);
    const regional = await newLogin(admin, {
      username: unique('west.rm'),
      name: 'West RM',
      role: 'REGIONAL',
      cities: ['mumbai'],
    });
    const notTheirs = await regional.call(
      'POST',
      fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: e.id }),
      {
        version: e.version + 1,
      },
    );
    expect(notTheirs.statusCode).toBe(404);
    await ok(
      admin.call('POST', fillPath(CONSOLE_PATHS.priceEntryRemove, { priceId: e.id }), {
        version: e.version + 1,
      }),
      { parse: (x: unknown) => x },
    );
    expect(await priceAt(1006, p.code)).toBe(24_900);
  });

  it('a scheduled price starts on time: menu, cart and confirm take it; an order placed before keeps its prices', async () => {
    const p = await published();
    const r = p.variants.find((v) => v.sizeId === SIZE.R)!;
    const c = orderClient(t, await newGuest(t));
    const item = { productCode: p.code, crustId: CRUST.HAND_TOSSED, sizeId: SIZE.R, quantity: 2 };
    const before = await c.cart([item]);
    const order = placed(await c.confirm(c.body(before)));
    // a start a few seconds off; the reads before it are checked only while it is still ahead (a busy machine may
    // take longer than that to get there, and that is no failure of the prices)
    const startsAt = new Date(Date.now() + 5_000);
    const made = await ok(
      pricesOf(admin, {
        scope: { cityId: 'delhi' },
        startsAt: startsAt.toISOString(),
        entries: [{ variantCode: r.code, pricePaise: 29_900 }],
      }),
      PriceListResponseSchema,
    );
    expect(made.data.entries[0]!.startsAt).toBe(startsAt.toISOString());
    const early = await priceAt(1001, p.code);
    if (Date.now() < startsAt.getTime()) expect(early).toBe(24_900);
    const due = await rebuildDueSnapshots(t.database.db, new Date(startsAt.getTime() - 1));
    expect(due).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, startsAt.getTime() - Date.now() + 50));
    // the first read after the start composes the menu again, in whichever process reads it
    expect(await priceAt(1001, p.code)).toBe(29_900);
    expect(await priceAt(1002, p.code)).toBe(29_900);
    expect(await priceAt(2001, p.code)).toBe(24_900);
    // the background pass finds the rest (a store nobody read since)
    expect(await rebuildDueSnapshots(t.database.db)).toEqual(expect.arrayContaining([1003]));
    expect(await rebuildDueSnapshots(t.database.db)).toEqual([]);

    const after = await c.cart([item]);
    // two pizzas ₹50 dearer, and their 5 % GST
    expect(after.price - before.price).toBe(2 * (29_900 - 24_900) * 1.05);
    const second = placed(await c.confirm(c.body(after)));
    const itemPrice = async (orderId: string) =>
      (await c.summary(orderId)).items.find((x) => x.productId === p.code)!.pricePaise;
    expect(await itemPrice(order.orderId)).toBe(2 * 24_900);
    expect(await itemPrice(second.orderId)).toBe(2 * 29_900);
    const firstSummary = await c.summary(order.orderId);
    // a later price change leaves both placed orders as they were
    await ok(
      pricesOf(admin, { scope: { storeId: 1001 }, entries: [{ variantCode: r.code, pricePaise: 99_900 }] }),
      PriceListResponseSchema,
    );
    expect(await priceAt(1001, p.code)).toBe(99_900);
    expect(await c.summary(order.orderId)).toEqual(firstSummary);
    expect(await itemPrice(second.orderId)).toBe(2 * 29_900);
  });
});

describe('photos', () => {
  const image = (width: number, height: number, format: 'jpeg' | 'png' | 'webp') =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .toFormat(format)
      .toBuffer();
  const upload = (code: string, version: number, bytes: Buffer, type = 'application/octet-stream') =>
    t.app.inject({
      method: 'POST',
      url: `${fillPath(CONSOLE_PATHS.menuProductPhoto, { productCode: code })}?version=${version}`,
      headers: { authorization: adminToken, 'content-type': type },
      payload: bytes,
      remoteAddress: from(),
    });
  let adminToken = '';
  beforeAll(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: CONSOLE_PATHS.staffLogin,
      payload: { username: 'chainadmin', password: 'pizza-admin' },
      remoteAddress: from(),
    });
    adminToken = `Bearer ${StaffSessionResponseSchema.parse(json(res)).data.token}`;
  });

  it('an upload is resized into the menu’s widths; the menu gives url, size and srcset; served immutable', async () => {
    const p = await published();
    const res = await upload(p.code, p.version, await image(1200, 900, 'png'), 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const after = AdminProductResponseSchema.parse(json(res)).data.product;
    expect(after.photo).toMatchObject({ width: 640, height: 480 });
    const media = (await getMenu(1001)).products.find((x) => x.menuCode === p.code)!.mediaList[0]!;
    expect(media).toMatchObject({ type: 'image', width: 640, height: 480 });
    expect(media.url).toMatch(/^\/api\/v1\/photos\/P[\w-]{22}\/640\.jpg$/);
    expect(media.srcset!.webp.split(', ').map((x) => x.split(' ')[1])).toEqual(['160w', '320w', '640w']);
    for (const candidate of [...media.srcset!.webp.split(', '), ...media.srcset!.jpeg.split(', ')]) {
      const [url, w] = candidate.split(' ') as [string, string];
      const got = await t.app.inject({ method: 'GET', url });
      expect(got.statusCode, url).toBe(200);
      expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(got.headers['content-type']).toBe(url.endsWith('.webp') ? 'image/webp' : 'image/jpeg');
      const meta = await sharp(got.rawPayload).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([
        parseInt(w, 10),
        (parseInt(w, 10) * 3) / 4,
        url.endsWith('.webp') ? 'webp' : 'jpeg',
      ]);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: media.url.replace(/P[\w-]{22}/, 'P' + 'x'.repeat(22)),
    });
    expect(missing.statusCode).toBe(404);
    // a second upload on the old version is refused and changes nothing
    const stale = await upload(p.code, p.version, await image(800, 800, 'webp'));
    expect([stale.statusCode, errorOf(stale).code]).toEqual([409, 'STALE']);
    expect((await product(admin, p.code)).photo).toEqual(after.photo);
  });

  it.each([
    ['a text file', async () => Buffer.from('not a photo at all, just words'), 'NOT_AN_IMAGE', T.notAnImage],
    ['a GIF', async () => Buffer.from('GIF89a0000000000000000'), 'NOT_AN_IMAGE', T.notAnImage],
    [
      '6 MB',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(6 * 1024 * 1024)]),
      'PHOTO_TOO_LARGE',
      T.tooLarge,
    ],
    [
      'a broken JPEG',
      async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]),
      'UNREADABLE_PHOTO',
      T.unreadable,
    ],
    ['200 × 200 px', () => image(200, 200, 'jpeg'), 'PHOTO_TOO_SMALL', T.tooSmall],
    ['7000 × 400 px', () => image(7000, 400, 'webp'), 'PHOTO_TOO_BIG', T.tooBig],
  ])('%s is refused with a clear message, and nothing changes', async (_name, bytes, code, text) => {
    const p = await draft();
    const res = await upload(p.code, p.version, await bytes(), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, displayMsg: text, field: 'body' });
    expect(await product(admin, p.code)).toEqual(p);
  });
});
