import type { StaffList, StaffMember } from '@crust/contract/back-office';
import { STAFF_ROLES, isStoreRole, type StaffReach, type StaffRole } from '@crust/domain/staff-roles';
import { bo } from './back-office-texts.ts';

/** A role in words: "Store manager". */
export const roleText = (role: StaffRole): string => bo(`role${role}`);

/**
 * The roles a login may give a new or changed login (docs/back-office.md): a chain admin any; a regional manager
 * store managers and staff; a store manager their staff. The server checks it again.
 */
export function rolesOffered(actor: StaffRole): StaffRole[] {
  switch (actor) {
    case 'ADMIN':
      return [...STAFF_ROLES];
    case 'REGIONAL':
      return ['MANAGER', 'STAFF'];
    case 'MANAGER':
      return ['STAFF'];
    case 'STAFF':
      return [];
  }
}

/** The stores an actor reaches, as domain/staff-roles's `mayManage` reads them: the list's stores are exactly those. */
export const reachOfList = (actor: StaffRole, list: StaffList): StaffReach =>
  actor === 'ADMIN' ? 'chain' : list.stores.map((s) => s.id);

/** Where a login works, in words: its store, its cities, or the whole chain. */
export function placeText(member: Pick<StaffMember, 'role' | 'storeId' | 'cities'>, list: StaffList): string {
  if (isStoreRole(member.role)) {
    if (member.storeId === null) return bo('noPlace');
    const store = list.stores.find((s) => s.id === member.storeId);
    return store ? bo('storePlace', { name: store.name, id: store.id }) : `#${member.storeId}`;
  }
  if (member.role === 'ADMIN') return bo('wholeChain');
  if (member.cities.length === 0) return bo('noPlace');
  return member.cities.map((id) => list.cities.find((c) => c.id === id)?.name ?? id).join(', ');
}

export type StaffStatus = 'off' | 'mustSet' | 'active';

export const statusOf = (m: Pick<StaffMember, 'disabled' | 'mustChangePassword'>): StaffStatus =>
  m.disabled ? 'off' : m.mustChangePassword ? 'mustSet' : 'active';

export function statusText(status: StaffStatus): string {
  switch (status) {
    case 'off':
      return bo('statusOff');
    case 'mustSet':
      return bo('statusMustSet');
    case 'active':
      return bo('statusActive');
  }
}
