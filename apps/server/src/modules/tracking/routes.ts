import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { OrderParams } from '@crust/contract/orders';
import { API_PATHS } from '@crust/contract/paths';
import {
  TrackLookupBodySchema,
  TrackLookupResponseSchema,
  TrackerQuerySchema,
  TrackerResponseSchema,
} from '@crust/contract/tracking';
import { eventStreams } from '../../http/event-stream.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { tooMany } from '../../http/errors.ts';
import { LookupLimited, TRACKING_TEXTS, type TrackingService } from './service.ts';

/** SPEC §7 Tracking: GET tracker, its live stream, and track another order by mobile and order id. */
export function trackingRoutes(app: FastifyInstance, tracking: TrackingService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const streams = eventStreams(app);

  r.get(
    API_PATHS.tracker,
    {
      schema: routeSchema(
        'tracking',
        "SPEC §4 Tracker: the order's stage, promised time, guarantee and map points. The owner's session, or ?key= from a lookup.",
        {
          params: OrderParams,
          querystring: TrackerQuerySchema,
          response: { 200: TrackerResponseSchema, 404: ErrorResponseSchema },
        },
      ),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await tracking.tracker(req.principal?.userId ?? null, req.params.orderId, req.query.key),
    }),
  );

  r.get(
    API_PATHS.trackerEvents,
    {
      schema: routeSchema(
        'tracking',
        'Server-sent events named "tracker", each a whole Tracker: one at once, then one per change; ends after delivery. Needs ?key=.',
        { params: OrderParams, querystring: TrackerQuerySchema, response: { 404: ErrorResponseSchema } },
      ),
    },
    async (req, reply) => {
      await tracking.watch(req.params.orderId, req.query.key, (onClose) => streams.open(req, reply, onClose));
    },
  );

  r.post(
    API_PATHS.trackLookup,
    {
      schema: routeSchema(
        'tracking',
        'SPEC §5 Tracking: find an order by the mobile number and order id on it. 10 misses an hour per mobile number and 30 per client address, then 429 with Retry-After.',
        {
          body: TrackLookupBodySchema,
          response: {
            200: TrackLookupResponseSchema,
            400: ErrorResponseSchema,
            404: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      ),
    },
    async (req) => {
      try {
        return {
          status: 'SUCCESS' as const,
          data: await tracking.lookup(req.body.mobile, req.body.orderNumber, req.ip),
        };
      } catch (err) {
        if (!(err instanceof LookupLimited)) throw err;
        throw tooMany(
          'TOO_MANY_LOOKUPS',
          TRACKING_TEXTS.tooManyLookups(Math.ceil(err.retryAfterSec / 60)),
          err.retryAfterSec,
        );
      }
    },
  );
}
