import { z } from 'zod';
import { PaiseSchema, successOf } from './common.ts';

export const FoodTypeSchema = z.enum(['VEG', 'NON_VEG']);
export const ProductTypeSchema = z.enum([
  'PIZZA',
  'PIZZA_MANIA',
  'SIDES',
  'SIDECOMBOS',
  'BEVERAGE',
  'DESSERT',
  'CHICKEN',
  'PASTA',
]);
export type ProductType = z.infer<typeof ProductTypeSchema>;

export const MenuVariantSchema = z.object({
  code: z.string(),
  crustId: z.number().int(),
  sizeId: z.number().int(),
  crustName: z.string(),
  sizeName: z.string(),
  serves: z.number().int(),
  price: PaiseSchema,
  regularPrice: PaiseSchema,
});
export type MenuVariant = z.infer<typeof MenuVariantSchema>;

/**
 * SPEC §3 mediaList: a food photo uploaded in the back office comes with its size (so nothing shifts while it
 * loads) and renditions 160, 320 and 640 px wide, WebP and JPEG; a drawn placeholder has only its url.
 */
export const MenuMediaSchema = z.object({
  type: z.literal('image'),
  url: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** `url 160w, url 320w, url 640w`, per format, for a <picture> */
  srcset: z.object({ webp: z.string(), jpeg: z.string() }).optional(),
});
export type MenuMedia = z.infer<typeof MenuMediaSchema>;

/** SPEC §3 Size nutriInfoDetails: one serving of the size (FSSAI labelling). */
export const NutriInfoSchema = z.object({
  servingSizeG: z.number(),
  energyKcal: z.number(),
  proteinG: z.number(),
  carbohydrateG: z.number(),
  sugarG: z.number(),
  fatG: z.number(),
  sodiumMg: z.number(),
});
export type NutriInfo = z.infer<typeof NutriInfoSchema>;

/** SPEC §3 Size allergenInfoDetails: the FSSAI allergens the size contains (none: an empty list). */
export const AllergenInfoSchema = z.array(z.object({ code: z.string(), name: z.string() }));

/** What one size of a product declares. */
export const MenuSizeInfoSchema = z.object({
  sizeId: z.number().int(),
  nutriInfoDetails: NutriInfoSchema,
  allergenInfoDetails: AllergenInfoSchema,
});
export type MenuSizeInfo = z.infer<typeof MenuSizeInfoSchema>;

/** SPEC §3 Menu item. Prices are paise. */
export const MenuProductSchema = z.object({
  menuCode: z.string(),
  parentSkuId: z.string(),
  productMasterUID: z.string(),
  name: z.string(),
  description: z.string(),
  foodType: FoodTypeSchema,
  productType: ProductTypeSchema,
  categoryIds: z.array(z.number().int()),
  price: z.object({ currentPrice: PaiseSchema, regularPrice: PaiseSchema }),
  variants: z.array(MenuVariantSchema),
  defaultToppingIds: z.array(z.number().int()),
  taxation: z.object({ gstRatePercent: z.number(), hsnCode: z.string() }),
  mediaList: z.array(MenuMediaSchema),
  /** per size it is sold in: nutrition and allergens (a published product has them for every size) */
  sizes: z.array(MenuSizeInfoSchema).optional(),
  metadataMap: z.object({
    menuCategoryCode: z.string(),
    isCustomizable: z.boolean(),
    isReplaceable: z.boolean(),
    filterKeys: z.array(z.string()),
  }),
  isBestseller: z.boolean(),
  inStock: z.boolean(),
});
export type MenuProduct = z.infer<typeof MenuProductSchema>;

export const MenuCategorySchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  slug: z.string(),
  sortOrder: z.number().int(),
  /** menu codes, in display order, each once */
  data: z.array(z.string()),
});
export type MenuCategory = z.infer<typeof MenuCategorySchema>;

export const CrustSchema = z.object({ crustId: z.number().int(), name: z.string(), description: z.string() });
export const SizeSchema = z.object({
  sizeId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  serves: z.number().int(),
});

export const MenuSchema = z.object({
  storeId: z.number().int(),
  version: z.string(),
  generatedAt: z.iso.datetime(),
  categories: z.array(MenuCategorySchema),
  products: z.array(MenuProductSchema),
  /** SPEC §7: the bestseller list, menu codes */
  bestsellers: z.array(z.string()),
  crusts: z.array(CrustSchema),
  sizes: z.array(SizeSchema),
});
export type Menu = z.infer<typeof MenuSchema>;
export const MenuResponseSchema = successOf(MenuSchema);
export type MenuResponse = z.infer<typeof MenuResponseSchema>;

export const ToppingSchema = z.object({
  toppingId: z.number().int(),
  name: z.string(),
  foodType: FoodTypeSchema,
  /** SPEC §3: 0 veg, 1 non-veg */
  type: z.union([z.literal(0), z.literal(1)]),
  prices: z.array(z.object({ sizeId: z.number().int(), price: PaiseSchema })),
});
export type Topping = z.infer<typeof ToppingSchema>;

export const ToppingsSchema = z.object({
  storeId: z.number().int(),
  toppings: z.array(ToppingSchema),
  /** item 51, priced per size like a topping, at most 3 portions */
  extraCheese: ToppingSchema,
});
export type Toppings = z.infer<typeof ToppingsSchema>;
export const ToppingsResponseSchema = successOf(ToppingsSchema);
export type ToppingsResponse = z.infer<typeof ToppingsResponseSchema>;
