import { z } from 'zod';
import { ALLERGEN_CODES, NUTRIENTS, PRODUCT_STATUSES, type NutrientKey } from '@crust/domain/catalogue-admin';
import { successOf } from './common.ts';
import { FoodTypeSchema, ProductTypeSchema } from './menu.ts';

/**
 * The back office's menu (issue 30 §2; docs/back-office.md "Menu"): the chain admin's catalogue (categories,
 * products, variants, nutrition, toppings, photos) and the price lists of cities and stores. Every record carries
 * a version; a save made on an older one is refused (409 STALE) and nothing of it is kept.
 */

const VersionSchema = z.number().int().positive();
const NameSchema = z.string().trim().min(1, 'Enter a name').max(80, 'Use at most 80 characters');
const PaiseAmount = z
  .number()
  .int('Give the price in whole paise')
  .positive('A price must be more than ₹0')
  .max(10_000_000, 'At most ₹1,00,000');

export const ProductStatusSchema = z.enum(PRODUCT_STATUSES);
export const AllergenCodeSchema = z.enum(ALLERGEN_CODES);
/** GST on food in India: 5 % for restaurants; the other slabs for what a chain may also sell. */
export const GST_RATES_PERCENT = [0, 5, 12, 18, 28] as const;
const GstSchema = z
  .number()
  .refine((n) => (GST_RATES_PERCENT as readonly number[]).includes(n), 'One of 0, 5, 12, 18 or 28 %');

// ---- what the admin reads

export const AdminCategorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  version: z.number().int(),
});
export type AdminCategory = z.infer<typeof AdminCategorySchema>;

export const AdminVariantSchema = z.object({
  code: z.string(),
  crustId: z.number().int(),
  sizeId: z.number().int(),
  pricePaise: z.number().int(),
  regularPricePaise: z.number().int(),
  /** no longer sold; kept for the orders and price lists that name it */
  retired: z.boolean(),
  version: z.number().int(),
});
export type AdminVariant = z.infer<typeof AdminVariantSchema>;

const nutrientShape = Object.fromEntries(
  NUTRIENTS.map((n) => [
    n.key,
    z
      .number()
      .min(0, `${n.name} cannot be negative`)
      .max(n.max, `${n.name}: at most ${n.max} ${n.unit}`)
      .refine((v) => Math.round(v * 10) === v * 10, `${n.name}: at most one decimal place`),
  ]),
) as unknown as Record<NutrientKey, z.ZodNumber>;
export const NutritionSchema = z.object(nutrientShape);

export const AdminNutritionSchema = z.object({
  sizeId: z.number().int(),
  ...nutrientShape,
  allergens: z.array(AllergenCodeSchema),
  version: z.number().int(),
});
export type AdminNutrition = z.infer<typeof AdminNutritionSchema>;

export const PhotoInfoSchema = z.object({
  id: z.string(),
  /** the largest rendition's size; the others keep its proportions */
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
});

export const AdminProductSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  foodType: FoodTypeSchema,
  productType: ProductTypeSchema,
  categoryIds: z.array(z.number().int()),
  defaultToppingIds: z.array(z.number().int()),
  isCustomizable: z.boolean(),
  isReplaceable: z.boolean(),
  isBestseller: z.boolean(),
  sortOrder: z.number().int(),
  gstRatePercent: z.number(),
  status: ProductStatusSchema,
  /** sold only where a city or store price list prices it */
  pricedOnly: z.boolean(),
  photo: PhotoInfoSchema.nullable(),
  variants: z.array(AdminVariantSchema),
  nutrition: z.array(AdminNutritionSchema),
  version: z.number().int(),
});
export type AdminProduct = z.infer<typeof AdminProductSchema>;

export const AdminToppingSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  foodType: FoodTypeSchema,
  sortOrder: z.number().int(),
  prices: z.array(z.object({ sizeId: z.number().int(), pricePaise: z.number().int() })),
  version: z.number().int(),
});
export type AdminTopping = z.infer<typeof AdminToppingSchema>;

export const AdminCatalogueSchema = z.object({
  categories: z.array(AdminCategorySchema),
  crusts: z.array(z.object({ id: z.number().int(), name: z.string() })),
  sizes: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  products: z.array(AdminProductSchema),
  toppings: z.array(AdminToppingSchema),
});
export type AdminCatalogue = z.infer<typeof AdminCatalogueSchema>;
export const AdminCatalogueResponseSchema = successOf(AdminCatalogueSchema);
export const AdminProductResponseSchema = successOf(z.object({ product: AdminProductSchema }));
export const AdminCategoryResponseSchema = successOf(z.object({ category: AdminCategorySchema }));
export const AdminCategoriesResponseSchema = successOf(
  z.object({ categories: z.array(AdminCategorySchema) }),
);
export const AdminToppingResponseSchema = successOf(z.object({ topping: AdminToppingSchema }));

