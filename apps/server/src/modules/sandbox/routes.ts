import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdParam } from '@crust/contract/common';
import type { Deps } from '../../deps.ts';
import { httpError } from '../../http/errors.ts';
import { changeStoreProduct } from '../menu/service.ts';

/**
 * Development and test tools under /sandbox (never mounted in production). The stock switch lets a
 * developer or a browser test do what the store console (issue 6) will do for staff: take a product
 * off a store's menu, mark it out of stock, or change its price there.
 */
export function sandboxRoutes(app: FastifyInstance, deps: Deps): void {
  if (deps.config.nodeEnv === 'production') return;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/stores/:storeId/products/:productCode',
    {
      schema: {
        hide: true,
        params: z.object({ storeId: IdParam, productCode: z.string().regex(/^[A-Z]{3}\d{4}$/) }),
        body: z.strictObject({
          available: z.boolean().optional(),
          inStock: z.boolean().optional(),
          priceDeltaPaise: z.number().int().min(-100_000).max(100_000).optional(),
        }),
        response: { 200: z.object({ status: z.literal('SUCCESS') }), 404: ErrorResponseSchema },
      },
    },
    async (req) => {
      const { storeId, productCode } = req.params;
      if (!(await changeStoreProduct(deps.database.db, deps.menus, storeId, productCode, req.body)))
        throw httpError(404, 'NOT_FOUND', 'No such store or product');
      return { status: 'SUCCESS' as const };
    },
  );
}
