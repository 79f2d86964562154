import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import {
  FeedbackCategoriesResponseSchema,
  FeedbackCountQuerySchema,
  FeedbackCountResponseSchema,
  FeedbackOrderParams,
  FeedbackOrderQuerySchema,
  FeedbackOrderResponseSchema,
  SubmitFeedbackBodySchema,
  SubmitFeedbackResponseSchema,
} from '@crust/contract/feedback';
import { API_PATHS } from '@crust/contract/paths';
import { outcome } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { FeedbackService } from './service.ts';

/**
 * Calls a customer may make a minute to the submit and order routes: a rating is typed by hand; more is a script
 * guessing the mobile numbers of guests' orders (the offline flow).
 */
export const FEEDBACK_CALLS_PER_MINUTE = 20;
const callerKey = (req: FastifyRequest) => req.principal?.userId ?? req.ip;

/** SPEC §7 feedback calls (issue 17 §1, docs/feedback.md): categories for anyone, the rest for a customer. */
export function feedbackRoutes(app: FastifyInstance, feedback: FeedbackService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const customerOf = (req: FastifyRequest) => callerOf(req).userId;
  const limited = {
    auth: 'customer' as const,
    rateLimit: { max: FEEDBACK_CALLS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: callerKey },
  };
  const refusals = {
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
  };

  r.get(
    API_PATHS.feedbackCategories,
    {
      schema: routeSchema('feedback', 'SPEC §7 feedback categories: areas, rating and topic tags, limits', {
        response: { 200: FeedbackCategoriesResponseSchema },
      }),
    },
    async () => ({ status: 'SUCCESS' as const, data: feedback.categories() }),
  );

  r.get(
    API_PATHS.feedbackOrder,
    {
      config: limited,
      schema: routeSchema(
        'feedback',
        "The order as the rating form shows it: the caller's own, or a guest's order opened with ?mobileNo= (OFFLINE); FAILED OFFLINE or MOBILE_NOT_MATCHED otherwise",
        {
          params: FeedbackOrderParams,
          querystring: FeedbackOrderQuerySchema,
          response: { 200: FeedbackOrderResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => outcome(await feedback.orderView(customerOf(req), req.params.orderId, req.query.mobileNo)),
  );

  const submitResponse = { 200: SubmitFeedbackResponseSchema, ...refusals };
  r.post(
    API_PATHS.feedbackSubmit,
    {
      config: limited,
      schema: routeSchema(
        'feedback',
        'SPEC §7 submit feedback, the simple or the in-house (CSAT/NPS) form: one rating per order, within 60 days of delivery. SUCCESS, or PROCESSING when a ticket was opened',
        { body: SubmitFeedbackBodySchema, response: submitResponse },
      ),
    },
    async (req) => outcome(await feedback.submit(customerOf(req), req.body, 'STANDARD')),
  );

  r.post(
    API_PATHS.feedbackSubmitFtr,
    {
      config: limited,
      schema: routeSchema(
        'feedback',
        "SPEC §7 the first-time rider's (FTR) feedback: the customer's first delivered order only, the comment optional; answers a welcome",
        { body: SubmitFeedbackBodySchema, response: submitResponse },
      ),
    },
    async (req) => outcome(await feedback.submit(customerOf(req), req.body, 'FTR')),
  );

  r.get(
    API_PATHS.feedbackCount,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'feedback',
        'SPEC §7 feedback count (intervalcount): ratings given in the last ?interval= seconds',
        {
          querystring: FeedbackCountQuerySchema,
          response: { 200: FeedbackCountResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => ({
      status: 'SUCCESS' as const,
      data: await feedback.count(customerOf(req), req.query.interval),
    }),
  );
}
