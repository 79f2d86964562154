import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  AdminCatalogueResponseSchema,
  AdminCategoriesResponseSchema,
  AdminCategoryResponseSchema,
  AdminProductResponseSchema,
  AdminToppingResponseSchema,
  CategoryChangeBodySchema,
  CategoryOrderBodySchema,
  CategoryParams,
  NewCategoryBodySchema,
  NewProductBodySchema,
  NewToppingBodySchema,
  NewVariantBodySchema,
  NutritionBodySchema,
  NutritionParams,
  ProductChangeBodySchema,
  ProductParams,
  ProductStatusBodySchema,
  ToppingChangeBodySchema,
  ToppingParams,
  VariantChangeBodySchema,
  VariantParams,
} from '@crust/contract/menu-admin';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { MenuAdmin } from './admin.ts';

const refusals = { 400: ErrorResponseSchema, ...staffRefusals };

/** The chain's menu in the back office (issue 30 §2): the chain admin's calls (`menu`). */
export function menuAdminRoutes(
  app: FastifyInstance,
  admin: MenuAdmin,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = forStaff('menu');

  r.get(
    CONSOLE_PATHS.menuCatalogue,
    {
      ...guard,
      schema: routeSchema(
        'store',
        'The whole menu as the back office edits it: drafts, hidden and retired included',
        {
          response: { 200: AdminCatalogueResponseSchema, ...refusals },
        },
      ),
    },
    async () => ok(await admin.catalogue()),
  );

  // ---- categories
  r.post(
    CONSOLE_PATHS.menuCategories,
    {
      ...guard,
      schema: routeSchema('store', 'A new category, last in the menu', {
        body: NewCategoryBodySchema,
        response: { 200: AdminCategoryResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ category: await admin.createCategory(staffOf(req), req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.menuCategory,
    {
      ...guard,
      schema: routeSchema('store', 'A category renamed, hidden or shown again', {
        params: CategoryParams,
        body: CategoryChangeBodySchema,
        response: { 200: AdminCategoryResponseSchema, ...refusals },
      }),
    },
    async (req) =>
      ok({ category: await admin.changeCategory(staffOf(req), req.params.categoryId, req.body) }),
  );
  r.put(
    CONSOLE_PATHS.menuCategoryOrder,
    {
      ...guard,
      schema: routeSchema('store', 'Every category in its new order', {
        body: CategoryOrderBodySchema,
        response: { 200: AdminCategoriesResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ categories: await admin.orderCategories(staffOf(req), req.body) }),
  );

  // ---- products
  r.post(
    CONSOLE_PATHS.menuProducts,
    {
      ...guard,
      schema: routeSchema('store', 'A new product, as a draft customers do not see', {
        body: NewProductBodySchema,
        response: { 200: AdminProductResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ product: await admin.createProduct(staffOf(req), req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.menuProduct,
    {
      ...guard,
      schema: routeSchema(
        'store',
        "A product's name, description, type, categories, toppings, flags, order or GST",
        {
          params: ProductParams,
          body: ProductChangeBodySchema,
          response: { 200: AdminProductResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => ok({ product: await admin.changeProduct(staffOf(req), req.params.productCode, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.menuProductStatus,
    {
      ...guard,
      schema: routeSchema(
        'store',
        'Publish, hide or retire a product (publishing needs nutrition for every size sold)',
        {
          params: ProductParams,
          body: ProductStatusBodySchema,
          response: { 200: AdminProductResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => ok({ product: await admin.moveProduct(staffOf(req), req.params.productCode, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.menuProductVariants,
    {
      ...guard,
      schema: routeSchema('store', 'A crust and size of a product, with its price', {
        params: ProductParams,
        body: NewVariantBodySchema,
        response: { 200: AdminProductResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ product: await admin.addVariant(staffOf(req), req.params.productCode, req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.menuVariant,
    {
      ...guard,
      schema: routeSchema('store', "A variant's price, or taken off sale (retired) and back", {
        params: VariantParams,
        body: VariantChangeBodySchema,
        response: { 200: AdminProductResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ product: await admin.changeVariant(staffOf(req), req.params.variantCode, req.body) }),
  );
  r.put(
    CONSOLE_PATHS.menuNutrition,
    {
      ...guard,
      schema: routeSchema('store', 'Nutrition and allergens of one size of a product (FSSAI)', {
        params: NutritionParams,
        body: NutritionBodySchema,
        response: { 200: AdminProductResponseSchema, ...refusals },
      }),
    },
    async (req) =>
      ok({
        product: await admin.setNutrition(staffOf(req), req.params.productCode, req.params.sizeId, req.body),
      }),
  );

  // ---- toppings
  r.post(
    CONSOLE_PATHS.menuToppings,
    {
      ...guard,
      schema: routeSchema('store', 'A new topping with its price per size', {
        body: NewToppingBodySchema,
        response: { 200: AdminToppingResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ topping: await admin.createTopping(staffOf(req), req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.menuTopping,
    {
      ...guard,
      schema: routeSchema('store', "A topping's name, kind, order or prices", {
        params: ToppingParams,
        body: ToppingChangeBodySchema,
        response: { 200: AdminToppingResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ topping: await admin.changeTopping(staffOf(req), req.params.toppingId, req.body) }),
  );
}
