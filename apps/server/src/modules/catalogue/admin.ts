import type {
  AdminCatalogue,
  AdminCategory,
  AdminNutrition,
  AdminProduct,
  AdminTopping,
  CategoryChangeBody,
  NewCategoryBody,
  NewProductBody,
  NewToppingBody,
  NewVariantBody,
  NutritionBody,
  ProductChangeBody,
  ToppingChangeBody,
  VariantChangeBody,
} from '@crust/contract/menu-admin';
import {
  CategoryChangeBodySchema,
  CategoryOrderBodySchema,
  NewCategoryBodySchema,
  NewProductBodySchema,
  NewToppingBodySchema,
  NewVariantBodySchema,
  NutritionBodySchema,
  ProductChangeBodySchema,
  ProductStatusBodySchema,
  ToppingChangeBodySchema,
  VariantChangeBodySchema,
} from '@crust/contract/menu-admin';
import { fillPath } from '@crust/contract/paths';
import { MEDIA_PATHS } from '@crust/contract/media-paths';
import {
  mayMoveProduct,
  nutritionProblem,
  sizesMissingNutrition,
  type ProductStatus,
} from '@crust/domain/catalogue-admin';
import { slugify } from '@crust/domain/categories';
import type { Db } from '../../db/client.ts';
import { uniqueViolationOf } from '../../db/errors.ts';
import { httpError } from '../../http/errors.ts';
import type { AuditActor, AuditLog } from '../audit/log.ts';
import { renditionsOf, type PhotoStore } from './photo-store.ts';
import * as repo from './repo.ts';
import { CATALOGUE_TEXTS as T } from './texts.ts';

/** What a menu change does to customers' menus: rebuilt in its transaction, every process's copy dropped after. */
export interface MenuPublishing {
  /** composes again the menus of these stores (every store when omitted), in the change's transaction */
  rebuild(tx: Db, storeIds?: number[]): Promise<void>;
  /** drops each store's cached menu, in every process (caches/share.ts), once the change is committed */
  drop(storeIds: number[]): void;
}

const stale = () => httpError(409, 'STALE', T.stale);
const bad = (code: string, text: string, field: string) => httpError(400, code, text, { field });

/**
 * The chain's menu in the back office (issue 30 §2), the chain admin's: categories (made, renamed, reordered,
 * hidden), products (made as drafts, edited, published, hidden, retired: never deleted), their variants (crust ×
 * size with a price), nutrition and allergens per size, and toppings with their prices. Every save names the
 * version it was made on (409 STALE otherwise), is one transaction with its audit entry, and rebuilds the menus of
 * every store when customers could see the change (a draft's are not); each process's cached copy is dropped
 * after the commit.
 */
