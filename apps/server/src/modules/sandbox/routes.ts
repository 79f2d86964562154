import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponseSchema, IdParam } from '@crust/contract/common';
import type { Db } from '../../db/client.ts';
import type { SandboxIdp } from '../../providers/identity/sandbox-idp.ts';
import type { SandboxGateway } from '../../providers/payments/sandbox-gateway.ts';
import type { RailSandbox } from '../../providers/rail/sandbox.ts';
import type { PaytmSandbox } from '../../providers/paytm-wallet/sandbox.ts';
import type { PartnerSandbox } from '../../providers/partner/sandbox.ts';
import type { PushSandbox } from '../../providers/push/sandbox.ts';
import { httpError } from '../../http/errors.ts';
import type { MenuCache } from '../menu/service.ts';
import type { LoyaltyService } from '../loyalty/service.ts';
import type { TrainWatch } from '../orders/train-watch.ts';
import type { WalletService } from '../wallet/service.ts';
import { sandboxIdpRoutes } from './idp-routes.ts';
import { sandboxPgRoutes } from './pg-routes.ts';
import { sandboxRailRoutes } from './rail-routes.ts';
import { sandboxPaytmRoutes } from './paytm-routes.ts';
import { sandboxPartnerRoutes } from './partner-routes.ts';
import { sandboxPushRoutes } from './push-routes.ts';
import { promiseEarlier } from './repo.ts';
import { sandboxSmsRoutes, type SandboxSmsOptions } from './sms-routes.ts';

/**
 * Development and test tools under /sandbox (never mounted in production). The stock switch lets a
 * developer or a browser test do what the store console (issue 6) will do for staff: take a product
 * off a store's menu, mark it out of stock, or change its price there. The wallet credit stands in for a
 * top-up (Crust has no public one yet), so a browser test can pay with the wallet.
 */
export interface SandboxRoutesOptions {
  /** null in production, where no sandbox is mounted */
  sms: SandboxSmsOptions | null;
  menus: MenuCache;
  wallets: WalletService;
  customerIdByMobile(mobile: string): Promise<string | undefined>;
  idp: SandboxIdp | null;
  gateway: SandboxGateway | null;
  /** the loyalty credit job, run "as of" a time (docs/loyalty.md) */
  loyalty: Pick<LoyaltyService, 'creditDue' | 'goodwill'>;
  /** the database, for the late-delivery switch */
  db: Db;
  /** the train watch, run now rather than in a minute (docs/train.md) */
  trainWatch: Pick<TrainWatch, 'pass'>;
  /** the rail provider's sandbox (issue 16 §1) */
  rail: RailSandbox | null;
  /** the Paytm wallet's sandbox (issue 18 §2) */
  paytm?: PaytmSandbox | null;
  /** the partner hosts PAYTM and GPAY (issue 18) */
  partner?: PartnerSandbox | null;
  /** the push service and browser played locally (issue 31 §14) */
  push?: PushSandbox | null;
}

