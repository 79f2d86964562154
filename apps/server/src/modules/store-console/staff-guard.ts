import type { FastifyRequest } from 'fastify';
import { httpError } from '../../http/errors.ts';
import { CONSOLE_TEXTS } from './texts.ts';
import { verifyStaffToken, type StaffClaims } from './staff-token.ts';

/**
 * Who a staff route is for (decision 013), for the store console's routes and the modules that add tabs to it
 * (feedback's Ratings, content's admin calls): `console`, a staff member who may use the console; `any-staff`,
 * also one who must first replace a one-time password; `admin`, a chain admin who may use the console (a store's
 * login is 403 ADMIN_ONLY). Spread `forStaff(…)` into a route's options: the check runs once the input is
 * parsed (a malformed request is a 400 first); the handler reads the caller with `staffOf`.
 */
export function staffGuard(secret: string) {
  /** Any staff token, also one that may only change its password. */
  const tokenOf = (req: FastifyRequest): StaffClaims => {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? verifyStaffToken(token, secret, Math.floor(Date.now() / 1000)) : null;
    if (!claims) throw httpError(401, 'STAFF_UNAUTHORIZED', CONSOLE_TEXTS.ended);
    return claims;
  };
  /** A staff member who may use the console: a one-time password has been replaced. */
  const consoleStaffOf = (req: FastifyRequest): StaffClaims => {
    const claims = tokenOf(req);
    if (claims.pwc) throw httpError(403, 'PASSWORD_CHANGE_REQUIRED', CONSOLE_TEXTS.mustChange);
    return claims;
  };
  const callers = new WeakMap<FastifyRequest, StaffClaims>();
  /** A chain admin who may use the console. */
  const adminOf = (req: FastifyRequest): StaffClaims => {
    const claims = consoleStaffOf(req);
    if (claims.role !== 'ADMIN') throw httpError(403, 'ADMIN_ONLY', CONSOLE_TEXTS.adminOnly);
    return claims;
  };
  const check = { console: consoleStaffOf, 'any-staff': tokenOf, admin: adminOf } as const;
  const forStaff = (who: keyof typeof check) => ({
    preHandler: async (req: FastifyRequest) => {
      callers.set(req, check[who](req));
    },
  });
  const staffOf = (req: FastifyRequest): StaffClaims => {
    const claims = callers.get(req);
    if (!claims) throw new Error(`${req.method} ${req.routeOptions.url ?? req.url} is not declared forStaff`);
    return claims;
  };
  return { forStaff, staffOf };
}

/** One guard's pair: routes made with its `forStaff` read their caller with its own `staffOf`. */
export type StaffGuard = ReturnType<typeof staffGuard>;
