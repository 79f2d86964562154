import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddCartItemBodySchema,
  ApplyPromoBodySchema,
  CartIdParams,
  CartItemParams,
  CartOutcomeSchema,
  CartPromoParams,
  CartResponseSchema,
  CartUpsellResponseSchema,
  CreateCartBodySchema,
  UpdateCartBodySchema,
  UpdateCartItemBodySchema,
} from '@crust/contract/cart';
import { ErrorResponseSchema } from '@crust/contract/common';
import { IrctcCouponBodySchema } from '@crust/contract/train-orders';
import { TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import { CartOffersResponseSchema, PromoValidationResponseSchema } from '@crust/contract/offers';
import { API_PATHS } from '@crust/contract/paths';
import { DEFAULT_STORE_ID } from '@crust/domain/constants';
import { isDeliveryType } from '@crust/domain/delivery-types';
import { httpError, outcome } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { callerOf } from '../../http/principal.ts';
import type { CallerOptions, CartService } from './service.ts';

/** Carts belong to a session (every cart route is for `auth: 'session'`): its user owns the cart. */
const ownerOf = (req: FastifyRequest) => callerOf(req).userId;

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function callerOptions(req: FastifyRequest): CallerOptions {
  const key = header(req, 'idempotency-key');
  if (key !== undefined && key.length > 100)
    throw httpError(400, 'BAD_REQUEST', 'Idempotency-Key is too long', { field: 'headers.idempotency-key' });
  return {
    walletUsed: header(req, 'iswalletused') === 'true',
    idempotencyKey: key,
    selectedPaymentId: header(req, 'selected_payment_id'),
  };
}

/**
 * Cart answers are built by our own typed code, so they are written with plain JSON.stringify rather
 * than re-validated through zod on the way out: on a busy cart that validation cost more than the
 * database (docs/performance.md). Requests are still parsed with the contract schemas.
 */
const plainJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

const notFound = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

export function cartRoutes(app: FastifyInstance, { carts }: { carts: CartService }): void {
  wholeCartRoutes(app, carts);
  cartLineRoutes(app, carts);
  cartPromoRoutes(app, carts);
  cartSuggestionRoutes(app, carts);
}

/** The cart as a whole: made at a store, read priced now, and replaced (lines, tip, charge, store). */
function wholeCartRoutes(app: FastifyInstance, carts: CartService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.carts,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 POST cart: a new cart at the storeid header store', {
        body: CreateCartBodySchema,
        response: { 200: CartOutcomeSchema, ...notFound },
      }),
    },
    async (req) => {
      const storeText = header(req, 'storeid');
      const storeId = storeText && /^\d{1,9}$/.test(storeText) ? Number(storeText) : DEFAULT_STORE_ID;
      const typeText = header(req, 'deliverytype');
      const deliveryType = isDeliveryType(typeText) ? typeText : 'D';
      return outcome(await carts.create(ownerOf(req), storeId, deliveryType, req.body));
    },
  );

  r.get(
    API_PATHS.cart,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 GET cart: the cart re-validated and priced at its store now', {
        params: CartIdParams,
        response: { 200: CartResponseSchema, ...notFound },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await carts.get(ownerOf(req), req.params.cartId, callerOptions(req)),
    }),
  );

  r.put(
    API_PATHS.cart,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 PUT cart: lines (with version), tip, optional charge, store', {
        params: CartIdParams,
        body: UpdateCartBodySchema,
        response: { 200: CartOutcomeSchema, 409: ErrorResponseSchema, ...notFound },
      }),
    },
    async (req) => outcome(await carts.update(ownerOf(req), req.params.cartId, req.body, callerOptions(req))),
  );
}

