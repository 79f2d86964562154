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
import type { Deps } from '../../deps.ts';
import { outcome } from '../../http/errors.ts';
import { routeSchema } from '../../http/route-schema.ts';
import { guestOf } from './guest.ts';
import { passwordLogin, sendOtp, validateOtp } from './service.ts';
import { socialRoutes } from './social-routes.ts';

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginDeps = { db: deps.database.db, secret: deps.config.sessionSecret, carts: deps.carts };
  // login and forgot password send the same code under the same limits
  const send = async (input: Parameters<typeof sendOtp>[3]) =>
    outcome(await sendOtp(deps.database.db, deps.sms, deps.config.sessionSecret, input, new Date()));

  r.post(
    API_PATHS.otpSend,
    {
      schema: routeSchema(
        'auth',
        'SPEC §7 send OTP: a 6-digit code by SMS (the same answer for any number)',
        {
          body: SendOtpBodySchema,
          response: { 200: SendOtpResponseSchema },
        },
      ),
    },
    async (req) => send({ ...req.body, ip: req.ip }),
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
      const result = await validateOtp(
        loginDeps,
        {
          mobile: req.body.mobile,
          code: req.body.code,
          requestId: req.body.requestId,
          ...guestOf(req),
        },
        new Date(),
      );
      return outcome(result);
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
    async (req) => {
      const result = await passwordLogin(loginDeps, { ...req.body, ...guestOf(req) }, new Date());
      return outcome(result);
    },
  );

  r.post(
    API_PATHS.forgotPassword,
    {
      schema: routeSchema('auth', 'SPEC §4 forgot password: an OTP to log in with, then a new password', {
        body: ForgotPasswordBodySchema,
        response: { 200: SendOtpResponseSchema },
      }),
    },
    async (req) => send({ mobile: req.body.mobile, ip: req.ip }),
  );

  socialRoutes(app, deps);
}