// ---- what the admin sends

const IdList = z.array(z.number().int().nonnegative()).max(40);

export const NewCategoryBodySchema = z.strictObject({
  name: NameSchema,
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case words joined by "-", e.g. "summer-specials"')
    .max(60)
    .optional(),
  hidden: z.boolean().default(false),
});
export type NewCategoryBody = z.input<typeof NewCategoryBodySchema>;

export const CategoryChangeBodySchema = z.strictObject({
  version: VersionSchema,
  name: NameSchema.optional(),
  hidden: z.boolean().optional(),
});
export type CategoryChangeBody = z.input<typeof CategoryChangeBodySchema>;

/** Every category, in the new order: a list that is not the whole set (one added meanwhile) is stale. */
export const CategoryOrderBodySchema = z.strictObject({
  categoryIds: z.array(z.number().int().nonnegative()).min(1).max(200),
});

const productFields = {
  name: NameSchema,
  description: z.string().trim().max(400, 'Use at most 400 characters'),
  foodType: FoodTypeSchema,
  productType: ProductTypeSchema,
  categoryIds: IdList.min(1, 'Choose at least one category'),
  defaultToppingIds: IdList,
  isCustomizable: z.boolean(),
  isReplaceable: z.boolean(),
  isBestseller: z.boolean(),
  sortOrder: z.number().int().min(0).max(100_000),
  gstRatePercent: GstSchema,
  pricedOnly: z.boolean(),
};

export const NewProductBodySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}\d{4}$/, 'Three letters and four digits, e.g. PIZ0301 (pizzas start with PIZ)'),
  ...productFields,
  description: productFields.description.default(''),
  defaultToppingIds: productFields.defaultToppingIds.default([]),
  isCustomizable: productFields.isCustomizable.default(false),
  isReplaceable: productFields.isReplaceable.default(false),
  isBestseller: productFields.isBestseller.default(false),
  sortOrder: productFields.sortOrder.optional(),
  gstRatePercent: productFields.gstRatePercent.default(5),
  pricedOnly: productFields.pricedOnly.default(false),
});
export type NewProductBody = z.input<typeof NewProductBodySchema>;

export const ProductChangeBodySchema = z.strictObject({
  version: VersionSchema,
  ...Object.fromEntries(Object.entries(productFields).map(([k, s]) => [k, s.optional()])),
} as { version: typeof VersionSchema } & {
  [K in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[K]>;
});
export type ProductChangeBody = z.input<typeof ProductChangeBodySchema>;

export const ProductStatusBodySchema = z.strictObject({
  version: VersionSchema,
  status: ProductStatusSchema,
});

export const NewVariantBodySchema = z.strictObject({
  crustId: z.number().int().positive(),
  sizeId: z.number().int().positive(),
  pricePaise: PaiseAmount,
  /** the struck-through list price; the price when omitted */
  regularPricePaise: PaiseAmount.optional(),
});
export type NewVariantBody = z.input<typeof NewVariantBodySchema>;

export const VariantChangeBodySchema = z.strictObject({
  version: VersionSchema,
  pricePaise: PaiseAmount.optional(),
  regularPricePaise: PaiseAmount.optional(),
  retired: z.boolean().optional(),
});
export type VariantChangeBody = z.input<typeof VariantChangeBodySchema>;

export const NutritionBodySchema = z.strictObject({
  /** the version read; leave out for a size that has none yet */
  version: VersionSchema.optional(),
  ...nutrientShape,
  allergens: z.array(AllergenCodeSchema).max(ALLERGEN_CODES.length),
});
export type NutritionBody = z.input<typeof NutritionBodySchema>;

const ToppingPrices = z
  .array(z.strictObject({ sizeId: z.number().int().positive(), pricePaise: PaiseAmount }))
  .min(1, 'Price the topping for at least one size')
  .max(20);

export const NewToppingBodySchema = z.strictObject({
  name: NameSchema,
  foodType: FoodTypeSchema,
  prices: ToppingPrices,
});
export type NewToppingBody = z.input<typeof NewToppingBodySchema>;

export const ToppingChangeBodySchema = z.strictObject({
  version: VersionSchema,
  name: NameSchema.optional(),
  foodType: FoodTypeSchema.optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
  /** replaces every size's price */
  prices: ToppingPrices.optional(),
});
export type ToppingChangeBody = z.input<typeof ToppingChangeBodySchema>;

/** A photo's upload: the image's bytes as the body (image/jpeg, image/png or image/webp). */
export const PhotoUploadQuerySchema = z.object({ version: z.coerce.number().int().positive() });

export const CategoryParams = z.object({ categoryId: z.coerce.number().int().nonnegative() });
export const ProductParams = z.object({
  productCode: z.string().regex(/^[A-Za-z0-9]{1,20}$/, 'no such product'),
});
export const VariantParams = z.object({
  variantCode: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'no such variant'),
});
export const NutritionParams = ProductParams.extend({ sizeId: z.coerce.number().int().positive() });
export const ToppingParams = z.object({ toppingId: z.coerce.number().int().positive() });

