import {
  actionsOf,
  reachOf,
  type StaffAction,
  type StaffReach,
  type StaffRole,
} from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import type { StaffClaims } from './token.ts';

/** Who is calling, as their row says now: role, home store, cities, the stores they reach and what they may do. */
export interface StaffCaller {
  sub: string;
  username: string;
  name: string;
  role: StaffRole;
  /** a store manager's or staff member's store */
  store: number | null;
  /** a regional manager's cities */
  cities: string[];
  reach: StaffReach;
  may: StaffAction[];
  /** the session's end (seconds): the queue's event key lasts as long */
  exp: number;
  /** the one-time password is still to be replaced */
  mustChangePassword: boolean;
}

/**
 * Reads a session's login on every staff call. One primary-key read (and, for a regional manager, the stores of
 * their cities): staff calls are few, and reading the row is what makes a disable or a reset end every session
 * at once, in every server process, with nothing to invalidate.
 */
export class StaffDirectory {
  constructor(private readonly db: Db) {}

  async callerOf(claims: StaffClaims): Promise<StaffCaller | null> {
    const row = await repo.findStaffById(this.db, claims.sub);
    if (!row || row.disabledAt !== null || claims.issued < row.sessionsFrom.getTime()) return null;
    const caller = await this.callerOfRow(row, claims.exp);
    // a session opened with a one-time password stays limited to the change of password, even once it is changed
    return claims.pwc ? { ...caller, mustChangePassword: true } : caller;
  }

  async callerOfRow(row: repo.StaffRow, exp: number): Promise<StaffCaller> {
    const cities =
      row.role === 'REGIONAL' ? ((await repo.citiesOf(this.db, [row.id])).get(row.id) ?? []) : [];
    const stores = row.role === 'REGIONAL' ? await repo.storeCities(this.db) : [];
    const reach = reachOf({ role: row.role, storeId: row.storeId, cities }, (wanted) =>
      stores.filter((s) => wanted.includes(s.cityId)).map((s) => s.id),
    );
    return {
      sub: row.id,
      username: row.username,
      name: row.name,
      role: row.role,
      store: row.storeId,
      cities,
      reach,
      // a store manager sets prices only where the chain allows it: read on every call, so a change holds at once
      may: actionsOf(row.role, row.role === 'MANAGER' ? await repo.chainRules(this.db) : undefined),
      exp,
      mustChangePassword: row.mustChangePassword,
    };
  }
}
