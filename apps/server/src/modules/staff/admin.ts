import type { NewStaffBody, StaffChangeBody, StaffList, StaffMember } from '@crust/contract/back-office';
import { NewStaffBodySchema, StaffChangeBodySchema } from '@crust/contract/back-office';
import { isStoreRole, mayManage, placeProblem, type StaffPlace } from '@crust/domain/staff-roles';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../crypto/passwords.ts';
import { httpError } from '../../http/errors.ts';
import { randomId } from '../../http/session-tokens.ts';
import { uniqueViolationOf } from '../../db/errors.ts';
import type { AuditLog } from '../audit/log.ts';
import { oneTimePassword } from './accounts.ts';
import type { StaffCaller } from './directory.ts';
import * as repo from './repo.ts';
import { CONSOLE_TEXTS as T } from './texts.ts';

/** What a member looks like in the log: everything but the password's hash. */
const logged = (m: StaffMember) => ({ ...m, createdAt: undefined, updatedAt: undefined });

/**
 * Staff logins made, changed, turned off and reset from the back office (issue 30 §1). Who may touch whom is
 * domain/staff-roles.ts `mayManage`, checked on the member as it is and as it would be; the last active chain
 * admin cannot be turned off or demoted; every save names the version it was made on (409 STALE otherwise);
 * every change is in the audit log, written in the same transaction.
 */
