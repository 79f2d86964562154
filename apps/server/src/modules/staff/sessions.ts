import type { ConsoleStore, StaffSession } from '@crust/contract/store-console';
import type { StaffReach } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../crypto/passwords.ts';
import { httpError, tooMany } from '../../http/errors.ts';
import { giveBack, takeSlots } from '../../http/limits.ts';
import { staffPasswordAttempts } from '../auth/limits.ts';
import type { StaffCaller, StaffDirectory } from './directory.ts';
import * as repo from './repo.ts';
import { CONSOLE_TEXTS } from './texts.ts';
import { signStaffToken, STAFF_SESSION_SECONDS, type StaffClaims } from './token.ts';

export interface StaffSessionDeps {
  db: Db;
  directory: StaffDirectory;
  secret: string;
  /** the stores a session lists (the store console's) */
  storesOf: (reach: StaffReach) => Promise<ConsoleStore[]>;
  clock?: () => number;
}

/** Staff logging in and replacing their password (docs/store-console.md "Logging in"). */
export class StaffSessions {
  private readonly clock: () => number;
  constructor(private readonly d: StaffSessionDeps) {
    this.clock = d.clock ?? Date.now;
  }

  async login(username: string, password: string, clientAddress: string): Promise<StaffSession> {
    const name = username.toLowerCase();
    const attempt = await this.takeAttempt(name, clientAddress);
    const member = await repo.findStaff(this.d.db, name);
    // an unknown username costs the same time as a wrong password
    if (!member) await burnPasswordCheck(password);
    if (!member || !(await verifyPassword(password, member.passwordHash)))
      throw httpError(401, 'INVALID_CREDENTIALS', CONSOLE_TEXTS.badLogin);
    await giveBack(this.d.db, attempt.slots);
    // said only to whoever knows the password
    if (member.disabledAt !== null) throw httpError(403, 'STAFF_DISABLED', CONSOLE_TEXTS.disabled);
    return this.session(member);
  }

  /**
   * A staff member replaces their password, proving the current one (the one-time password of staff:admin or of a
   * reset, or their own). Checked under the same attempts as the login; answers a session without the change flag.
   */
  async changePassword(
    caller: StaffCaller,
    current: string,
    next: string,
    clientAddress: string,
  ): Promise<StaffSession> {
    const member = await repo.findStaffById(this.d.db, caller.sub);
    if (!member) throw httpError(401, 'STAFF_UNAUTHORIZED', CONSOLE_TEXTS.ended);
    const attempt = await this.takeAttempt(member.username, clientAddress);
    if (!(await verifyPassword(current, member.passwordHash)))
      throw httpError(400, 'WRONG_PASSWORD', CONSOLE_TEXTS.wrongCurrent, { field: 'body.currentPassword' });
    await giveBack(this.d.db, attempt.slots);
    if (next === current)
      throw httpError(400, 'SAME_PASSWORD', CONSOLE_TEXTS.samePassword, { field: 'body.newPassword' });
    await repo.setStaffPassword(this.d.db, member.id, await hashPassword(next), false);
    return this.session({ ...member, mustChangePassword: false });
  }

  /**
   * One of the login's 5 checks per 15 minutes from this address, and of its 50 from all addresses, taken before
   * the hash is checked (docs/security.md "Limits"): a stranger's wrong passwords do not keep the store's tablet out.
   */
  private async takeAttempt(username: string, clientAddress: string) {
    const attempt = await takeSlots(
      this.d.db,
      staffPasswordAttempts(username, clientAddress),
      new Date(this.clock()),
    );
    if (!attempt.ok) throw tooMany('STAFF_LOGIN_LOCKED', CONSOLE_TEXTS.locked, attempt.retryAfterSec);
    return attempt;
  }

  private async session(member: repo.StaffRow): Promise<StaffSession> {
    const now = this.clock();
    const exp = Math.floor(now / 1000) + STAFF_SESSION_SECONDS;
    const claims: StaffClaims = { sub: member.id, issued: now, exp, aud: 'crust-store' };
    if (member.mustChangePassword) claims.pwc = true;
    const caller = await this.d.directory.callerOfRow(member, exp);
    return {
      token: signStaffToken(claims, this.d.secret),
      expiresAt: new Date(exp * 1000).toISOString(),
      staff: {
        id: member.id,
        name: member.name,
        role: member.role,
        storeId: member.storeId,
        cities: caller.cities,
        may: caller.may,
      },
      mustChangePassword: member.mustChangePassword,
      // nothing of the stores until the one-time password is replaced
      stores: member.mustChangePassword ? [] : await this.d.storesOf(caller.reach),
    };
  }
}
