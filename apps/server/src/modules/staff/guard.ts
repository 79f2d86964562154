import type { FastifyRequest } from 'fastify';
import { chainOnly, type StaffAction } from '@crust/domain/staff-roles';
import { httpError } from '../../http/errors.ts';
import type { StaffCaller, StaffDirectory } from './directory.ts';
import { CONSOLE_TEXTS } from './texts.ts';
import { verifyStaffToken } from './token.ts';

/** `any-staff`: also a login that must first replace its one-time password (the change of password itself). */
export type StaffAudience = 'any-staff' | 'console' | StaffAction;

/**
 * Who a staff route is for (decision 013; roles in docs/back-office.md), for the console's routes and the modules
 * that add to it (feedback's Ratings, content's admin calls, the back office): `any-staff`, a valid session, also
 * one that must replace a one-time password; `console`, a login that may use the console; an action (`queue`,
 * `stock`, `staff`, `content`, …), a login whose role may do it (else 403 ROLE_NOT_ALLOWED, or ADMIN_ONLY for
 * what only a chain admin does). Every check reads the login's row: a disabled login or one reset since the
 * session was issued is 401 at once. Spread `forStaff(…)` into a route's options: the check runs once the input is
 * parsed (a malformed request is a 400 first); the handler reads the caller with `staffOf`. Which stores the
 * caller reaches is the service's check, with `caller.reach`.
 */
export function staffGuard({ secret, directory }: { secret: string; directory: StaffDirectory }) {
  const callerOf = async (req: FastifyRequest): Promise<StaffCaller> => {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? verifyStaffToken(token, secret, Math.floor(Date.now() / 1000)) : null;
    const caller = claims ? await directory.callerOf(claims) : null;
    if (!caller) throw httpError(401, 'STAFF_UNAUTHORIZED', CONSOLE_TEXTS.ended);
    return caller;
  };
  const check = async (req: FastifyRequest, who: StaffAudience): Promise<StaffCaller> => {
    const caller = await callerOf(req);
    if (who === 'any-staff') return caller;
    if (caller.mustChangePassword) throw httpError(403, 'PASSWORD_CHANGE_REQUIRED', CONSOLE_TEXTS.mustChange);
    if (who === 'console' || caller.may.includes(who)) return caller;
    if (chainOnly(who)) throw httpError(403, 'ADMIN_ONLY', CONSOLE_TEXTS.adminOnly);
    throw httpError(403, 'ROLE_NOT_ALLOWED', CONSOLE_TEXTS.roleNotAllowed);
  };
  const callers = new WeakMap<FastifyRequest, StaffCaller>();
  const forStaff = (who: StaffAudience) => ({
    preHandler: async (req: FastifyRequest) => {
      callers.set(req, await check(req, who));
    },
  });
  const staffOf = (req: FastifyRequest): StaffCaller => {
    const caller = callers.get(req);
    if (!caller) throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} is not declared forStaff`);
    return caller;
  };
  return { forStaff, staffOf };
}

/** One guard's pair: routes made with its `forStaff` read their caller with its own `staffOf`. */
export type StaffGuard = ReturnType<typeof staffGuard>;
