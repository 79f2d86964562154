/**
 * The chain's staff roles (issue 30 §1; SPEC "Admin roles: not shown", designed in docs/back-office.md): what each
 * may do, which stores it reaches, and whom it may manage. The server checks every back-office call with these;
 * the console reads the same table to show only the tabs a login can use.
 */

/** ADMIN: the chain; REGIONAL: the stores of their cities; MANAGER: their store; STAFF: their store's queue. */
export const STAFF_ROLES = ['ADMIN', 'REGIONAL', 'MANAGER', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles tied to one store (store id set); the others are not (a city list, or the whole chain). */
export const STORE_ROLES: readonly StaffRole[] = ['MANAGER', 'STAFF'];
export const isStoreRole = (role: StaffRole): boolean => STORE_ROLES.includes(role);

/** What a back-office call does, each checked against the caller's role. */
export const STAFF_ACTIONS = [
  /** the order queue: see it, move and cancel orders */
  'queue',
  /** a product in or out of stock at a store */
  'stock',
  /** a store online or offline */
  'online',
  /** a store's ratings and tickets */
  'ratings',
  /** staff logins: make, change, disable, reset */
  'staff',
  /** the change log of the back office */
  'audit',
  /** a store's hours, delivery area, payment options and phone */
  'stores',
  /** city and store price lists */
  'prices',
  /** the chain's menu: categories, products, toppings, photos, nutrition */
  'menu',
  /** coupons, promotions and deals */
  'offers',
  /** sales and service reports */
  'reports',
  /** the landing's widgets and info pages */
  'content',
  /** the chain's experiments: list, start and stop (issue 33 §2) */
  'experiments',
  /** the funnel and the user-activity tracking switch (the chain admin) */
  'analytics',
] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];

/** What the chain lets its store managers do beyond their own store's running (off by default). */
export interface ChainRules {
  /** store managers may set their own store's prices */
  storePrices: boolean;
}
export const DEFAULT_CHAIN_RULES: ChainRules = { storePrices: false };

const MAY: Record<StaffRole, readonly StaffAction[]> = {
  ADMIN: STAFF_ACTIONS,
  REGIONAL: ['queue', 'stock', 'online', 'ratings', 'staff', 'audit', 'stores', 'prices', 'reports'],
  MANAGER: ['queue', 'stock', 'online', 'ratings', 'staff', 'audit', 'stores', 'reports'],
  STAFF: ['queue'],
};

export function roleMay(
  role: StaffRole,
  action: StaffAction,
  rules: ChainRules = DEFAULT_CHAIN_RULES,
): boolean {
  if (role === 'MANAGER' && action === 'prices') return rules.storePrices;
  return MAY[role].includes(action);
}

/** Every action of a role, in the table's order (the console's tabs). */
export function actionsOf(role: StaffRole, rules: ChainRules = DEFAULT_CHAIN_RULES): StaffAction[] {
  return STAFF_ACTIONS.filter((a) => roleMay(role, a, rules));
}

/**
 * Who decides whether a store sells a product at all (issue 30 §2, per-store availability): the chain admin and
 * the regional managers (within their reach), who also hold `prices`. A store manager who may set their store's
 * prices still may not take a product off their store's menu: only out of stock, with `stock`.
 */
export const mayChangeAvailability = (role: StaffRole): boolean => {
  switch (role) {
    case 'ADMIN':
    case 'REGIONAL':
      return true;
    case 'MANAGER':
    case 'STAFF':
      return false;
  }
};

/** Only the chain admin may: a refusal says so, rather than "your role". */
export const chainOnly = (action: StaffAction): boolean =>
  STAFF_ROLES.filter((r) => roleMay(r, action, { storePrices: true })).join() === 'ADMIN';

/** The stores a login reaches: every store, or these. */
export type StaffReach = 'chain' | readonly number[];

export function reachOf(
  member: { role: StaffRole; storeId: number | null; cities: readonly string[] },
  storesOfCities: (cities: readonly string[]) => readonly number[],
): StaffReach {
  switch (member.role) {
    case 'ADMIN':
      return 'chain';
    case 'REGIONAL':
      return storesOfCities(member.cities);
    case 'MANAGER':
    case 'STAFF':
      return member.storeId === null ? [] : [member.storeId];
  }
}

export const reaches = (reach: StaffReach, storeId: number): boolean =>
  reach === 'chain' || reach.includes(storeId);

/** A login as a manager sees it: its role and where it works. */
export interface StaffPlace {
  role: StaffRole;
  storeId: number | null;
  cities: readonly string[];
}

/**
 * Whom a login may make, change, disable or reset: a chain admin anyone; a regional manager the managers and staff
 * of the stores they reach; a store manager their own store's staff; staff nobody. Both the member as it is and as
 * it would be after the change must pass (a regional manager cannot move a manager out of their cities).
 */
export function mayManage(actor: { role: StaffRole; reach: StaffReach }, target: StaffPlace): boolean {
  switch (actor.role) {
    case 'ADMIN':
      return true;
    case 'REGIONAL':
      return isStoreRole(target.role) && target.storeId !== null && reaches(actor.reach, target.storeId);
    case 'MANAGER':
      return target.role === 'STAFF' && target.storeId !== null && reaches(actor.reach, target.storeId);
    case 'STAFF':
      return false;
  }
}

/** The shape a member's role asks for: a store for store roles, cities for a regional manager, neither for admin. */
export function placeProblem(place: StaffPlace): 'storeId' | 'cities' | null {
  if (isStoreRole(place.role)) return place.storeId === null ? 'storeId' : null;
  if (place.storeId !== null) return 'storeId';
  if (place.role === 'REGIONAL') return place.cities.length === 0 ? 'cities' : null;
  return place.cities.length > 0 ? 'cities' : null;
}
