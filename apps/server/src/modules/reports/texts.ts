/** The reports' own texts (staff-facing; the SPEC gives none). */
export const REPORT_TEXTS = {
  notInReach: 'No such store or city for this login.',
  chainOnly: 'Only a chain admin reports on the whole chain: choose a city or a store.',
  needsCity: 'Choose a city.',
  needsStore: 'Choose a store.',
  byTooWide: 'Rows are cut by the scope itself or finer: a city by its stores, not by the chain.',
  wholeChain: 'All stores',
  nothingToPay: 'Nothing to pay',
  cash: 'Cash',
} as const;
