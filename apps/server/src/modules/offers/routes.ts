import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PromoCodeParams, StoreIdParams } from '@crust/contract/cart';
import { ErrorResponseSchema, IdParam } from '@crust/contract/common';
import {
  EdvDealResponseSchema,
  EdvDealsResponseSchema,
  EdvMixMatchResponseSchema,
  ExplicitPromoResponseSchema,
  OfferTermsResponseSchema,
  StoreOffersResponseSchema,
  type EdvDeal as EdvDealDto,
  type Offer,
} from '@crust/contract/offers';
import { API_PATHS } from '@crust/contract/paths';
import type { Coupon } from '@crust/domain/cart-model';
import { edvMixMatchMenu } from '@crust/domain/edv';
import { MESSAGES } from '@crust/domain/messages';
import { httpError } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { CartCatalogue, CartCatalogues } from '../cart/catalogue.ts';
import type { DealWithTerms, PromotionBook } from './service.ts';

const COUPON_NOT_VALID = MESSAGES.couponNotValid;
const DEAL_NOT_HERE = 'This deal is not available at the selected restaurant';
const MEDIUM = 'M';
const REGULAR = 'R';

function offerOf(c: Coupon): Offer {
  return {
    code: c.code,
    title: c.title,
    description: c.description,
    ruleKind: c.rule.kind,
    minOrderValue: c.minOrderValue,
    orderTypes: c.orderTypes ? [...c.orderTypes] : null,
    firstOrderOnly: c.firstOrderOnly,
    paymentOptions: c.paymentOptions ? [...c.paymentOptions] : null,
  };
}

function dealOf(d: DealWithTerms, catalogue: CartCatalogue): EdvDealDto {
  const groups = edvMixMatchMenu(d.deal, catalogue.catalogue);
  const sizeName = (sizeId: number) => {
    for (const p of catalogue.products.values()) {
      const v = p.variants.find((x) => x.sizeId === sizeId);
      if (v) return v.sizeName;
    }
    return '';
  };
  const codes = new Set(d.deal.prices.map((p) => catalogue.sizeCodes.get(p.sizeId)));
  return {
    id: d.deal.id,
    code: d.deal.code,
    title: d.deal.title,
    description: d.deal.description,
    groupSize: d.deal.groupSize,
    prices: d.deal.prices.map((p) => ({ sizeId: p.sizeId, sizeName: sizeName(p.sizeId), price: p.price })),
    productTypes: [...d.deal.productTypes],
    crustIds: d.deal.crustIds ? [...d.deal.crustIds] : null,
    isMixMatch: codes.has(MEDIUM) && codes.has(REGULAR),
    productCodes: [...new Set(groups.flatMap((g) => g.productCodes))],
  };
}

export interface OfferRoutesOptions {
  promotions: PromotionBook;
  catalogues: CartCatalogues;
}

export function offerRoutes(
  app: FastifyInstance,
  { promotions: book, catalogues }: OfferRoutesOptions,
): void {
  const catalogueOf = storeCatalogue(catalogues);
  couponRoutes(app, book, catalogueOf);
  dealRoutes(app, book, catalogueOf);
}

type CatalogueOf = (storeId: number) => Promise<CartCatalogue>;

/** The catalogue of the store a route names; a store that sells nothing now is refused with 403. */
function storeCatalogue(catalogues: CartCatalogues): CatalogueOf {
  return async (storeId) => {
    const found = await catalogues.forStore(storeId);
    if (!found)
      throw httpError(403, 'STORE_NOT_AVAILABLE', MESSAGES.storeTroubleSelectOther, {
        field: 'params.storeId',
      });
    return found;
  };
}

