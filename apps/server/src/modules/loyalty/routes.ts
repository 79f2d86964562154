import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  CheesyRewardsRegisterBodySchema,
  LoyaltyBalanceResponseSchema,
  LoyaltyEnrollBodySchema,
  LoyaltyInfoResponseSchema,
  LoyaltyMenuItemsQuerySchema,
  LoyaltyMenuItemsResponseSchema,
} from '@crust/contract/loyalty';
import { LOYALTY } from '@crust/domain/loyalty';
import { API_PATHS } from '@crust/contract/paths';
import { failed, httpError } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { freePizzas, type FreePizzaMenu } from './menu-items.ts';
import type { EnrollOutcome, LoyaltyService } from './service.ts';
import { LOYALTY_TEXTS } from './texts.ts';

const customerOf = (req: FastifyRequest) => callerOf(req).userId;
const answer = (o: EnrollOutcome) =>
  o.ok
    ? { status: 'SUCCESS' as const, data: o.info }
    : failed('LOYALTY_NOT_ALLOWED', LOYALTY_TEXTS.notAllowed(o.status));

/**
 * SPEC §7 Loyalty: info, enroll, cheesy-rewards register, balances, opt-out, for a logged-in customer about
 * themselves only; the loyalty menu items of a store, for anyone.
 */
export function loyaltyRoutes(
  app: FastifyInstance,
  { loyalty, menu }: { loyalty: LoyaltyService; menu: FreePizzaMenu },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: ErrorResponseSchema, 404: ErrorResponseSchema };

  r.get(
    API_PATHS.loyaltyInfo,
    {
      config: { auth: 'customer' },
      schema: routeSchema('loyalty', "The caller's Pizza Pals enrolment, the programme and the points", {
        response: { 200: LoyaltyInfoResponseSchema, ...errors },
      }),
    },
    async (req) => ({ status: 'SUCCESS' as const, data: await loyalty.info(customerOf(req)) }),
  );

  r.post(
    API_PATHS.loyaltyEnroll,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'loyalty',
        'Join Pizza Pals (again after opting out); already enrolled answers the enrolment',
        {
          body: LoyaltyEnrollBodySchema,
          response: { 200: LoyaltyInfoResponseSchema, ...errors },
        },
      ),
    },
    async (req) => answer(await loyalty.enroll(customerOf(req), req.body.loyaltyCardCode)),
  );

  r.post(
    API_PATHS.loyaltyOptOut,
    {
      config: { auth: 'customer' },
      schema: routeSchema('loyalty', 'Leave Pizza Pals: no more earning; the points and their history stay', {
        response: { 200: LoyaltyInfoResponseSchema, ...errors },
      }),
    },
    async (req) => answer(await loyalty.optOut(customerOf(req))),
  );

  r.get(
    API_PATHS.loyaltyBalances,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'loyalty',
        "The caller's points (the mobile header, when sent, must be the caller's)",
        {
          response: { 200: LoyaltyBalanceResponseSchema, ...errors },
        },
      ),
    },
    async (req) => {
      const customerId = customerOf(req);
      const mobile = req.headers.mobile;
      // SPEC §7 sends mobile and userId headers: another customer's number finds nothing (404, never their points)
      if (mobile !== undefined && mobile !== (await loyalty.mobileOf(customerId)))
        throw httpError(404, 'NOT_FOUND', LOYALTY_TEXTS.notFound);
      return { status: 'SUCCESS' as const, data: await loyalty.balance(customerId) };
    },
  );

  r.post(
    API_PATHS.loyaltyRegister,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'loyalty',
        'Join Pizza Pals from the widget or /pizzaLoyalty, the programme terms accepted (cheesy rewards)',
        { body: CheesyRewardsRegisterBodySchema, response: { 200: LoyaltyInfoResponseSchema, ...errors } },
      ),
    },
    async (req) => answer(await loyalty.enroll(customerOf(req), req.body.loyaltyCardCode)),
  );

  r.get(
    API_PATHS.loyaltyMenuItems,
    {
      schema: routeSchema('loyalty', 'The pizzas of a store Pizza Pals points buy free (regular size)', {
        querystring: LoyaltyMenuItemsQuerySchema,
        response: { 200: LoyaltyMenuItemsResponseSchema, ...errors },
      }),
    },
    async (req) => {
      const found = await menu.forStore(req.query.storeId);
      if (!found) throw httpError(404, 'STORE_NOT_FOUND', LOYALTY_TEXTS.storeNotFound);
      return {
        status: 'SUCCESS' as const,
        data: {
          itemRedeemPoints: LOYALTY.itemRedeemPoints,
          items: freePizzas(found.products, found.sizeIds),
        },
      };
    },
  );
}
