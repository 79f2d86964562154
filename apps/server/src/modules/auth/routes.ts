import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ForgotPasswordBodySchema,
  LoginResponseSchema,
  PasswordLoginBodySchema,
  SendOtpBodySchema,
  SendOtpResponseSchema,
  ValidateOtpBodySchema,
} from '@crust/contract/auth';
import { ErrorResponseSchema } from '@crust/contract/common';
import { API_PATHS } from '@crust/contract/paths';
import { outcome } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { guestOf } from './guest.ts';
import { socialRoutes, type AuthRoutesOptions } from './social-routes.ts';

export function authRoutes(app: FastifyInstance, { logins, identity }: AuthRoutesOptions): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    API_PATHS.otpSend,
    {
      schema: routeSchema(
        'auth',
        'SPEC §7 send OTP: a 6-digit code by SMS (the same answer for any number)',
        {
          body: SendOtpBodySchema,
          // 503 SMS_FAILED: the SMS provider did not take the text; try again
          response: { 200: SendOtpResponseSchema, 503: ErrorResponseSchema },
        },
      ),
    },
    async (req) => outcome(await logins.sendOtp({ ...req.body, ip: req.ip })),
  );

  r.post(
    API_PATHS.otpValidate,
    {
      // guesses from one address are slowed down on top of the 4 attempts each code allows
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: routeSchema('auth', 'SPEC §7 validate OTP: log in; the guest cart (cartid header) moves in', {
        body: ValidateOtpBodySchema,
        response: { 200: LoginResponseSchema, 429: ErrorResponseSchema },
      }),
    },
    async (req) => {
      const { mobile, code, requestId } = req.body;
      return outcome(await logins.validateOtp({ mobile, code, requestId, ...guestOf(req) }));
    },
  );

  r.post(
    API_PATHS.passwordLogin,
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: routeSchema('auth', 'SPEC §7 login by password (mobile, password)', {
        body: PasswordLoginBodySchema,
        response: { 200: LoginResponseSchema, 429: ErrorResponseSchema },
      }),
    },
    async (req) => outcome(await logins.passwordLogin({ ...req.body, ip: req.ip, ...guestOf(req) })),
  );

  r.post(
    API_PATHS.forgotPassword,
    {
      schema: routeSchema('auth', 'SPEC §4 forgot password: an OTP to log in with, then a new password', {
        body: ForgotPasswordBodySchema,
        response: { 200: SendOtpResponseSchema, 503: ErrorResponseSchema },
      }),
    },
    async (req) => outcome(await logins.sendOtp({ mobile: req.body.mobile, ip: req.ip })),
  );

  socialRoutes(app, { logins, identity });
}
