import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  CardValidateBodySchema,
  CardValidateResponseSchema,
  PaymentOptionsQuerySchema,
  PaymentOptionsResponseSchema,
} from '@crust/contract/orders';
import { binInfo, cardBinError } from '@crust/domain/card-bin';
import { API_PATHS } from '@crust/contract/paths';
import { StoreParamsSchema } from '@crust/contract/stores';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { failed, httpError } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StoreDirectory } from '../stores/service.ts';
import type { PaymentOptionsService } from './service.ts';

export interface PaymentRoutesOptions {
  paymentOptions: PaymentOptionsService;
  stores: StoreDirectory;
}

export function paymentRoutes(app: FastifyInstance, { paymentOptions, stores }: PaymentRoutesOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.paymentOptions,
    {
      schema: routeSchema(
        'payments',
        "A store's payment options for an order type, and the customer's wallet (SPEC §3 Payment details)",
        {
          params: StoreParamsSchema,
          querystring: PaymentOptionsQuerySchema,
          response: { 200: PaymentOptionsResponseSchema, 404: ErrorResponseSchema },
        },
      ),
    },
    async (req) => {
      const { storeId } = req.params;
      if (!(await stores.byId(storeId)))
        throw httpError(404, 'STORE_NOT_FOUND', MESSAGES.storeTroubleSelectOther, {
          field: 'params.storeId',
        });
      // the query's order type, else the deliverytype header's (SPEC §7), else delivery
      const deliveryType: DeliveryType = req.query.deliveryType ?? req.headers.deliverytype ?? 'D';
      const customerId = req.principal?.kind === 'customer' ? req.principal.userId : null;
      const { cartId, vendor } = req.query;
      const data = await paymentOptions.forStore({
        storeId,
        deliveryType,
        customerId,
        cartId,
        // SPEC §5: no wallet in a mini-app. A partner's session says so itself (its signed token, issue 18); the
        // web's ?vendor= is still taken, for a guest inside a host who has not signed in yet
        miniApp: Boolean(req.principal?.partner) || vendor !== undefined,
      });
      return { status: 'SUCCESS' as const, data };
    },
  );

  r.post(
    API_PATHS.cardValidate,
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: routeSchema(
        'payments',
        "The card validation call: whether a card's first digits suit the chosen option (credit or debit card)",
        { body: CardValidateBodySchema, response: { 200: CardValidateResponseSchema } },
      ),
    },
    async (req) => {
      const { cardInitialDigits, methodCode } = req.body;
      const error = cardBinError(cardInitialDigits, methodCode);
      if (error) return failed('CARD_NOT_VALID', error);
      const { brand, kind } = binInfo(cardInitialDigits);
      return { status: 'SUCCESS' as const, data: { brand, kind } };
    },
  );
}
