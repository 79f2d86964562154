import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ClientIdSchema,
  FingerprintBodySchema,
  FingerprintResponseSchema,
  parseAbTest,
  UserActivityBodySchema,
  UserActivityResponseSchema,
} from '@crust/contract/analytics';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS, HEADERS } from '@crust/contract/paths';
import { httpError, rateLimitRefusal } from '../../http/errors.ts';
import { ok } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { AnalyticsService, EventSender } from './service.ts';
import { ANALYTICS_TEXTS as T } from './texts.ts';

/**
 * Calls one client (its ga_client_id) may make a minute: the app sends a batch every few seconds and when the page
 * is hidden, so about 15; more is a script. Counted in Redis when REDIS_URL is set (every process shares it).
 */
export const EVENT_CALLS_PER_CLIENT_PER_MINUTE = 30;
/**
 * Calls one address may make a minute, whatever client ids it sends: a mobile carrier puts thousands of phones
 * behind one address, so this only stops a flood that makes up a new client id per call.
 */
export const EVENT_CALLS_PER_ADDRESS_PER_MINUTE = 600;
/** A batch's bytes at most: 50 events of a few hundred bytes each, with room. */
export const EVENT_BODY_LIMIT = 64 * 1024;

const clientIdOf = (req: FastifyRequest): string | null => {
  const parsed = ClientIdSchema.safeParse(req.headers[HEADERS.gaClientId]);
  return parsed.success ? parsed.data : null;
};

function senderOf(req: FastifyRequest): EventSender {
  const clientId = clientIdOf(req);
  if (!clientId)
    throw httpError(400, 'CLIENT_ID_REQUIRED', T.clientId, { field: `headers.${HEADERS.gaClientId}` });
  const abHeader = req.headers[HEADERS.abTest];
  return {
    clientId,
    loggedIn: req.principal?.kind === 'customer',
    abTest: parseAbTest(typeof abHeader === 'string' ? abHeader : undefined),
  };
}

/** SPEC §7 POST user-activity tracking and POST fingerprint info (docs/analytics.md). Open to any caller. */
export function analyticsRoutes(app: FastifyInstance, analytics: AnalyticsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perAddress = app.createRateLimit({
    max: EVENT_CALLS_PER_ADDRESS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => `analytics-address|${req.ip}`,
  });
  const limits = {
    config: {
      rateLimit: {
        max: EVENT_CALLS_PER_CLIENT_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: FastifyRequest) => `analytics-client|${clientIdOf(req) ?? req.ip}`,
      },
    },
    // a second limit on the same route: the plugin runs one limit per request, so this one is taken by hand
    onRequest: async (req: FastifyRequest) => {
      const taken = await perAddress(req);
      if (!taken.isAllowed && taken.isExceeded) throw rateLimitRefusal(req, { ttl: taken.ttl });
    },
    bodyLimit: EVENT_BODY_LIMIT,
  };
  const refusals = { 400: ErrorResponseSchema, 413: ErrorResponseSchema, 429: ErrorResponseSchema };

  r.post(
    API_PATHS.userActivity,
    {
      ...limits,
      schema: routeSchema(
        'analytics',
        'SPEC §7 user-activity tracking: one event or a batch of up to 50, stored only while the config’s userActivityTracking is on (else dropped: stored 0). 400 PERSONAL_DATA when a property names or holds personal data',
        { body: UserActivityBodySchema, response: { 200: UserActivityResponseSchema, ...refusals } },
      ),
    },
    async (req) => ok(await analytics.record(senderOf(req), req.body.data)),
  );

  r.post(
    API_PATHS.fingerprint,
    {
      ...limits,
      schema: routeSchema(
        'analytics',
        'SPEC §7 fingerprint info, read as coarse device facts (no identifiers): kept a day per client while tracking is on',
        { body: FingerprintBodySchema, response: { 200: FingerprintResponseSchema, ...refusals } },
      ),
    },
    async (req) => ok({ stored: await analytics.recordDeviceFacts(senderOf(req).clientId, req.body.data) }),
  );
}
