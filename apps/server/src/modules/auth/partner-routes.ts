import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginResponseSchema } from '@crust/contract/auth';
import { ErrorResponseSchema } from '@crust/contract/common';
import { PartnerLoginBodySchema } from '@crust/contract/partner';
import { PARTNER_CLIENT_IDS, type PartnerVendor } from '@crust/contract/partner-bridge';
import { API_PATHS } from '@crust/contract/paths';
import { failed, outcome } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { guestOf } from './guest.ts';
import { partnerLogin, type PartnerLoginDeps } from './partner.ts';
import { AUTH_TEXTS } from './texts.ts';

/** SPEC §7 POST partner login /{vendor}: /api/v1/paytm and /api/v1/googlepay (issue 18). */
export function partnerLoginRoutes(app: FastifyInstance, deps: PartnerLoginDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // a code exchange costs the partner a call: one address gets no more than the OTP login does
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const paths: Record<PartnerVendor, string> = { PAYTM: API_PATHS.paytmLogin, GPAY: API_PATHS.gpayLogin };
  for (const vendor of Object.keys(paths) as PartnerVendor[]) {
    r.post(
      paths[vendor],
      {
        config: limited,
        schema: routeSchema(
          'auth',
          `SPEC §7 partner login /${PARTNER_CLIENT_IDS[vendor]}: the ${vendor} host's auth code for Crust's session (loginType ${vendor})`,
          {
            body: PartnerLoginBodySchema,
            response: { 200: LoginResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
          },
        ),
      },
      async (req, reply) => {
        // the code was given to this host's mini-app: another host's client id is not its to spend here
        if (req.body.clientId !== PARTNER_CLIENT_IDS[vendor])
          return reply
            .status(400)
            .send(failed('PARTNER_CODE_INVALID', AUTH_TEXTS.partnerCodeInvalid, { field: 'clientId' }));
        return outcome(
          await partnerLogin(
            deps,
            vendor,
            { authCode: req.body.authCode, ...guestOf(req) },
            () => new Date(),
          ),
        );
      },
    );
  }
}
