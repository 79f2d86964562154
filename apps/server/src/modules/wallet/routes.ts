import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseCalendarDate } from '@crust/domain/calendar-date';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import {
  WalletLedgerQuerySchema,
  WalletLedgerResponseSchema,
  WalletSummaryResponseSchema,
} from '@crust/contract/wallet';
import { httpError } from '../../http/errors.ts';
import { callerOf } from '../../http/principal.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { WalletService } from './service.ts';

export interface WalletRoutesOptions {
  wallets: WalletService;
  /** the customer's Pizza Pals points, through the loyalty module's face */
  loyaltyPoints: (customerId: string) => Promise<number>;
}

const customerOf = (req: FastifyRequest) => callerOf(req).userId;

/** SPEC §7 wallet summary and ledger, for a logged-in customer (guests have no wallet: SPEC §6). */
export function walletRoutes(app: FastifyInstance, { wallets, loyaltyPoints }: WalletRoutesOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema };

  r.get(
    API_PATHS.walletSummary,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'wallet',
        "The caller's wallet: what it can pay, its Promo and Refund Points, and Pizza Pals",
        {
          response: { 200: WalletSummaryResponseSchema, ...errors },
        },
      ),
    },
    async (req) => {
      const customerId = customerOf(req);
      return {
        status: 'SUCCESS' as const,
        data: await wallets.summary(customerId, await loyaltyPoints(customerId)),
      };
    },
  );

  r.get(
    API_PATHS.walletLedger,
    {
      config: { auth: 'customer' },
      schema: routeSchema(
        'wallet',
        "The caller's wallet ledger, newest first, 20 a page (pageNo from 1); a transactiondate header (YYYY-MM-DD, IST) keeps one day",
        { querystring: WalletLedgerQuerySchema, response: { 200: WalletLedgerResponseSchema, ...errors } },
      ),
    },
    async (req) => {
      const header = req.headers.transactiondate;
      const day = typeof header === 'string' && header !== '' ? header : null;
      // a day that does not exist (2026-02-30, 2026-13-45) is refused, not rolled over or turned into a 500
      if (day !== null && parseCalendarDate(day) === null)
        throw httpError(
          400,
          'BAD_REQUEST',
          'The transactiondate header must be a real date as YYYY-MM-DD, like 2026-11-26',
          {
            field: 'headers.transactiondate',
          },
        );
      return { status: 'SUCCESS' as const, data: await wallets.page(customerOf(req), req.query.pageNo, day) };
    },
  );
}
