import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatRupees, paise } from '@crust/domain/money';
import type { PartnerVendor } from '@crust/contract/partner-bridge';
import { httpError } from '../../http/errors.ts';
import { MERCHANT_HEADER } from '../../providers/partner/protocol.ts';
import type { PartnerAnswer, PartnerSandbox } from '../../providers/partner/sandbox.ts';
import { HOSTS, hostPage, sendHostPage } from './partner-pages.ts';

const VendorPath = z.enum(['paytm', 'gpay']);
const VENDOR_OF: Record<z.infer<typeof VendorPath>, PartnerVendor> = { paytm: 'PAYTM', gpay: 'GPAY' };
const Id = z.string().min(1).max(64);
const Loose = z.record(z.string(), z.unknown());

const SwitchesSchema = z.strictObject({
  decline: z.boolean().optional(),
  expiredCodes: z.boolean().optional(),
  slowMs: z.number().int().min(0).max(60_000).optional(),
});

const send = (reply: FastifyReply, answer: PartnerAnswer) => reply.status(answer.status).send(answer.body);
const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};
const merchantOf = (req: FastifyRequest) => ({
  authorization: header(req, 'authorization'),
  merchantId: header(req, MERCHANT_HEADER),
});

/**
 * The partner sandbox over HTTP (issue 18; docs/partner-sandbox.md), outside production only: the host pages,
 * the host's server API per vendor, its switches and its notifications.
 */
export function sandboxPartnerRoutes(app: FastifyInstance, sandbox: PartnerSandbox): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const vendorOf = (path: z.infer<typeof VendorPath>): PartnerVendor => {
    const vendor = VENDOR_OF[path];
    if (!sandbox.vendors().includes(vendor))
      throw httpError(404, 'NOT_FOUND', 'This partner is not configured');
    return vendor;
  };
  const hidden = { hide: true } as const;

  // ——— the host pages ———
  r.get(
    '/sandbox/partner/:vendor',
    {
      schema: {
        ...hidden,
        params: z.object({ vendor: VendorPath }),
        querystring: z.object({
          mobile: z
            .string()
            .regex(/^[6-9]\d{9}$/)
            .optional(),
          name: z.string().min(1).max(60).optional(),
        }),
      },
    },
    async (req, reply) => {
      const vendor = vendorOf(req.params.vendor);
      const host = HOSTS[vendor];
      return sendHostPage(
        reply,
        hostPage(vendor, { mobile: req.query.mobile ?? host.mobile, name: req.query.name ?? host.user }),
      );
    },
  );

  // ——— what the host page asks its own server ———
  const api = '/sandbox/partner/:vendor/api';
  r.post(
    `${api}/host/codes`,
    {
      schema: {
        ...hidden,
        params: z.object({ vendor: VendorPath }),
        body: z.strictObject({
          clientId: z.string().max(40),
          mobile: z.string().regex(/^[6-9]\d{9}$/),
          name: z.string().trim().min(1).max(60),
        }),
      },
    },
    async (req, reply) => send(reply, await sandbox.issueCode(vendorOf(req.params.vendor), req.body)),
  );
  r.get(
    `${api}/host/orders/:orderRef`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath, orderRef: Id }) } },
    async (req, reply) => {
      const answer = await sandbox.sheetOrder(vendorOf(req.params.vendor), req.params.orderRef);
      const body = answer.body as { amountPaise?: number };
      // the sheet shows the amount as the app does (₹1,234.50)
      if (answer.status === 200 && typeof body.amountPaise === 'number')
        return reply.send({ ...body, amountText: formatRupees(paise(body.amountPaise)) });
      return send(reply, answer);
    },
  );
  r.post(
    `${api}/host/orders/:orderRef/pay`,
    {
      schema: {
        ...hidden,
        params: z.object({ vendor: VendorPath, orderRef: Id }),
        body: z.strictObject({ decision: z.enum(['pay', 'decline']) }),
      },
    },
    async (req, reply) =>
      send(reply, await sandbox.pay(vendorOf(req.params.vendor), req.params.orderRef, req.body.decision)),
  );

  // ——— the server API Crust's adapter calls (providers/partner/protocol.ts) ———
  r.post(
    `${api}/oauth/token`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }), body: Loose } },
    async (req, reply) => send(reply, await sandbox.token(vendorOf(req.params.vendor), req.body)),
  );
  r.get(
    `${api}/userinfo`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }) } },
    async (req, reply) =>
      send(reply, await sandbox.userinfo(vendorOf(req.params.vendor), header(req, 'authorization'))),
  );
  r.post(
    `${api}/orders`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }), body: Loose } },
    async (req, reply) =>
      send(reply, await sandbox.createOrder(vendorOf(req.params.vendor), merchantOf(req), req.body)),
  );
  r.get(
    `${api}/orders/:orderRef/payments`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath, orderRef: Id }) } },
    async (req, reply) =>
      send(
        reply,
        await sandbox.orderPayments(vendorOf(req.params.vendor), merchantOf(req), req.params.orderRef),
      ),
  );
  r.get(
    `${api}/payments/:paymentId`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath, paymentId: Id }) } },
    async (req, reply) =>
      send(reply, await sandbox.payment(vendorOf(req.params.vendor), merchantOf(req), req.params.paymentId)),
  );
  r.post(
    `${api}/payments/:paymentId/refunds`,
    { schema: { ...hidden, params: z.object({ vendor: VendorPath, paymentId: Id }), body: Loose } },
    async (req, reply) =>
      send(
        reply,
        await sandbox.refund(vendorOf(req.params.vendor), merchantOf(req), req.params.paymentId, req.body),
      ),
  );

  // ——— switches and notifications ———
  r.get(
    '/sandbox/partner/:vendor/switches',
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }) } },
    async (req) => sandbox.switches(vendorOf(req.params.vendor)),
  );
  r.post(
    '/sandbox/partner/:vendor/switches',
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }), body: SwitchesSchema } },
    async (req) => sandbox.changeSwitches(vendorOf(req.params.vendor), req.body),
  );
  r.post(
    '/sandbox/partner/:vendor/switches/reset',
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }) } },
    async (req) => sandbox.resetSwitches(vendorOf(req.params.vendor)),
  );
  r.get(
    '/sandbox/partner/:vendor/notifications',
    { schema: { ...hidden, params: z.object({ vendor: VendorPath }) } },
    async (req) => ({ notifications: await sandbox.notifications(vendorOf(req.params.vendor)) }),
  );
  r.post('/sandbox/partner/notifications/drain', { schema: hidden }, async () => sandbox.drain());
}