/** Coupons: those listed at a store, a code's terms, and what an explicit (payment) promo allows. */
function couponRoutes(app: FastifyInstance, book: PromotionBook, catalogueOf: CatalogueOf): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.storeOffers,
    {
      schema: routeSchema('offers', 'The coupons listed at a store (/offers)', {
        params: StoreIdParams,
        response: { 200: StoreOffersResponseSchema, 403: ErrorResponseSchema },
      }),
    },
    async (req) => {
      await catalogueOf(req.params.storeId);
      const coupons = await book.listedCoupons(req.params.storeId);
      return { status: 'SUCCESS' as const, data: { offers: coupons.map(offerOf) } };
    },
  );

  r.get(
    API_PATHS.offerTerms,
    {
      schema: routeSchema('offers', 'SPEC §7 promo T&C by code (/tncOffers)', {
        params: PromoCodeParams,
        response: { 200: OfferTermsResponseSchema },
      }),
    },
    async (req) => {
      const found = await book.coupon(req.params.code);
      if (!found || found.coupon.hidden)
        return {
          status: 'FAILED' as const,
          errors: [{ code: 'PROMO_NOT_FOUND', displayMsg: COUPON_NOT_VALID }],
        };
      const { coupon, terms } = found;
      return {
        status: 'SUCCESS' as const,
        data: { code: coupon.code, title: coupon.title, description: coupon.description, terms: [...terms] },
      };
    },
  );

  r.get(
    API_PATHS.explicitPromo,
    {
      schema: routeSchema(
        'offers',
        'SPEC §7 explicit promo content: what it gives and which payments it allows',
        {
          params: PromoCodeParams,
          response: { 200: ExplicitPromoResponseSchema },
        },
      ),
    },
    async (req) => {
      const found = await book.coupon(req.params.code);
      if (!found?.coupon.paymentOptions)
        return {
          status: 'FAILED' as const,
          errors: [{ code: 'PROMO_NOT_FOUND', displayMsg: COUPON_NOT_VALID }],
        };
      const { coupon } = found;
      return {
        status: 'SUCCESS' as const,
        data: {
          promoCode: coupon.code,
          title: coupon.title,
          description: coupon.description,
          paymentOptions: [...(coupon.paymentOptions ?? [])],
        },
      };
    },
  );
}

/** Everyday-value deals at a store: all of them, one, and a deal's mix-and-match menu. */
function dealRoutes(app: FastifyInstance, book: PromotionBook, catalogueOf: CatalogueOf): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.edvDeals,
    {
      schema: routeSchema('offers', 'SPEC §7 EDV data per store: the everyday-value deals sold there', {
        params: StoreIdParams,
        response: { 200: EdvDealsResponseSchema, 403: ErrorResponseSchema },
      }),
    },
    async (req) => {
      const catalogue = await catalogueOf(req.params.storeId);
      const deals = await book.deals(req.params.storeId);
      return {
        status: 'SUCCESS' as const,
        data: { storeId: req.params.storeId, deals: deals.map((d) => dealOf(d, catalogue)) },
      };
    },
  );

  r.get(
    API_PATHS.edvDeal,
    {
      schema: routeSchema('offers', 'SPEC §7 EDV offer per deal (/edv?itemId=…)', {
        params: StoreIdParams.extend({ dealId: IdParam }),
        response: { 200: EdvDealResponseSchema, 403: ErrorResponseSchema },
      }),
    },
    async (req) => {
      const catalogue = await catalogueOf(req.params.storeId);
      const deal = await book.deal(req.params.storeId, req.params.dealId);
      if (!deal)
        return { status: 'FAILED' as const, errors: [{ code: 'DEAL_NOT_FOUND', displayMsg: DEAL_NOT_HERE }] };
      return { status: 'SUCCESS' as const, data: dealOf(deal, catalogue) };
    },
  );

  r.get(
    API_PATHS.edvMixMatch,
    {
      schema: routeSchema(
        'offers',
        'SPEC §7 EDV mix-and-match menu: the medium and regular pizzas of a deal',
        {
          params: StoreIdParams,
          querystring: z.object({ dealId: IdParam.optional() }),
          response: { 200: EdvMixMatchResponseSchema, 403: ErrorResponseSchema },
        },
      ),
    },
    async (req) => {
      const catalogue = await catalogueOf(req.params.storeId);
      const deals = await book.deals(req.params.storeId);
      const candidates = deals.filter((d) => dealOf(d, catalogue).isMixMatch);
      const chosen =
        req.query.dealId === undefined
          ? candidates[0]
          : candidates.find((d) => d.deal.id === req.query.dealId);
      const groups = chosen ? edvMixMatchMenu(chosen.deal, catalogue.catalogue) : [];
      const group = (code: string) => groups.find((g) => catalogue.sizeCodes.get(g.sizeId) === code);
      const medium = group(MEDIUM);
      const regular = group(REGULAR);
      if (!chosen || !medium || !regular)
        return { status: 'FAILED' as const, errors: [{ code: 'DEAL_NOT_FOUND', displayMsg: DEAL_NOT_HERE }] };
      return {
        status: 'SUCCESS' as const,
        edvMixMatchMenu: {
          dealId: chosen.deal.id,
          code: chosen.deal.code,
          groupSize: chosen.deal.groupSize,
          medium: { sizeId: medium.sizeId, price: medium.price, productCodes: medium.productCodes },
          regular: { sizeId: regular.sizeId, price: regular.price, productCodes: regular.productCodes },
        },
      };
    },
  );
}
