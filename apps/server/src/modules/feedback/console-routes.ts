import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CloseTicketBodySchema,
  ConsoleRatingsResponseSchema,
  ConsoleTicketResponseSchema,
  ConsoleTicketsResponseSchema,
  RatingsQuerySchema,
  TicketParams,
} from '@crust/contract/feedback';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { ConsoleStoreParams } from '@crust/contract/store-console';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import type { FeedbackService } from './service.ts';

/**
 * The store console's Ratings tab (docs/store-console.md): staff tokens as the console's own routes take them; a
 * store's login sees its store, the chain admin any.
 */
export function feedbackConsoleRoutes(
  app: FastifyInstance,
  feedback: FeedbackService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.consoleRatings,
    {
      ...forStaff('ratings'),
      schema: routeSchema(
        'store',
        "A store's ratings from one IST day to another (both included): CSAT average, NPS, promoters, passives, detractors, the newest ratings",
        {
          params: ConsoleStoreParams,
          querystring: RatingsQuerySchema,
          response: { 200: ConsoleRatingsResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await feedback.ratings(staffOf(req), req.params.storeId, req.query.from, req.query.to)),
  );

  r.get(
    CONSOLE_PATHS.consoleTickets,
    {
      ...forStaff('ratings'),
      schema: routeSchema(
        'store',
        "A store's rating tickets: the open ones first (oldest first), then the closed",
        {
          params: ConsoleStoreParams,
          response: { 200: ConsoleTicketsResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok({ tickets: await feedback.tickets(staffOf(req), req.params.storeId) }),
  );

  r.post(
    CONSOLE_PATHS.consoleTicketClose,
    {
      ...forStaff('ratings'),
      schema: routeSchema(
        'store',
        'Closes an open ticket with a reply (staff and time recorded); once only',
        {
          params: TicketParams,
          body: CloseTicketBodySchema,
          response: { 200: ConsoleTicketResponseSchema, ...staffRefusals },
        },
      ),
    },
    async (req) => ok(await feedback.closeTicket(staffOf(req), req.params.feedbackId, req.body.reply)),
  );
}
