import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  LoginResponseSchema,
  SocialConfigResponseSchema,
  SocialLoginBodySchema,
  SocialSearchBodySchema,
} from '@crust/contract/auth';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import { outcome } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { guestOf } from './guest.ts';
import type { IdentityProvider } from '../../providers/identity/provider.ts';
import type { LoginService } from './logins.ts';

export interface AuthRoutesOptions {
  logins: LoginService;
  /** social sign-in; null when it is off */
  identity: IdentityProvider | null;
}

/** Social sign-in (docs/identity.md "Social sign-in", decision 009). */
export function socialRoutes(app: FastifyInstance, { logins, identity }: AuthRoutesOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // each call checks a signature, and the login an OTP: one address gets no more than the OTP login does
  const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  r.get(
    API_PATHS.socialConfig,
    {
      schema: routeSchema('auth', 'Social sign-in providers: where the browser starts the OIDC code flow', {
        response: { 200: SocialConfigResponseSchema },
      }),
    },
    async (req) => {
      if (!identity) return { status: 'SUCCESS' as const, data: { providers: [] } };
      try {
        const config = await identity.publicConfig();
        const { source, label } = identity;
        return { status: 'SUCCESS' as const, data: { providers: [{ source, label, ...config }] } };
      } catch (err) {
        // the provider is unreachable: the client hides the button rather than send people nowhere
        req.log.warn({ err }, 'social sign-in provider unavailable');
        return { status: 'SUCCESS' as const, data: { providers: [] } };
      }
    },
  );

  r.post(
    API_PATHS.socialSearch,
    {
      config: limited,
      schema: routeSchema('auth', 'SPEC §7 social user search: log in a linked person, else 404 in errors', {
        body: SocialSearchBodySchema,
        response: { 200: LoginResponseSchema, 429: ErrorResponseSchema },
      }),
    },
    async (req) => {
      const { source, token, nonce } = req.body;
      return outcome(await logins.socialSearch({ source, token, nonce, ...guestOf(req) }));
    },
  );

  r.post(
    API_PATHS.socialLogin,
    {
      config: limited,
      schema: routeSchema('auth', 'SPEC §7 social login submit: link the person to an OTP-proven mobile', {
        body: SocialLoginBodySchema,
        response: { 200: LoginResponseSchema, 429: ErrorResponseSchema },
      }),
    },
    async (req) => outcome(await logins.socialLogin({ ...req.body, ...guestOf(req) })),
  );
}