export class StaffAdmin {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
  ) {}

  async list(caller: StaffCaller): Promise<StaffList> {
    const storeIds = caller.reach;
    const [rows, stores, cityNames] = await Promise.all([
      repo.listStaff(this.db, caller.role === 'ADMIN' ? 'chain' : storeIds),
      repo.storeList(this.db),
      repo.cityList(this.db),
    ]);
    const cities = await repo.citiesOf(
      this.db,
      rows.map((r) => r.id),
    );
    const members = rows
      .map((r) => memberOf(r, cities.get(r.id) ?? []))
      .filter((m) => m.id === caller.sub || mayManage(caller, m));
    const reachable = stores.filter((s) => caller.reach === 'chain' || caller.reach.includes(s.id));
    const reachableCities = new Set(reachable.map((s) => s.cityId));
    return {
      staff: members,
      stores: reachable,
      cities: cityNames.filter((c) => reachableCities.has(c.id)),
    };
  }

  async create(
    caller: StaffCaller,
    input: NewStaffBody,
  ): Promise<{ member: StaffMember; oneTimePassword: string }> {
    const body = NewStaffBodySchema.parse(input);
    const place: StaffPlace = { role: body.role, storeId: body.storeId, cities: body.cities };
    await this.checkPlace(place);
    if (!mayManage(caller, place)) throw httpError(403, 'ROLE_NOT_ALLOWED', T.roleNotAllowed);
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    const member = await this.db
      .transaction(async (tx) => {
        const id = randomId('S', 8);
        const row = await repo.createStaff(tx, {
          id,
          username: body.username,
          name: body.name,
          passwordHash,
          role: body.role,
          storeId: body.storeId,
          mobile: body.mobile,
          mustChangePassword: true,
        });
        await repo.setCities(tx, id, body.cities);
        const created = memberOf(row, body.cities);
        await this.audit.record(tx, caller, {
          action: 'staff.create',
          entity: 'staff',
          entityId: id,
          storeId: row.storeId,
          before: null,
          after: logged(created),
        });
        return created;
      })
      .catch(takenAsConflict);
    return { member, oneTimePassword: password };
  }

  async change(caller: StaffCaller, staffId: string, input: StaffChangeBody): Promise<StaffMember> {
    const body = StaffChangeBodySchema.parse(input);
    return this.db
      .transaction(async (tx) => {
        const before = await this.managed(tx, caller, staffId);
        const place: StaffPlace = {
          role: body.role ?? before.role,
          // a new role without a new place keeps the old one only where the new role has one of that kind
          storeId:
            body.storeId !== undefined
              ? body.storeId
              : body.role === undefined || isStoreRole(body.role)
                ? before.storeId
                : null,
          cities: body.cities ?? (body.role === undefined || body.role === 'REGIONAL' ? before.cities : []),
        };
        const placeChanged =
          place.role !== before.role ||
          place.storeId !== before.storeId ||
          place.cities.join() !== before.cities.join();
        if (placeChanged) {
          await this.checkPlace(place);
          if (!mayManage(caller, place)) throw httpError(403, 'ROLE_NOT_ALLOWED', T.roleNotAllowed);
        }
        const disabling = body.disabled === true && !before.disabled;
        const demoting = before.role === 'ADMIN' && place.role !== 'ADMIN';
        if ((disabling || demoting) && staffId === caller.sub)
          throw httpError(409, 'NOT_YOURSELF', T.notYourself);
        if ((disabling || demoting) && before.role === 'ADMIN') {
          await repo.lockChainAdmins(tx);
          if ((await repo.otherActiveAdmins(tx, staffId)) === 0)
            throw httpError(409, 'LAST_ADMIN', T.lastAdmin);
        }
        const now = new Date();
        const row = await repo.updateStaff(tx, staffId, body.version, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.mobile !== undefined ? { mobile: body.mobile } : {}),
          role: place.role,
          storeId: place.storeId,
          ...(body.disabled !== undefined && body.disabled !== before.disabled
            ? { disabledAt: body.disabled ? now : null, ...(body.disabled ? { sessionsFrom: now } : {}) }
            : {}),
        });
        if (!row) throw httpError(409, 'STALE', T.stale);
        if (placeChanged) await repo.setCities(tx, staffId, place.cities);
        const after = memberOf(row, [...place.cities]);
        await this.audit.record(tx, caller, {
          action: disabling
            ? 'staff.disable'
            : body.disabled === false && before.disabled
              ? 'staff.enable'
              : 'staff.change',
          entity: 'staff',
          entityId: staffId,
          storeId: after.storeId ?? before.storeId,
          before: logged(before),
          after: logged(after),
        });
        return after;
      })
      .catch(takenAsConflict);
  }

  /** A new one-time password: the old one stops working, and so does every session of the login. */
  async reset(
    caller: StaffCaller,
    staffId: string,
    version: number,
  ): Promise<{ member: StaffMember; oneTimePassword: string }> {
    const password = oneTimePassword();
    const passwordHash = await hashPassword(password);
    const member = await this.db.transaction(async (tx) => {
      const before = await this.managed(tx, caller, staffId);
      const row = await repo.updateStaff(tx, staffId, version, {
        passwordHash,
        mustChangePassword: true,
        sessionsFrom: new Date(),
      });
      if (!row) throw httpError(409, 'STALE', T.stale);
      const after = memberOf(row, before.cities);
      await this.audit.record(tx, caller, {
        action: 'staff.reset',
        entity: 'staff',
        entityId: staffId,
        storeId: after.storeId,
        before: logged(before),
        after: logged(after),
      });
      return after;
    });
    return { member, oneTimePassword: password };
  }

  /** The member, if the caller may manage them; else the same 404 as a login that does not exist. */
  private async managed(tx: Db, caller: StaffCaller, staffId: string): Promise<StaffMember> {
    const row = await repo.findStaffById(tx, staffId);
    const member = row ? memberOf(row, (await repo.citiesOf(tx, [row.id])).get(row.id) ?? []) : null;
    if (!member || !mayManage(caller, member)) throw httpError(404, 'NOT_FOUND', T.notYourStaff);
    return member;
  }

  private async checkPlace(place: StaffPlace): Promise<void> {
    const problem = placeProblem(place);
    if (problem === 'storeId')
      throw httpError(400, 'BAD_PLACE', place.storeId === null ? T.needsStore : T.noPlaceForRole, {
        field: 'body.storeId',
      });
    if (problem === 'cities')
      throw httpError(400, 'BAD_PLACE', place.cities.length === 0 ? T.needsCities : T.noPlaceForRole, {
        field: 'body.cities',
      });
    const stores = await repo.storeList(this.db);
    if (place.storeId !== null && !stores.some((s) => s.id === place.storeId))
      throw httpError(400, 'UNKNOWN_STORE', T.unknownStore, { field: 'body.storeId' });
    const cities = new Set(stores.map((s) => s.cityId));
    if (place.cities.some((c) => !cities.has(c)))
      throw httpError(400, 'UNKNOWN_CITY', T.unknownCity, { field: 'body.cities' });
  }
}

/** A unique username or mobile taken by someone else (also by a parallel save): 409 on the field, nothing saved. */
function takenAsConflict(err: unknown): never {
  const constraint = uniqueViolationOf(err);
  if (constraint === 'staff_username_uq')
    throw httpError(409, 'USERNAME_TAKEN', T.usernameTaken, { field: 'body.username' });
  if (constraint === 'staff_mobile_uq')
    throw httpError(409, 'MOBILE_TAKEN', T.mobileTaken, { field: 'body.mobile' });
  throw err;
}

export function memberOf(row: repo.StaffRow, cities: string[]): StaffMember {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    storeId: row.storeId,
    cities,
    mobile: row.mobile,
    disabled: row.disabledAt !== null,
    mustChangePassword: row.mustChangePassword,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
