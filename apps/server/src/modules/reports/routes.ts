import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  REPORT_KINDS,
  REPORT_PATHS,
  REPORT_RESPONSES,
  ReportQuerySchema,
  type ReportKind,
} from '@crust/contract/reports';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffGuard } from '../staff/guard.ts';
import { reportCsv } from './csv.ts';
import type { ReportService } from './service.ts';

const SUMMARIES: Record<ReportKind, string> = {
  sales: 'Sales per period and store, city or chain: orders, gross, discounts, net, GST, average order value',
  mix: 'Orders and net sales by order type and by payment method, per period and store, city or chain',
  items: 'The best-selling items over the range: quantity and net',
  offers: 'What each coupon and everyday-value deal cost over the range: orders, discount, net',
  delivery: 'Delivery orders placed to delivered (median and p90 minutes) and guarantee payouts',
  loyalty: 'Pizza Pals points earned and redeemed by the period’s orders',
  ratings: 'Ratings given in the period: CSAT average and NPS, per period and store, city or chain',
};

/**
 * The back office's reports (issue 30 §5): one GET per report, for chain admins, regional and store managers
 * (`reports`), over IST days; `?format=csv` answers the same table as a download, money in rupees.
 */
export function reportRoutes(
  app: FastifyInstance,
  reports: ReportService,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of REPORT_KINDS)
    r.get(
      REPORT_PATHS[kind],
      {
        ...forStaff('reports'),
        schema: routeSchema(
          'store',
          `${SUMMARIES[kind]}. IST days from–to (both included, at most 366); ?format=csv: text/csv, an attachment`,
          {
            querystring: ReportQuerySchema,
            // each kind's own answer (checked by the serializer); typed loosely here, one route per kind in a loop
            response: { 200: REPORT_RESPONSES[kind] as z.ZodType, ...staffRefusals },
          },
        ),
      },
      async (req, reply) => {
        const report = await reports.report(kind, staffOf(req), req.query);
        reply.header('cache-control', 'private, no-store');
        if (req.query.format !== 'csv') return ok(report);
        const { filename, body } = reportCsv(kind, report);
        // a Buffer is sent as it is, never through the JSON serializer
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .send(Buffer.from(body, 'utf8'));
      },
    );
}
