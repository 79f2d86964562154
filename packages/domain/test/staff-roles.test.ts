import { describe, expect, it } from 'vitest';
import {
  actionsOf,
  chainOnly,
  mayChangeAvailability,
  mayManage,
  placeProblem,
  reachOf,
  reaches,
  roleMay,
  STAFF_ACTIONS,
  type StaffAction,
  type StaffRole,
} from '../src/staff-roles.ts';

const yes = (role: StaffRole, ...actions: StaffAction[]) => actions.map((a) => [role, a, true] as const);

describe('roleMay: what each role may do (issue 30 §1)', () => {
  const allowed = [
    ...yes('ADMIN', ...STAFF_ACTIONS),
    ...yes(
      'REGIONAL',
      'queue',
      'stock',
      'online',
      'ratings',
      'staff',
      'audit',
      'stores',
      'prices',
      'reports',
    ),
    ...yes('MANAGER', 'queue', 'stock', 'online', 'ratings', 'staff', 'audit', 'stores', 'reports'),
    ...yes('STAFF', 'queue'),
  ];
  const table = (['ADMIN', 'REGIONAL', 'MANAGER', 'STAFF'] as const).flatMap((role) =>
    STAFF_ACTIONS.map(
      (action) => [role, action, allowed.some(([r, a]) => r === role && a === action)] as const,
    ),
  );
  it.each(table)('%s may %s: %s', (role, action, may) => {
    expect(roleMay(role, action)).toBe(may);
  });

  it.each([
    ['ADMIN', true],
    ['REGIONAL', true],
    ['MANAGER', false],
    ['STAFF', false],
  ] as const)('%s may switch a product on or off at a store: %s', (role, may) => {
    expect(mayChangeAvailability(role)).toBe(may);
  });

  it('store managers set prices only where the chain allows store prices', () => {
    expect(roleMay('MANAGER', 'prices', { storePrices: true })).toBe(true);
    expect(roleMay('STAFF', 'prices', { storePrices: true })).toBe(false);
  });

  it('lists a role’s actions in the table’s order, and knows the chain admin’s own', () => {
    expect(actionsOf('STAFF')).toEqual(['queue']);
    expect(actionsOf('MANAGER')).toEqual([
      'queue',
      'stock',
      'online',
      'ratings',
      'staff',
      'audit',
      'stores',
      'reports',
    ]);
    expect(STAFF_ACTIONS.filter(chainOnly)).toEqual([
      'menu',
      'offers',
      'content',
      'experiments',
      'analytics',
    ]);
  });
});

describe('reach: the stores a login touches', () => {
  const cities: Record<string, number[]> = { BLR: [1001, 1002], DEL: [1005] };
  const storesOf = (list: readonly string[]) => list.flatMap((c) => cities[c] ?? []);
  it.each([
    [{ role: 'ADMIN', storeId: null, cities: [] }, 'chain'],
    [{ role: 'REGIONAL', storeId: null, cities: ['BLR'] }, [1001, 1002]],
    [{ role: 'REGIONAL', storeId: null, cities: ['BLR', 'DEL'] }, [1001, 1002, 1005]],
    [{ role: 'MANAGER', storeId: 1002, cities: [] }, [1002]],
    [{ role: 'STAFF', storeId: 1005, cities: [] }, [1005]],
  ] as const)('%j reaches %j', (member, reach) => {
    expect(reachOf(member, storesOf)).toEqual(reach);
  });
  it('reaches a store in its list, or any for the chain', () => {
    expect(reaches('chain', 4242)).toBe(true);
    expect(reaches([1001], 1001)).toBe(true);
    expect(reaches([1001], 1002)).toBe(false);
    expect(reaches([], 1001)).toBe(false);
  });
});

describe('mayManage: whom a login may make, change, disable or reset', () => {
  const admin = { role: 'ADMIN', reach: 'chain' } as const;
  const regional = { role: 'REGIONAL', reach: [1001, 1002] } as const;
  const manager = { role: 'MANAGER', reach: [1001] } as const;
  const staff = { role: 'STAFF', reach: [1001] } as const;
  const at = (role: StaffRole, storeId: number | null, cities: string[] = []) => ({ role, storeId, cities });
  it.each([
    [admin, at('ADMIN', null), true],
    [admin, at('REGIONAL', null, ['DEL']), true],
    [regional, at('MANAGER', 1002), true],
    [regional, at('STAFF', 1001), true],
    [regional, at('MANAGER', 1005), false],
    [regional, at('REGIONAL', null, ['BLR']), false],
    [regional, at('ADMIN', null), false],
    [manager, at('STAFF', 1001), true],
    [manager, at('STAFF', 1002), false],
    [manager, at('MANAGER', 1001), false],
    [staff, at('STAFF', 1001), false],
  ] as const)('%j manages %j: %s', (actor, target, may) => {
    expect(mayManage(actor, target)).toBe(may);
  });
});

describe('placeProblem: a role’s place', () => {
  it.each([
    [{ role: 'MANAGER', storeId: 1001, cities: [] }, null],
    [{ role: 'STAFF', storeId: null, cities: [] }, 'storeId'],
    [{ role: 'REGIONAL', storeId: null, cities: ['BLR'] }, null],
    [{ role: 'REGIONAL', storeId: null, cities: [] }, 'cities'],
    [{ role: 'REGIONAL', storeId: 1001, cities: ['BLR'] }, 'storeId'],
    [{ role: 'ADMIN', storeId: null, cities: [] }, null],
    [{ role: 'ADMIN', storeId: 1001, cities: [] }, 'storeId'],
    [{ role: 'ADMIN', storeId: null, cities: ['BLR'] }, 'cities'],
  ] as const)('%j: %s', (place, problem) => {
    expect(placeProblem(place)).toBe(problem);
  });
});
