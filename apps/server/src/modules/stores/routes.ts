import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CityStoresQuerySchema,
  CityStoresResponseSchema,
  NearestStoreQuerySchema,
  NearestStoreResponseSchema,
  StoreInfoBodySchema,
  StoreInfoResponseSchema,
} from '@crust/contract/stores';
import { CityParamsSchema } from '@crust/contract/geo';
import { ErrorResponseSchema } from '@crust/contract/common';
import type { Store } from '@crust/contract/stores';
import { API_PATHS } from '@crust/contract/paths';
import { MESSAGES } from '@crust/domain/messages';
import type { DeliveryType } from '@crust/domain/delivery-types';
import type { Gazetteer } from '../../providers/geo/gazetteer.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { failed } from '../../http/errors.ts';
import { storeEta, type QueueLength } from './eta.ts';
import { findCityStores, findNearest, storeInfo, STORE_NA_CODE, type StoreDirectory } from './service.ts';

/** The order type asked for: the query's, else the deliveryType header (SPEC §7), else delivery. */
function typeFrom(query: DeliveryType | undefined, header: unknown): DeliveryType {
  return query ?? (header as DeliveryType | undefined) ?? 'D';
}

export function storeRoutes(
  app: FastifyInstance,
  {
    stores: directory,
    geo,
    queueLength,
  }: { stores: StoreDirectory; geo: Gazetteer; queueLength: QueueLength },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.nearestStore,
    {
      schema: routeSchema('stores', 'The store that serves a point for an order type, and the ranked list', {
        querystring: NearestStoreQuerySchema,
        response: { 200: NearestStoreResponseSchema },
      }),
    },
    async (req) => {
      const { latitude, longitude, orderDeliveryType } = req.query;
      const result = await findNearest(
        directory,
        { latitude, longitude },
        typeFrom(orderDeliveryType, req.headers.deliverytype),
      );
      if (!result.ok) return failed(result.code, result.displayMsg);
      return { status: 'SUCCESS' as const, data: { store: result.store, stores: result.stores } };
    },
  );

  r.get(
    API_PATHS.cityStores,
    {
      schema: routeSchema(
        'stores',
        "A city's stores offering an order type, nearest first when a point is given",
        {
          params: CityParamsSchema,
          querystring: CityStoresQuerySchema,
          response: { 200: CityStoresResponseSchema },
        },
      ),
    },
    async (req) => {
      const city = await geo.findCity(req.params.city);
      if (!city) return failed('CITY_NOT_FOUND', MESSAGES.restaurantNotFound, { field: 'params.city' });
      const lat = req.query.latitude ?? req.headers.u_lat;
      const lng = req.query.longitude ?? req.headers.u_long;
      const point = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : undefined;
      const stores = await findCityStores(
        directory,
        city.id,
        typeFrom(req.query.orderDeliveryType, req.headers.deliverytype),
        point,
      );
      return { status: 'SUCCESS' as const, data: { stores } };
    },
  );

  r.post(
    API_PATHS.storeInfo,
    {
      schema: routeSchema(
        'stores',
        'Store info: online flag and advance-order store (SPEC §4 Store selection)',
        {
          body: StoreInfoBodySchema,
          response: { 200: StoreInfoResponseSchema, 404: ErrorResponseSchema },
        },
      ),
    },
    async (req) => {
      const { storeId, deliveryType, latitude, longitude } = req.body;
      const info = await storeInfo(directory, storeId);
      const point = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
      const eta = (store: Store) => storeEta(store, deliveryType, point, queueLength, directory.now());
      switch (info.kind) {
        case 'unavailable':
          return {
            status: 'FAILED' as const,
            data: null,
            errors: [
              {
                code: STORE_NA_CODE,
                displayMsg: MESSAGES.storeTroubleSelectOther,
                header: MESSAGES.genericHeader,
                btnMsg: MESSAGES.genericButton,
              },
            ],
          };
        case 'offline':
          return {
            status: 'SUCCESS' as const,
            data: {
              id: info.store.id,
              online: 0 as const,
              advanceOrderStoreId: info.store.advanceOrderStoreId,
              store: info.store,
              eta: await eta(info.store),
            },
            errors: [
              {
                code: 'STORE_OFFLINE',
                displayMsg: 'This store is offline right now.',
                header: MESSAGES.genericHeader,
                btnMsg: MESSAGES.genericButton,
              },
            ],
          };
        case 'online':
          return {
            status: 'SUCCESS' as const,
            data: {
              id: info.store.id,
              online: 1 as const,
              advanceOrderStoreId: info.store.advanceOrderStoreId,
              store: info.store,
              eta: await eta(info.store),
            },
            errors: [],
          };
      }
    },
  );
}
