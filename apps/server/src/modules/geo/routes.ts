import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AutocompleteQuerySchema,
  AutocompleteResponseSchema,
  CitiesQuerySchema,
  CitiesResponseSchema,
  CityLocalitiesResponseSchema,
  CityParamsSchema,
  GeocodeQuerySchema,
  GeocodeResponseSchema,
  ReverseGeocodeQuerySchema,
} from '@crust/contract/geo';
import { API_PATHS } from '@crust/contract/paths';
import { storeOrderTypeFor } from '@crust/domain/stores';
import { MESSAGES } from '@crust/domain/messages';
import type { Gazetteer } from '../../providers/geo/gazetteer.ts';
import type { StoreDirectory } from '../stores/service.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { failed } from '../../http/errors.ts';

export function geoRoutes(
  app: FastifyInstance,
  { geo, stores: directory }: { geo: Gazetteer; stores: StoreDirectory },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API_PATHS.cities,
    {
      schema: routeSchema(
        'geo',
        'Cities with stores; with delivery_type, only cities with a store offering it',
        {
          querystring: CitiesQuerySchema,
          response: { 200: CitiesResponseSchema },
        },
      ),
    },
    async (req) => {
      const type = req.query.delivery_type;
      const stores = await directory.all();
      const cities = (await geo.cities())
        .map((c) => ({
          ...c,
          storeCount: stores.filter(
            (s) =>
              s.cityId === c.id && (type === undefined || s.orderTypes.includes(storeOrderTypeFor(type))),
          ).length,
        }))
        .filter((c) => c.storeCount > 0);
      return { status: 'SUCCESS' as const, data: { cities } };
    },
  );

  r.get(
    API_PATHS.cityLocalities,
    {
      schema: routeSchema('geo', "A city's localities, for choosing city then locality", {
        params: CityParamsSchema,
        response: { 200: CityLocalitiesResponseSchema },
      }),
    },
    async (req) => {
      const city = await geo.findCity(req.params.city);
      if (!city) return failed('CITY_NOT_FOUND', MESSAGES.restaurantNotFound, { field: 'params.city' });
      const stores = await directory.all();
      const localities = (await geo.localitiesOf(city.id)).map((l) => ({
        placeId: l.placeId,
        name: l.name,
        postalCode: l.postalCode,
        latitude: l.latitude,
        longitude: l.longitude,
      }));
      const storeCount = stores.filter((s) => s.cityId === city.id).length;
      return { status: 'SUCCESS' as const, data: { city: { ...city, storeCount }, localities } };
    },
  );

  r.get(
    API_PATHS.autocomplete,
    {
      schema: routeSchema('geo', 'Locality autocomplete (India only, ranked, at most 8)', {
        querystring: AutocompleteQuerySchema,
        response: { 200: AutocompleteResponseSchema },
      }),
    },
    async (req) => {
      const lat = req.query.latitude ?? req.headers.u_lat;
      const lng = req.query.longitude ?? req.headers.u_long;
      const near = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : undefined;
      const predictions = await geo.autocomplete(req.query.input, near);
      return { status: predictions.length ? ('OK' as const) : ('ZERO_RESULTS' as const), predictions };
    },
  );

  r.get(
    API_PATHS.geocode,
    {
      schema: routeSchema('geo', 'Geocode a place id from autocomplete, or free text', {
        querystring: GeocodeQuerySchema,
        response: { 200: GeocodeResponseSchema },
      }),
    },
    async (req) => {
      const { placeId, address } = req.query;
      const found = placeId !== undefined ? await geo.byPlaceId(placeId) : await geo.geocode(address ?? '');
      return found
        ? { status: 'OK' as const, results: [found] }
        : { status: 'ZERO_RESULTS' as const, results: [] };
    },
  );

  r.get(
    API_PATHS.reverseGeocode,
    {
      schema: routeSchema('geo', 'Reverse geocode: the address of the nearest known locality', {
        querystring: ReverseGeocodeQuerySchema,
        response: { 200: GeocodeResponseSchema },
      }),
    },
    async (req) => {
      const found = await geo.reverse(req.query);
      return found
        ? { status: 'OK' as const, results: [found] }
        : { status: 'ZERO_RESULTS' as const, results: [] };
    },
  );
}