/** One line at a time: added (merging with an equal line), changed, removed. */
function cartLineRoutes(app: FastifyInstance, carts: CartService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.cartItems,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'Add one item; it merges with an equal line (SPEC §3)', {
        params: CartIdParams,
        body: AddCartItemBodySchema,
        response: { 200: CartOutcomeSchema, ...notFound },
      }),
    },
    async (req) =>
      outcome(await carts.addItem(ownerOf(req), req.params.cartId, req.body.item, callerOptions(req))),
  );

  r.patch(
    API_PATHS.cartItem,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema(
        'cart',
        'Change one line: quantity (0 removes), customisation, or accept its price',
        {
          params: CartItemParams,
          body: UpdateCartItemBodySchema,
          response: { 200: CartOutcomeSchema, ...notFound },
        },
      ),
    },
    async (req) =>
      outcome(
        await carts.updateItem(
          ownerOf(req),
          req.params.cartId,
          req.params.itemId,
          req.body,
          callerOptions(req),
        ),
      ),
  );

  r.delete(
    API_PATHS.cartItem,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'Remove one line', {
        params: CartItemParams,
        response: { 200: CartOutcomeSchema, ...notFound },
      }),
    },
    async (req) => outcome(await carts.removeItem(ownerOf(req), req.params.cartId, req.params.itemId)),
  );
}

/** Coupons and deals on the cart: applied, removed, and what one would save (also on a train cart). */
function cartPromoRoutes(app: FastifyInstance, carts: CartService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.cartPromo,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'Apply a coupon or deal; FAILED clears the stored coupon (SPEC §5)', {
        params: CartIdParams,
        body: ApplyPromoBodySchema,
        response: { 200: CartOutcomeSchema, ...notFound },
      }),
    },
    async (req) => outcome(await carts.applyPromo(ownerOf(req), req.params.cartId, req.body.code)),
  );

  r.delete(
    API_PATHS.cartPromoCode,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 DELETE promo from cart (cartId, code)', {
        params: CartPromoParams,
        response: { 200: CartOutcomeSchema, ...notFound },
      }),
    },
    async (req) => outcome(await carts.removePromo(ownerOf(req), req.params.cartId, req.params.code)),
  );

  r.post(
    API_PATHS.irctcValidateCoupon,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema(
        'rail',
        'SPEC §7 irctc validate coupon: what the code would save on a train cart; a payment offer (explicit promo) never applies to a train order (SPEC §5), and a train order is cancelled by irctc cancel',
        {
          body: IrctcCouponBodySchema,
          response: { 200: PromoValidationResponseSchema, 400: ErrorResponseSchema, ...notFound },
        },
      ),
    },
    async (req) => {
      const cart = await carts.get(ownerOf(req), req.body.cartId);
      if (cart.deliveryType !== 'IRCTC')
        throw httpError(400, 'NOT_TRAIN_CART', TRAIN_ORDER_TEXTS.notTrainCart);
      return outcome(await carts.validatePromo(ownerOf(req), req.body.cartId, req.body.code));
    },
  );

  r.get(
    API_PATHS.cartPromoValidate,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 GET promo validate: what the code would save on this cart', {
        params: CartPromoParams,
        response: { 200: PromoValidationResponseSchema, ...notFound },
      }),
    },
    async (req) => {
      return outcome(await carts.validatePromo(ownerOf(req), req.params.cartId, req.params.code));
    },
  );
}

/** What the cart could take: every offer measured against it, and sides, drinks and desserts to add. */
function cartSuggestionRoutes(app: FastifyInstance, carts: CartService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.cartOffers,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 cart offers: every coupon and deal measured against this cart', {
        params: CartIdParams,
        response: { 200: CartOffersResponseSchema, ...notFound },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: { offers: await carts.offers(ownerOf(req), req.params.cartId) },
    }),
  );

  r.get(
    API_PATHS.cartUpsell,
    {
      config: { auth: 'session' },
      ...plainJson,
      schema: routeSchema('cart', 'SPEC §7 upsell recommendations: sides, drinks and desserts to add', {
        params: CartIdParams,
        response: { 200: CartUpsellResponseSchema, ...notFound },
      }),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: { productCodes: await carts.upsell(ownerOf(req), req.params.cartId) },
    }),
  );
}
