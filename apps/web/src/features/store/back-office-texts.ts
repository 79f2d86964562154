import { defineTexts } from '../../shared/i18n/index.ts';

/**
 * The back office's texts (issue 30; docs/back-office.md): the Staff and Change log views of the store console.
 * Staff-facing, plain English; kept apart from texts.ts so they ride in the back office's own lazy chunk.
 */
const TEXTS = {
  // the back office's own sections
  sections: 'Back office sections',
  staffTab: 'Staff',
  storesTab: 'Stores',
  auditTab: 'Change log',

  // the Staff view
  staffHeading: 'Staff logins',
  staffIntro:
    'The logins you manage. A new login or a reset gives a one-time password; its owner chooses their own at first login.',
  newLogin: 'New login',
  filterText: 'Find',
  filterTextHint: 'Username, name, store or city',
  filterRole: 'Role',
  allRoles: 'All roles',
  shown: '{count} of {total} logins',
  noneMatch: 'No login matches these filters.',
  colUsername: 'Username',
  colName: 'Name',
  colRole: 'Role',
  colPlace: 'Store or cities',
  colStatus: 'Status',
  colActions: 'Actions',
  sortBy: 'Sort by {column}',
  statusActive: 'Active',
  statusOff: 'Turned off',
  statusMustSet: 'Must set password',
  you: '(you)',
  wholeChain: 'Whole chain',
  noPlace: '–',
  storePlace: '{name} · #{id}',
  edit: 'Edit',
  editLabel: 'Edit {username}',
  turnOff: 'Turn off',
  turnOffLabel: 'Turn off {username}',
  turnOn: 'Turn on',
  turnOnLabel: 'Turn on {username}',
  resetPassword: 'Reset password',
  resetPasswordLabel: 'Reset the password of {username}',
  reload: 'Reload',
  working: 'Saving…',

  // the confirm dialogs
  turnOffTitle: 'Turn off {name}’s login?',
  turnOffBody:
    'They are logged out at once, on every device, and cannot log in until the login is turned on again.',
  turnOnTitle: 'Turn on {name}’s login?',
  turnOnBody: 'They can log in again with their password.',
  resetTitle: 'Reset {name}’s password?',
  resetBody:
    'Their password stops working and they are logged out at once. You get a one-time password to give them.',
  keep: 'Cancel',

  // the one-time password
  oneTimeTitle: 'One-time password for {username}',
  oneTimeBody: 'Give this password to {name}. They choose their own password when they first log in.',
  oneTimeOnce: 'It is shown only now: once you close this, nobody can see it again.',
  oneTimeLabel: 'One-time password',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the password and copy it by hand.',
  done: 'Done',

  // the form
  newHeading: 'New login',
  editHeading: 'Edit {username}',
  username: 'Username',
  usernameHint: '3 to 40 of a–z, 0–9, dot, dash or underscore. It cannot be changed later.',
  name: 'Name',
  role: 'Role',
  store: 'Store',
  chooseStore: 'Choose a store',
  cities: 'Cities',
  mobile: 'Mobile (optional)',
  mobileHint: 'A 10-digit number. With it, the person gets staff prices when they order as a customer.',
  needsStore: 'Choose the store this login works at.',
  needsCities: 'Choose at least one city for a regional manager.',
  adminPlace: 'A chain admin works across the whole chain.',
  create: 'Make login',
  save: 'Save',
  cancel: 'Cancel',
  notFound: 'This login is not among the ones you manage.',

  // roles
  roleADMIN: 'Chain admin',
  roleREGIONAL: 'Regional manager',
  roleMANAGER: 'Store manager',
  roleSTAFF: 'Store staff',

  // the Stores view: a store's settings
  storesHeading: 'Store settings',
  storesIntro:
    'A store’s phone, opening hours, delivery area and ways to pay. Customers see a change as soon as it is saved.',
  settingsStore: 'Store',
  settingsOf: 'Settings of {name} · #{id}',
  groupContact: 'Phone and opening hours',
  phone: 'Phone',
  phoneHint: 'Customers see it on the store’s page and on their order’s tracker.',
  opensAt: 'Opens at',
  closesAt: 'Closes at',
  hoursHint: 'India time, the same every day.',
  closesAfterMidnight: 'Closes after midnight',
  openAllDay: 'Open round the clock (it opens and closes at the same time)',
  needsTime: 'Enter a time.',
  groupDelivery: 'Delivery',
  radius: 'Delivery radius (km)',
  radiusHint:
    'From 0.5 to 15 km, to one decimal (4.5). Addresses farther from the store are not delivered to.',
  radiusNotNumber: 'Enter the radius in km, to one decimal, e.g. 4.5',
  radiusOutOfRange: 'Enter a radius from {min} to {max} km.',
  advanceStore: 'Advance orders go to',
  advanceHint: 'While this store is offline, customers can book advance orders with this store instead.',
  advanceNone: 'None',
  groupPay: 'Ways to pay',
  payHint:
    'Switch off a way to pay to stop offering it at this store. At least one stays on, so customers can always pay: the last one on cannot be switched off.',
  payTypes: 'For {types}',
  payTypesAll: 'For every order type',
  payTypesAllBut: 'For every order type but {types}',
  payLast: 'The only way to pay still on',
  saved: 'Saved. Customers see it now.',
  nothingToSave: 'Nothing to save: no setting was changed.',
  undo: 'Undo changes',
  storeNotFound: 'This store is not among the ones you manage.',

  // the Change log view
  auditHeading: 'Change log',
  auditIntro: 'Every change made in the back office, newest first. Times are India time.',
  filterWhat: 'What',
  allThings: 'Everything',
  filterWho: 'Who',
  everyone: 'Everyone',
  filterStore: 'Store',
  allStores: 'All stores',
  filterFrom: 'From',
  filterTo: 'To',
  toBeforeFrom: 'The end of the period must not be before its start.',
  clearFilters: 'Clear filters',
  noEvents: 'No changes match these filters.',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  colWhen: 'When',
  colWho: 'Who',
  colAction: 'Action',
  colWhat: 'What',
  showChanges: 'Show changes',
  hideChanges: 'Hide changes',
  field: 'Field',
  before: 'Before',
  after: 'After',
  nothingChanged: 'No field changed.',
  yes: 'Yes',
  no: 'No',
  none: '–',
  whatLine: '{entity} {label}',

  // what was changed
  entity_staff: 'Staff login',
  entity_store: 'Store',
  entity_product: 'Product',
  // what was done
  'action_staff.create': 'Made a login',
  'action_staff.change': 'Changed a login',
  'action_staff.disable': 'Turned a login off',
  'action_staff.enable': 'Turned a login on',
  'action_staff.reset': 'Reset a password',
  'action_store.online': 'Switched a store online or offline',
  'action_store.settings': 'Changed a store’s settings',
  'action_product.stock': 'Marked a product in or out of stock',
  // the fields of a record, in the before/after diff
  field_username: 'Username',
  field_name: 'Name',
  field_role: 'Role',
  field_storeId: 'Store',
  field_cities: 'Cities',
  field_mobile: 'Mobile',
  field_disabled: 'Turned off',
  field_mustChangePassword: 'Must set password',
  field_online: 'Online',
  field_inStock: 'In stock',
  field_phone: 'Phone',
  field_opensAt: 'Opens at',
  field_closesAt: 'Closes at',
  field_deliveryRadiusM: 'Delivery radius (m)',
  field_advanceOrderStoreId: 'Advance orders go to',
  field_paymentOptions: 'Ways to pay',
  paymentsOn: 'On: {names}',
  paymentsAllOff: 'All off',
} as const;

export const bo = defineTexts(TEXTS);

/** A text of the catalogue by a key made at run time (an action, an entity, a field), or null if it has none. */
export function boMaybe(key: string): string | null {
  return Object.hasOwn(TEXTS, key) ? TEXTS[key as keyof typeof TEXTS] : null;
}