export class MenuAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly publishing: MenuPublishing,
    readonly photos: PhotoStore,
  ) {}

  async catalogue(): Promise<AdminCatalogue> {
    const c = await repo.adminCatalogue(this.db);
    return {
      categories: c.categories.map(categoryView),
      crusts: c.crusts,
      sizes: c.sizes,
      products: c.products.map((p) =>
        productView(
          p,
          c.variants.filter((v) => v.productCode === p.code),
          c.nutrition.filter((n) => n.productCode === p.code),
          c.photos.filter((r) => r.photoId === p.photoId),
        ),
      ),
      toppings: c.toppings.map((t) =>
        toppingView(
          t,
          c.toppingPrices.filter((p) => p.toppingId === t.id),
        ),
      ),
    };
  }

  // ---- categories

  async createCategory(actor: AuditActor, input: NewCategoryBody): Promise<AdminCategory> {
    const body = NewCategoryBodySchema.parse(input);
    const slug = body.slug ?? slugify(body.name);
    return this.change(
      async (tx) => {
        const row = await repo.insertCategory(tx, { slug, name: body.name, hidden: body.hidden });
        await this.log(tx, actor, 'category.create', 'category', row.id, null, categoryView(row));
        return { result: categoryView(row), customersSee: false };
      },
      (constraint) =>
        constraint === 'categories_slug_unique'
          ? bad('SLUG_TAKEN', T.slugTaken, body.slug ? 'body.slug' : 'body.name')
          : null,
    );
  }

  async changeCategory(actor: AuditActor, id: number, input: CategoryChangeBody): Promise<AdminCategory> {
    const body = CategoryChangeBodySchema.parse(input);
    return this.change(async (tx) => {
      const before = await repo.categoryById(tx, id);
      if (!before) throw httpError(404, 'NOT_FOUND', T.noCategory);
      const row = await repo.updateCategory(tx, id, body.version, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.hidden !== undefined ? { hidden: body.hidden } : {}),
      });
      if (!row) throw stale();
      const action = body.hidden === true && !before.hidden ? 'category.hide' : 'category.change';
      await this.log(tx, actor, action, 'category', id, categoryView(before), categoryView(row));
      return { result: categoryView(row), customersSee: true };
    });
  }

  /** Every category in its new place: a list that is not the whole set is stale (one was added meanwhile). */
  async orderCategories(actor: AuditActor, input: { categoryIds: number[] }): Promise<AdminCategory[]> {
    const body = CategoryOrderBodySchema.parse(input);
    return this.change(async (tx) => {
      await repo.lockCategories(tx);
      const before = await repo.allCategories(tx);
      const wanted = new Set(body.categoryIds);
      if (wanted.size !== body.categoryIds.length || wanted.size !== before.length)
        throw httpError(409, 'STALE', T.orderNotWhole);
      if (before.some((c) => !wanted.has(c.id))) throw httpError(409, 'STALE', T.orderNotWhole);
      const byId = new Map(before.map((c) => [c.id, c]));
      for (const [i, id] of body.categoryIds.entries()) {
        const c = byId.get(id)!;
        if (c.sortOrder !== i + 1) await repo.updateCategory(tx, id, c.version, { sortOrder: i + 1 });
      }
      const after = (await repo.allCategories(tx)).map(categoryView);
      await this.log(
        tx,
        actor,
        'category.order',
        'category',
        'order',
        before.map((c) => c.id),
        after.map((c) => c.id),
      );
      return { result: after, customersSee: true };
    });
  }

  // ---- products

  async createProduct(actor: AuditActor, input: NewProductBody): Promise<AdminProduct> {
    const body = NewProductBodySchema.parse(input);
    return this.change(
      async (tx) => {
        await this.checkNames(tx, body);
        const row = await repo.insertProduct(tx, {
          code: body.code,
          name: body.name,
          description: body.description,
          foodType: body.foodType,
          productType: body.productType,
          categoryIds: body.categoryIds,
          defaultToppingIds: body.defaultToppingIds,
          isCustomizable: body.isCustomizable,
          isReplaceable: body.isReplaceable,
          isBestseller: body.isBestseller,
          image: placeholderOf(body.productType),
          sortOrder: body.sortOrder ?? (await repo.nextProductSort(tx)),
          gstRateBp: Math.round(body.gstRatePercent * 100),
          status: 'DRAFT',
          pricedOnly: body.pricedOnly,
        });
        const view = productView(row, [], [], []);
        await this.log(tx, actor, 'product.create', 'product', row.code, null, view);
        return { result: view, customersSee: false };
      },
      (constraint) => (constraint === 'products_pkey' ? bad('CODE_TAKEN', T.codeTaken, 'body.code') : null),
    );
  }

  async changeProduct(actor: AuditActor, code: string, input: ProductChangeBody): Promise<AdminProduct> {
    const body = ProductChangeBodySchema.parse(input);
    return this.change(async (tx) => {
      const before = await this.product(tx, code);
      if (before.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      await this.checkNames(tx, body);
      const { version, gstRatePercent, ...fields } = body;
      const row = await repo.updateProduct(tx, code, version, {
        ...definedOf(fields),
        ...(gstRatePercent !== undefined ? { gstRateBp: Math.round(gstRatePercent * 100) } : {}),
      });
      if (!row) throw stale();
      const after = await this.product(tx, code);
      await this.log(tx, actor, 'product.change', 'product', code, before, after);
      return { result: after, customersSee: row.status === 'PUBLISHED' };
    });
  }

  /**
   * DRAFT → PUBLISHED → HIDDEN ↔ PUBLISHED, any → RETIRED. Publishing needs a variant on sale and nutrition for
   * every size sold (FSSAI): the refusal names the sizes missing.
   */
  async moveProduct(actor: AuditActor, code: string, input: { version: number; status: string }) {
    const body = ProductStatusBodySchema.parse(input);
    return this.change(async (tx) => {
      const before = await this.product(tx, code);
      if (before.status === body.status) {
        if (before.version !== body.version) throw stale();
        return { result: before, customersSee: false };
      }
      if (!mayMoveProduct(before.status, body.status))
        throw bad('BAD_STATUS', T.noSuchMove(before.status, body.status), 'body.status');
      if (body.status === 'PUBLISHED') await this.checkPublishable(tx, before);
      const row = await repo.updateProduct(tx, code, body.version, { status: body.status });
      if (!row) throw stale();
      const after = await this.product(tx, code);
      await this.log(tx, actor, `product.${actionOf(body.status)}`, 'product', code, before, after);
      return { result: after, customersSee: before.status === 'PUBLISHED' || body.status === 'PUBLISHED' };
    });
  }

  // ---- variants

  async addVariant(actor: AuditActor, code: string, input: NewVariantBody): Promise<AdminProduct> {
    const body = NewVariantBodySchema.parse(input);
    const regular = body.regularPricePaise ?? body.pricePaise;
    if (regular < body.pricePaise) throw bad('BAD_PRICE', T.regularBelowPrice, 'body.regularPricePaise');
    return this.change(async (tx) => {
      const before = await this.product(tx, code);
      if (before.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      if (!(await repo.existingIds(tx, 'crusts', [body.crustId])).has(body.crustId))
        throw bad('UNKNOWN_CRUST', T.unknownCrust, 'body.crustId');
      if (!(await repo.existingIds(tx, 'sizes', [body.sizeId])).has(body.sizeId))
        throw bad('UNKNOWN_SIZE', T.unknownSize, 'body.sizeId');
      const same = before.variants.find((v) => v.crustId === body.crustId && v.sizeId === body.sizeId);
      if (same && !same.retired) throw bad('DUPLICATE_VARIANT', T.duplicateVariant, 'body.sizeId');
      if (before.status === 'PUBLISHED' && !before.nutrition.some((n) => n.sizeId === body.sizeId))
        throw bad(
          'NUTRITION_MISSING',
          T.nutritionMissingForSize(await this.sizeName(tx, body.sizeId)),
          'body.sizeId',
        );
      const price = { pricePaise: body.pricePaise, regularPricePaise: regular };
      const row = same
        ? await repo.updateVariant(tx, same.code, same.version, { ...price, retired: false })
        : await repo.insertVariant(tx, {
            code: `${code}-${body.crustId}-${body.sizeId}`,
            productCode: code,
            crustId: body.crustId,
            sizeId: body.sizeId,
            ...price,
          });
      if (!row) throw stale();
      const after = await this.product(tx, code);
      await this.log(
        tx,
        actor,
        'variant.create',
        'variant',
        row.code,
        same ?? null,
        variantOf(after, row.code),
      );
      return { result: after, customersSee: after.status === 'PUBLISHED' };
    });
  }

  async changeVariant(
    actor: AuditActor,
    variantCode: string,
    input: VariantChangeBody,
  ): Promise<AdminProduct> {
    const body = VariantChangeBodySchema.parse(input);
    return this.change(async (tx) => {
      const variant = await repo.variantByCode(tx, variantCode);
      if (!variant) throw httpError(404, 'NOT_FOUND', T.noVariant);
      const product = await this.product(tx, variant.productCode);
      if (product.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      const price = body.pricePaise ?? variant.pricePaise;
      const regular =
        body.regularPricePaise ??
        (body.pricePaise !== undefined && variant.regularPricePaise === variant.pricePaise
          ? price
          : variant.regularPricePaise);
      if (regular < price) throw bad('BAD_PRICE', T.regularBelowPrice, 'body.regularPricePaise');
      if (
        body.retired === true &&
        product.status === 'PUBLISHED' &&
        product.variants.filter((v) => !v.retired && v.code !== variantCode).length === 0
      )
        throw httpError(409, 'LAST_VARIANT', T.lastVariant);
      if (body.retired === false && product.status === 'PUBLISHED' && variant.retired)
        if (!product.nutrition.some((n) => n.sizeId === variant.sizeId))
          throw bad(
            'NUTRITION_MISSING',
            T.nutritionMissingForSize(await this.sizeName(tx, variant.sizeId)),
            'body.retired',
          );
      const row = await repo.updateVariant(tx, variantCode, body.version, {
        pricePaise: price,
        regularPricePaise: regular,
        ...(body.retired !== undefined ? { retired: body.retired } : {}),
      });
      if (!row) throw stale();
      const after = await this.product(tx, variant.productCode);
      const action = body.retired === true && !variant.retired ? 'variant.retire' : 'variant.change';
      await this.log(
        tx,
        actor,
        action,
        'variant',
        variantCode,
        variantOf(product, variantCode),
        variantOf(after, variantCode),
      );
      return { result: after, customersSee: after.status === 'PUBLISHED' };
    });
  }

  // ---- nutrition

  /** A size's nutrition and allergens: made (no version) or changed (the version read). */
  async setNutrition(
    actor: AuditActor,
    code: string,
    sizeId: number,
    input: NutritionBody,
  ): Promise<AdminProduct> {
    const body = NutritionBodySchema.parse(input);
    const { version, allergens, ...values } = body;
    const problem = nutritionProblem(values);
    if (problem) throw bad('BAD_NUTRITION', problem.problem, `body.${problem.key}`);
    return this.change(async (tx) => {
      const before = await this.product(tx, code);
      if (before.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      if (!before.variants.some((v) => v.sizeId === sizeId))
        throw bad('NOT_SOLD_IN_SIZE', T.notSoldInSize, 'params.sizeId');
      const set = { ...values, allergens: [...new Set(allergens)] };
      const old = before.nutrition.find((n) => n.sizeId === sizeId) ?? null;
      const row =
        version === undefined
          ? await repo.insertNutrition(tx, { productCode: code, sizeId, ...set })
          : await repo.updateNutrition(tx, { productCode: code, sizeId }, version, set);
      if (!row) throw stale();
      const after = await this.product(tx, code);
      await this.log(tx, actor, 'nutrition.set', 'nutrition', `${code}:${sizeId}`, old, nutritionView(row));
      return { result: after, customersSee: after.status === 'PUBLISHED' };
    });
  }

  // ---- photos

  /**
   * A food photo for the product: checked and resized first (400 for what is not a usable photo), its renditions
   * kept, and the product pointed at them with its version (409 STALE otherwise). The old photo's renditions stay:
   * a menu already downloaded may still show them.
   */
  async setPhoto(actor: AuditActor, code: string, version: number, bytes: Uint8Array): Promise<AdminProduct> {
    await this.product(this.db, code);
    const renditions = await renditionsOf(bytes);
    const photoId = renditions[0]!.photoId;
    return this.change(async (tx) => {
      const before = await this.product(tx, code);
      if (before.status === 'RETIRED') throw httpError(409, 'RETIRED', T.retired);
      await this.photos.put(tx, renditions);
      const row = await repo.updateProduct(tx, code, version, { photoId });
      if (!row) throw stale();
      const after = await this.product(tx, code);
      await this.log(tx, actor, 'product.photo', 'product', code, before.photo, after.photo);
      return { result: after, customersSee: after.status === 'PUBLISHED' };
    });
  }

  // ---- toppings

  async createTopping(actor: AuditActor, input: NewToppingBody): Promise<AdminTopping> {
    const body = NewToppingBodySchema.parse(input);
    return this.change(async (tx) => {
      await this.checkSizes(tx, body.prices);
      const row = await repo.insertTopping(tx, { name: body.name, foodType: body.foodType });
      await repo.replaceToppingPrices(tx, row.id, body.prices);
      const view = toppingView(row, body.prices);
      await this.log(tx, actor, 'topping.create', 'topping', row.id, null, view);
      return { result: view, customersSee: true };
    });
  }

  async changeTopping(actor: AuditActor, id: number, input: ToppingChangeBody): Promise<AdminTopping> {
    const body = ToppingChangeBodySchema.parse(input);
    return this.change(async (tx) => {
      const row0 = await repo.toppingById(tx, id);
      if (!row0) throw httpError(404, 'NOT_FOUND', T.noTopping);
      const before = toppingView(row0, await repo.pricesOfTopping(tx, id));
      if (body.prices) await this.checkSizes(tx, body.prices);
      const { version, prices, ...fields } = body;
      const row = await repo.updateTopping(tx, id, version, definedOf(fields));
      if (!row) throw stale();
      if (prices) await repo.replaceToppingPrices(tx, id, prices);
      const after = toppingView(row, await repo.pricesOfTopping(tx, id));
      await this.log(tx, actor, 'topping.change', 'topping', id, before, after);
      return { result: after, customersSee: true };
    });
  }

  // ---- the parts

  /** The product as the back office shows it, read in the transaction (404 when there is none). */
  async product(db: Db, code: string): Promise<AdminProduct> {
    const row = await repo.productByCode(db, code);
    if (!row) throw httpError(404, 'NOT_FOUND', T.noProduct);
    const [variants, nutrition, photoRows] = await Promise.all([
      repo.variantsOf(db, code),
      repo.nutritionOf(db, code),
      row.photoId ? repo.photoSizes(db, [row.photoId]) : Promise.resolve([]),
    ]);
    return productView(row, variants, nutrition, photoRows);
  }

  /** A change with its menus: rebuilt in the transaction when customers see it, dropped everywhere after. */
  async change<R>(
    work: (tx: Db) => Promise<{ result: R; customersSee: boolean }>,
    conflict?: (constraint: string) => Error | null,
  ): Promise<R> {
    let rebuilt: number[] = [];
    const result = await this.db
      .transaction(async (tx) => {
        const { result, customersSee } = await work(tx);
        if (customersSee) {
          rebuilt = await repo.allStoreIds(tx);
          await this.publishing.rebuild(tx, rebuilt);
        }
        return result;
      })
      .catch((err: unknown) => {
        const constraint = uniqueViolationOf(err);
        const known = constraint !== null && conflict ? conflict(constraint) : null;
        throw known ?? err;
      });
    this.publishing.drop(rebuilt);
    return result;
  }

  private async checkPublishable(tx: Db, p: AdminProduct): Promise<void> {
    const onSale = p.variants.filter((v) => !v.retired);
    if (onSale.length === 0) throw bad('NO_VARIANTS', T.noVariants, 'body.status');
    const missing = sizesMissingNutrition(
      onSale.map((v) => v.sizeId),
      p.nutrition.map((n) => n.sizeId),
    );
    if (missing.length > 0)
      throw bad(
        'NUTRITION_MISSING',
        T.nutritionMissing(await Promise.all(missing.map((id) => this.sizeName(tx, id)))),
        'body.status',
      );
  }

  private async checkNames(
    tx: Db,
    body: { categoryIds?: number[] | undefined; defaultToppingIds?: number[] | undefined },
  ): Promise<void> {
    if (body.categoryIds) {
      const found = await repo.existingIds(tx, 'categories', body.categoryIds);
      if (body.categoryIds.some((id) => !found.has(id)))
        throw bad('UNKNOWN_CATEGORY', T.unknownCategory, 'body.categoryIds');
    }
    if (body.defaultToppingIds) {
      const found = await repo.existingIds(tx, 'toppings', body.defaultToppingIds);
      if (body.defaultToppingIds.some((id) => !found.has(id)))
        throw bad('UNKNOWN_TOPPING', T.unknownTopping, 'body.defaultToppingIds');
    }
  }

  private async checkSizes(tx: Db, prices: { sizeId: number }[]): Promise<void> {
    const ids = prices.map((p) => p.sizeId);
    const found = await repo.existingIds(tx, 'sizes', ids);
    if (ids.some((id) => !found.has(id)) || new Set(ids).size !== ids.length)
      throw bad('UNKNOWN_SIZE', T.unknownSize, 'body.prices');
  }

  private async sizeName(tx: Db, sizeId: number): Promise<string> {
    const c = (await repo.adminSizes(tx)).find((s) => s.id === sizeId);
    return c?.name ?? `size ${sizeId}`;
  }

  private log(
    tx: Db,
    actor: AuditActor,
    action: string,
    entity: string,
    entityId: string | number,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return this.audit.record(tx, actor, { action, entity, entityId, storeId: null, before, after });
  }
}

/** The given fields only: an optional field left out of a body is not a change. */
function definedOf<T extends object>(o: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

const actionOf = (status: ProductStatus) =>
  ({ DRAFT: 'draft', PUBLISHED: 'publish', HIDDEN: 'hide', RETIRED: 'retire' })[status];

/** The drawn placeholder a new product shows until it has a photo (apps/web/public/menu-img/). */
function placeholderOf(productType: string): string {
  const byType: Record<string, string> = {
    PIZZA: 'piz0101.svg',
    PIZZA_MANIA: 'piz0301.svg',
    SIDES: 'sid0401.svg',
    SIDECOMBOS: 'cmb5001.svg',
    BEVERAGE: 'bev0501.svg',
    DESSERT: 'des2601.svg',
    CHICKEN: 'chk4601.svg',
    PASTA: 'pas7701.svg',
  };
  return byType[productType] ?? 'piz0101.svg';
}

function variantOf(p: AdminProduct, code: string) {
  return p.variants.find((v) => v.code === code) ?? null;
}

export function categoryView(c: repo.CategoryRow): AdminCategory {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    sortOrder: c.sortOrder,
    hidden: c.hidden,
    version: c.version,
  };
}

function nutritionView(n: repo.NutritionRow): AdminNutrition {
  return {
    sizeId: n.sizeId,
    servingSizeG: n.servingSizeG,
    energyKcal: n.energyKcal,
    proteinG: n.proteinG,
    carbohydrateG: n.carbohydrateG,
    sugarG: n.sugarG,
    fatG: n.fatG,
    sodiumMg: n.sodiumMg,
    allergens: n.allergens,
    version: n.version,
  };
}

function toppingView(t: repo.ToppingRow, prices: { sizeId: number; pricePaise: number }[]): AdminTopping {
  return {
    id: t.id,
    name: t.name,
    foodType: t.foodType === 'NON_VEG' ? 'NON_VEG' : 'VEG',
    sortOrder: t.sortOrder,
    prices: prices.map((p) => ({ sizeId: p.sizeId, pricePaise: p.pricePaise })),
    version: t.version,
  };
}

export function productView(
  p: repo.ProductRow,
  variants: repo.VariantRow[],
  nutrition: repo.NutritionRow[],
  photoRows: { photoId: string; width: number; height: number; format: string }[],
): AdminProduct {
  const largest = photoRows.filter((r) => r.format === 'jpeg').sort((a, b) => b.width - a.width)[0];
  return {
    code: p.code,
    name: p.name,
    description: p.description,
    foodType: p.foodType === 'NON_VEG' ? 'NON_VEG' : 'VEG',
    productType: p.productType as AdminProduct['productType'],
    categoryIds: p.categoryIds,
    defaultToppingIds: p.defaultToppingIds,
    isCustomizable: p.isCustomizable,
    isReplaceable: p.isReplaceable,
    isBestseller: p.isBestseller,
    sortOrder: p.sortOrder,
    gstRatePercent: p.gstRateBp / 100,
    status: p.status,
    pricedOnly: p.pricedOnly,
    photo:
      p.photoId && largest
        ? {
            id: p.photoId,
            width: largest.width,
            height: largest.height,
            url: fillPath(MEDIA_PATHS.photo, { photoId: p.photoId, file: `${largest.width}.jpg` }),
          }
        : null,
    variants: variants.map((v) => ({
      code: v.code,
      crustId: v.crustId,
      sizeId: v.sizeId,
      pricePaise: v.pricePaise,
      regularPricePaise: v.regularPricePaise,
      retired: v.retired,
      version: v.version,
    })),
    nutrition: nutrition.map(nutritionView),
    version: p.version,
  };
}
