/**
 * A store's GSTIN for its invoices (docs/history.md). The demo chain has no real registrations, so each store
 * gets a made-up one of the real shape, the same every time: the GST state code of the store's state, the
 * chain's PAN-like "AACCC" plus the store id's last four digits and "K", entity "1", the fixed "Z", and the
 * GSTIN check character (mod 36), so it passes the format and checksum tests a reader would apply.
 */

/** GST state codes (the first two characters of a GSTIN) by state name. */
const STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  Telangana: '36',
  'Andhra Pradesh': '37',
};

/** GST's code for "Other Territory", for a state missing from the table. */
const OTHER_TERRITORY = '97';
const CHAIN_PAN_PREFIX = 'AACCC';
const PAN_SUFFIX = 'K';
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function stateCodeOf(state: string): string {
  return STATE_CODES[state] ?? OTHER_TERRITORY;
}

/** The GSTIN check character over the first 14 characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < first14.length; i++) {
    const value = CHARS.indexOf(first14[i]!);
    if (value < 0) throw new RangeError(`not a GSTIN character: ${first14[i]}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS[(36 - (sum % 36)) % 36]!;
}

export function gstinFor(store: { id: number; state: string }): string {
  const digits = String(store.id % 10_000).padStart(4, '0');
  const first14 = `${stateCodeOf(store.state)}${CHAIN_PAN_PREFIX}${digits}${PAN_SUFFIX}1Z`;
  return first14 + gstinCheckChar(first14);
}
