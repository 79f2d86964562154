import { expect } from 'vitest';
import { StaffIssuedResponseSchema } from '@crust/contract/back-office';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import { StaffSessionResponseSchema } from '@crust/contract/store-console';
import { json, type TestApp } from './helpers.ts';

export type StaffMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** A staff member's calls with their bearer token. */
export interface StaffLogin {
  call(method: StaffMethod, url: string, payload?: object): Promise<{ statusCode: number; body: string }>;
}
export type NewStaffLogin = StaffLogin & { id: string; version: number };

type Errors = { errors: { code: string; displayMsg: string; field?: string }[] };
export const errorsOf = (res: { body: string }) => json<Errors>(res).errors;
export const errorOf = (res: { body: string }) => errorsOf(res)[0]!;

/**
 * A back-office test file's logins against its app. Each call comes from its own address under `net` (e.g.
 * '10.70'), as the console's users would: the login route limits guesses per address, and a file logs in often.
 */
export function staffLogins(app: () => Pick<TestApp, 'app'>, net: string) {
  let addresses = 0;
  const from = () => `${net}.${Math.floor(++addresses / 250)}.${addresses % 250}`;

  function loginOf(token: string): StaffLogin {
    return {
      call: (method, url, payload) =>
        app().app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: from(),
          ...(payload ? { payload } : {}),
        }),
    };
  }

  async function logIn(username: string, password: string): Promise<StaffLogin> {
    const res = await app().app.inject({
      method: 'POST',
      url: CONSOLE_PATHS.staffLogin,
      payload: { username, password },
      remoteAddress: from(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return loginOf(StaffSessionResponseSchema.parse(json(res)).data.token);
  }

  /** A new login made by `by`, its one-time password replaced, as its owner would at first login. */
  async function newLogin(by: StaffLogin, body: object): Promise<NewStaffLogin> {
    const res = await by.call('POST', CONSOLE_PATHS.staffMembers, body);
    expect(res.statusCode, res.body).toBe(200);
    const issued = StaffIssuedResponseSchema.parse(json(res)).data;
    const once = await logIn(issued.member.username, issued.oneTimePassword);
    const changed = await once.call('POST', CONSOLE_PATHS.staffPassword, {
      currentPassword: issued.oneTimePassword,
      newPassword: `${issued.member.username}-own-password`,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const session = StaffSessionResponseSchema.parse(json(changed)).data;
    return { ...loginOf(session.token), id: issued.member.id, version: issued.member.version };
  }

  return { from, loginOf, logIn, newLogin };
}
