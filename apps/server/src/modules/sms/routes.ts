import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import { failed } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { sameSecret } from '../../crypto/same-secret.ts';
import { reportOf, type DeliveryReport, type DeliveryReports } from './delivery-reports.ts';

export interface SmsRoutesOptions {
  reports: DeliveryReports;
  /** SMS_DLR_TOKEN: the secret the report URL configured at Gupshup carries */
  token: string;
}

/** Gupshup sends at most 20 events per POST (docs.gupshup.io "Real Time Delivery Reports"); some room above. */
const MAX_EVENTS = 100;

const Recorded = z.object({ status: z.literal('SUCCESS'), data: z.object({ recorded: z.number().int() }) });
const answers = { 200: Recorded, 401: ErrorResponseSchema };
// every field is read after the token is checked: a caller without it learns nothing of what is valid
const Query = z.record(z.string(), z.string().max(200));

/**
 * Gupshup's real-time delivery reports (issue 14 §2). Gupshup calls the URL configured in its panel, so the
 * only thing that can tell its calls from anyone else's is a secret in that URL: `?token=<SMS_DLR_TOKEN>`,
 * compared in constant time, before anything else is read. A report without it is refused 401 and recorded
 * nowhere. Reports arrive as a GET with query fields (Gupshup's default) or, when Gupshup support sets it up, a
 * POST of a JSON array of events; both are recorded per message id (table sms_delivery_reports).
 */
export function smsRoutes(app: FastifyInstance, { reports, token }: SmsRoutesOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const refuse = (reply: FastifyReply) =>
    reply.code(401).send(failed('UNAUTHORIZED', 'This delivery report does not carry the right token.'));
  const record = async (found: (DeliveryReport | null)[]) => {
    const valid = found.filter((x): x is DeliveryReport => x !== null);
    await reports.record(valid, new Date());
    return { status: 'SUCCESS' as const, data: { recorded: valid.length } };
  };

  r.get(
    API_PATHS.smsDeliveryReport,
    {
      schema: routeSchema(
        'sms',
        "Gupshup's delivery report, GET form (externalId, deliveredTS, status, cause, phoneNo, errCode): needs ?token=",
        { querystring: Query, response: answers },
      ),
    },
    async (req, reply) => {
      if (!sameSecret(req.query.token ?? '', token)) return refuse(reply);
      return record([reportOf(req.query, 'query')]);
    },
  );

  r.post(
    API_PATHS.smsDeliveryReport,
    {
      schema: routeSchema(
        'sms',
        "Gupshup's delivery reports, POST form: a JSON array of events (externalId, eventType, eventTs, destAddr, cause, errCode); needs ?token=",
        { querystring: Query, body: z.unknown(), response: answers },
      ),
    },
    async (req, reply) => {
      if (!sameSecret(req.query.token ?? '', token)) return refuse(reply);
      const events = Array.isArray(req.body) ? req.body : [req.body];
      const objects = events
        .slice(0, MAX_EVENTS)
        .filter(
          (e): e is Record<string, unknown> => typeof e === 'object' && e !== null && !Array.isArray(e),
        );
      return record(objects.map((e) => reportOf(e, 'event')));
    },
  );
}
