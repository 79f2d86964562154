import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  AdminCouponResponseSchema,
  AdminDealResponseSchema,
  AdminOffersResponseSchema,
  CouponChangeBodySchema,
  CouponDraftSchema,
  CouponParams,
  DealChangeBodySchema,
  DealDraftSchema,
  DealParams,
  OfferPreviewBodySchema,
  OfferPreviewResponseSchema,
  OfferStatusBodySchema,
} from '@crust/contract/offers-admin';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { OfferAdmin } from './admin.ts';

const refusals = { 400: ErrorResponseSchema, ...staffRefusals };

/** Coupons and everyday-value deals in the back office (issue 30 §3): the chain admin's (`offers`) only. */
export function offerAdminRoutes(
  app: FastifyInstance,
  admin: OfferAdmin,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = forStaff('offers');
  r.get(
    CONSOLE_PATHS.offersAdmin,
    {
      ...guard,
      schema: routeSchema(
        'store',
        'Every coupon and deal (drafts and retired ones too), with what a form chooses from',
        {
          response: { 200: AdminOffersResponseSchema, ...staffRefusals },
        },
      ),
    },
    async () => ok(await admin.list()),
  );
  r.post(
    CONSOLE_PATHS.offerCoupons,
    {
      ...guard,
      schema: routeSchema('store', 'A new coupon, as a draft no customer can use', {
        body: CouponDraftSchema,
        response: { 200: AdminCouponResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ coupon: await admin.createCoupon(staffOf(req), req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.offerCoupon,
    {
      ...guard,
      schema: routeSchema('store', "A coupon's terms and conditions (not its code)", {
        params: CouponParams,
        body: CouponChangeBodySchema,
        response: { 200: AdminCouponResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ coupon: await admin.changeCoupon(staffOf(req), req.params.code, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.offerCouponStatus,
    {
      ...guard,
      schema: routeSchema('store', 'Publish a coupon, or retire it for good (its orders keep it)', {
        params: CouponParams,
        body: OfferStatusBodySchema,
        response: { 200: AdminCouponResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ coupon: await admin.moveCoupon(staffOf(req), req.params.code, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.offerDeals,
    {
      ...guard,
      schema: routeSchema('store', 'A new everyday-value (or mix-and-match) deal, as a draft', {
        body: DealDraftSchema,
        response: { 200: AdminDealResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ deal: await admin.createDeal(staffOf(req), req.body) }),
  );
  r.patch(
    CONSOLE_PATHS.offerDeal,
    {
      ...guard,
      schema: routeSchema('store', "A deal's code, prices, items, stores and window", {
        params: DealParams,
        body: DealChangeBodySchema,
        response: { 200: AdminDealResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ deal: await admin.changeDeal(staffOf(req), req.params.dealId, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.offerDealStatus,
    {
      ...guard,
      schema: routeSchema('store', 'Publish a deal, or retire it for good', {
        params: DealParams,
        body: OfferStatusBodySchema,
        response: { 200: AdminDealResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ deal: await admin.moveDeal(staffOf(req), req.params.dealId, req.body) }),
  );
  r.post(
    CONSOLE_PATHS.offerPreview,
    {
      ...guard,
      schema: routeSchema('store', 'A sample cart priced with an offer as written, saved or not', {
        body: OfferPreviewBodySchema,
        response: { 200: OfferPreviewResponseSchema, ...refusals },
      }),
    },
    async (req) => ok(await admin.preview(req.body)),
  );
}
