import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NewStaffBodySchema,
  StaffChangeBodySchema,
  StaffIssuedResponseSchema,
  StaffListResponseSchema,
  StaffMemberResponseSchema,
  StaffParams,
  StaffResetBodySchema,
} from '@crust/contract/back-office';
import { ErrorResponseSchema } from '@crust/contract/common';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import {
  StaffLoginBodySchema,
  StaffPasswordBodySchema,
  StaffSessionResponseSchema,
} from '@crust/contract/store-console';
import { ok, staffRefusals } from '../../http/route-answers.ts';
import { routeSchema } from '../../http/route-schema.ts';
import type { StaffAdmin } from './admin.ts';
import type { StaffGuard } from './guard.ts';
import type { StaffSessions } from './sessions.ts';

const refusals = { 400: ErrorResponseSchema, ...staffRefusals };

/** Staff logging in and replacing passwords; the back office's Staff view (issue 30 §1). */
export function staffRoutes(
  app: FastifyInstance,
  { sessions, admin }: { sessions: StaffSessions; admin: StaffAdmin },
  guard: StaffGuard,
): void {
  staffSessionRoutes(app, sessions, guard);
  staffAdminRoutes(app, admin, guard);
}

/** Logging in, and replacing a password (a one-time password must be replaced before anything else). */
function staffSessionRoutes(
  app: FastifyInstance,
  sessions: StaffSessions,
  { forStaff, staffOf }: StaffGuard,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    CONSOLE_PATHS.staffLogin,
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: routeSchema('store', 'Store staff log in with a username and password', {
        body: StaffLoginBodySchema,
        response: {
          200: StaffSessionResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      }),
    },
    async (req) => ok(await sessions.login(req.body.username, req.body.password, req.ip)),
  );

  r.post(
    CONSOLE_PATHS.staffPassword,
    {
      ...forStaff('any-staff'),
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: routeSchema(
        'store',
        'A staff member replaces their password (required after a one-time password); answers a new session',
        {
          body: StaffPasswordBodySchema,
          response: {
            200: StaffSessionResponseSchema,
            401: ErrorResponseSchema,
            429: ErrorResponseSchema,
          },
        },
      ),
    },
    async (req) =>
      ok(await sessions.changePassword(staffOf(req), req.body.currentPassword, req.body.newPassword, req.ip)),
  );
}

/** The logins a caller manages: list, make, change (also turn off and on), reset. */
function staffAdminRoutes(app: FastifyInstance, admin: StaffAdmin, { forStaff, staffOf }: StaffGuard): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    CONSOLE_PATHS.staffMembers,
    {
      ...forStaff('staff'),
      schema: routeSchema(
        'store',
        'The logins this one manages, with the stores and cities it may place them in',
        {
          response: { 200: StaffListResponseSchema, ...refusals },
        },
      ),
    },
    async (req) => ok(await admin.list(staffOf(req))),
  );

  r.post(
    CONSOLE_PATHS.staffMembers,
    {
      ...forStaff('staff'),
      schema: routeSchema('store', 'A new login with a one-time password, shown once', {
        body: NewStaffBodySchema,
        response: { 200: StaffIssuedResponseSchema, ...refusals },
      }),
    },
    async (req) => ok(await admin.create(staffOf(req), req.body)),
  );

  r.patch(
    CONSOLE_PATHS.staffMember,
    {
      ...forStaff('staff'),
      schema: routeSchema('store', "A login's name, role, place or mobile; or turned off or on", {
        params: StaffParams,
        body: StaffChangeBodySchema,
        response: { 200: StaffMemberResponseSchema, ...refusals },
      }),
    },
    async (req) => ok({ member: await admin.change(staffOf(req), req.params.staffId, req.body) }),
  );

  r.post(
    CONSOLE_PATHS.staffMemberReset,
    {
      ...forStaff('staff'),
      schema: routeSchema('store', 'A new one-time password for a login; its sessions end', {
        params: StaffParams,
        body: StaffResetBodySchema,
        response: { 200: StaffIssuedResponseSchema, ...refusals },
      }),
    },
    async (req) => ok(await admin.reset(staffOf(req), req.params.staffId, req.body.version)),
  );
}
