import type { StaffAction } from '@crust/domain/staff-roles';

/** The back office's views in tab order (BackOffice.tsx draws them; the console links to the first one allowed). */
export const OFFICE_VIEWS = [
  'staff',
  'stores',
  'menu',
  'prices',
  'offers',
  'reports',
  'analytics',
  'experiments',
  'game',
  'audit',
] as const;
export type OfficeView = (typeof OFFICE_VIEWS)[number];

/** What a login must be allowed to do to see each view: the game's prizes are offers the chain pays for. */
export const OFFICE_VIEW_ACTION = {
  staff: 'staff',
  stores: 'stores',
  menu: 'menu',
  prices: 'prices',
  offers: 'offers',
  reports: 'reports',
  analytics: 'analytics',
  experiments: 'experiments',
  game: 'offers',
  audit: 'audit',
} as const satisfies Record<OfficeView, StaffAction>;