export function sandboxRoutes(app: FastifyInstance, o: SandboxRoutesOptions): void {
  if (o.idp) sandboxIdpRoutes(app, o.idp);
  if (o.gateway) sandboxPgRoutes(app, o.gateway);
  // the SMS inbox, the Gupshup sandbox and its test modes
  if (o.sms) sandboxSmsRoutes(app, o.sms);
  // the PNR protocol and its switches (issue 16 §1)
  if (o.rail) sandboxRailRoutes(app, o.rail);
  // Paytm's wallet API, its add-money page and switches (issue 18 §2)
  if (o.paytm) sandboxPaytmRoutes(app, o.paytm);
  // the partner hosts' pages, server API and switches (issue 18)
  if (o.partner) sandboxPartnerRoutes(app, o.partner);
  // a push service that decrypts what it takes (issue 31 §14)
  if (o.push) sandboxPushRoutes(app, o.push);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/stores/:storeId/products/:productCode',
    {
      schema: {
        hide: true,
        params: z.object({ storeId: IdParam, productCode: z.string().regex(/^[A-Z]{3}\d{4}$/) }),
        body: z.strictObject({
          available: z.boolean().optional(),
          inStock: z.boolean().optional(),
          priceDeltaPaise: z.number().int().min(-100_000).max(100_000).optional(),
        }),
        response: { 200: z.object({ status: z.literal('SUCCESS') }), 404: ErrorResponseSchema },
      },
    },
    async (req) => {
      const { storeId, productCode } = req.params;
      if (!(await o.menus.changeProduct(storeId, productCode, req.body)))
        throw httpError(404, 'NOT_FOUND', 'No such store or product');
      return { status: 'SUCCESS' as const };
    },
  );

  // a sandbox top-up of a customer's wallet (PIGGYBANK): a new credit entry per call (a fresh ref each time)
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/wallet/credit',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          mobile: z.string().regex(/^\d{10}$/),
          amountPaise: z.number().int().min(1).max(10_000_000),
        }),
        response: {
          200: z.object({ status: z.literal('SUCCESS'), ref: z.string(), balancePaise: z.number().int() }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (req) => {
      const customerId = await o.customerIdByMobile(req.body.mobile);
      if (!customerId) throw httpError(404, 'NOT_FOUND', 'No customer with this mobile');
      const ref = `sandbox-${randomUUID()}`;
      const out = await o.wallets.credit(customerId, req.body.amountPaise, ref);
      if (!out.ok) throw new Error(`sandbox wallet credit refused: ${out.reason}`);
      return { status: 'SUCCESS' as const, ref, balancePaise: await o.wallets.balance(customerId) };
    },
  );

  // a placed order promised `minutes` ago, so its delivery is late (SPEC §9) and credits the guarantee to the
  // customer's wallet: a demo or a browser test sees a late-delivery credit without waiting half an hour
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/orders/:orderId/late',
    {
      schema: {
        hide: true,
        params: z.object({ orderId: z.string().regex(/^O[0-9A-F]{20}$/) }),
        body: z.strictObject({ minutes: z.number().int().min(1).max(600) }),
        response: { 200: z.object({ status: z.literal('SUCCESS') }), 404: ErrorResponseSchema },
      },
    },
    async (req) => {
      if (!(await promiseEarlier(o.db, req.params.orderId, req.body.minutes)))
        throw httpError(404, 'NOT_FOUND', 'No placed order awaiting delivery with this id');
      return { status: 'SUCCESS' as const };
    },
  );

  // the loyalty credit job as of a time (default now): a demo or a test sees points credited without waiting a day
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/loyalty/credit',
    {
      schema: {
        hide: true,
        body: z.strictObject({ asOf: z.iso.datetime().optional() }).optional(),
        response: { 200: z.object({ status: z.literal('SUCCESS'), credited: z.number().int() }) },
      },
    },
    async (req) => {
      const asOf = req.body?.asOf ? Date.parse(req.body.asOf) : Date.now();
      return { status: 'SUCCESS' as const, credited: await o.loyalty.creditDue(asOf) };
    },
  );

  // points for a demo or a test without six days of orders: a goodwill grant, back-dated a day so it is burnable
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/loyalty/goodwill',
    {
      schema: {
        hide: true,
        body: z.strictObject({
          mobile: z.string().regex(/^[6-9]\d{9}$/),
          points: z.number().int().min(1).max(100_000),
          at: z.iso.datetime().optional(),
        }),
        response: {
          200: z.object({ status: z.literal('SUCCESS'), points: z.number().int() }),
          404: ErrorResponseSchema,
        },
      },
    },
    async (req) => {
      const customerId = await o.customerIdByMobile(req.body.mobile);
      if (!customerId) throw httpError(404, 'NOT_FOUND', 'No customer with this mobile');
      const at = req.body.at ? Date.parse(req.body.at) : Date.now() - 25 * 3600_000;
      return {
        status: 'SUCCESS' as const,
        points: await o.loyalty.goodwill(customerId, req.body.points, at),
      };
    },
  );

  // the train watch now: train orders' promises follow their trains without waiting for the next pass
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sandbox/rail/watch',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({
            status: z.literal('SUCCESS'),
            moved: z.number().int(),
            undelivered: z.number().int(),
          }),
        },
      },
    },
    async () => ({ status: 'SUCCESS' as const, ...(await o.trainWatch.pass()) }),
  );
}