// ---- price lists

export const PriceScopeSchema = z.union([
  z.strictObject({ storeId: z.number().int().positive() }),
  z.strictObject({ cityId: z.string().min(1).max(40) }),
  z.strictObject({ chain: z.literal(true) }),
]);
export type PriceScopeBody = z.infer<typeof PriceScopeSchema>;

export const PriceEntrySchema = z.object({
  id: z.number().int(),
  variantCode: z.string(),
  productCode: z.string(),
  storeId: z.number().int().nullable(),
  cityId: z.string().nullable(),
  pricePaise: z.number().int(),
  regularPricePaise: z.number().int(),
  /** ISO time from which it holds; null: since it was made */
  startsAt: z.string().nullable(),
  version: z.number().int(),
});
export type PriceEntryView = z.infer<typeof PriceEntrySchema>;

export const PriceListQuerySchema = z.object({
  productCode: z.string().max(20).optional(),
  storeId: z.coerce.number().int().positive().optional(),
  cityId: z.string().max(40).optional(),
});
export type PriceListQuery = z.input<typeof PriceListQuerySchema>;

export const NewPricesBodySchema = z.strictObject({
  scope: PriceScopeSchema,
  /** ISO time with its offset, e.g. 2025-01-01T00:00:00+05:30; omitted: at once */
  startsAt: z.iso.datetime({ offset: true }).optional(),
  entries: z
    .array(
      z.strictObject({
        variantCode: z.string().min(1).max(40),
        pricePaise: PaiseAmount,
        regularPricePaise: PaiseAmount.optional(),
      }),
    )
    .min(1)
    .max(200),
});
export type NewPricesBody = z.input<typeof NewPricesBodySchema>;

export const PriceChangeBodySchema = z.strictObject({
  version: VersionSchema,
  pricePaise: PaiseAmount.optional(),
  regularPricePaise: PaiseAmount.optional(),
  startsAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type PriceChangeBody = z.input<typeof PriceChangeBodySchema>;

export const PriceRemoveBodySchema = z.strictObject({ version: VersionSchema });
export const PriceParams = z.object({ priceId: z.coerce.number().int().positive() });

export const PriceListResponseSchema = successOf(z.object({ entries: z.array(PriceEntrySchema) }));
export const PriceEntryResponseSchema = successOf(z.object({ entry: PriceEntrySchema }));

// ---- what the chain lets store managers do

export const ChainRulesSchema = z.object({ storePrices: z.boolean(), version: z.number().int() });
export const ChainRulesBodySchema = z.strictObject({
  version: z.number().int().nonnegative(),
  storePrices: z.boolean(),
});
export const ChainRulesResponseSchema = successOf(ChainRulesSchema);

// ---- per-store availability (chain admin anywhere, regional managers in their cities' stores)

export const StoreAvailabilitySchema = z.object({
  storeId: z.number().int(),
  storeName: z.string(),
  cityId: z.string(),
  cityName: z.string(),
  /** false: the store does not sell the product at all (off its menu) */
  available: z.boolean(),
  /** the store console's stock switch, shown alongside */
  inStock: z.boolean(),
  /** null: the store has never had its own setting for the product (sold, in stock) */
  version: z.number().int().nullable(),
});
export type StoreAvailability = z.infer<typeof StoreAvailabilitySchema>;

export const AvailabilityBodySchema = z.strictObject({
  /** the version read; leave out for a store that has none yet */
  version: VersionSchema.optional(),
  available: z.boolean(),
});
export type AvailabilityBody = z.input<typeof AvailabilityBodySchema>;

export const AvailabilityParams = ProductParams.extend({ storeId: z.coerce.number().int().positive() });
export const AvailabilityListResponseSchema = successOf(
  z.object({ stores: z.array(StoreAvailabilitySchema) }),
);
export const AvailabilityResponseSchema = successOf(z.object({ store: StoreAvailabilitySchema }));
