/**
 * A UPI id holder's name as the payment apps show it before a transfer ("Mohan Iyer" → "M**** I***"): enough for
 * the payer to see the id is the one they meant, too little to turn a mobile number's UPI id into a name. Each
 * word keeps its first letter (a whole grapheme: a Devanagari letter with its vowel sign, an emoji, not half of a
 * surrogate pair) and each further letter becomes an asterisk.
 */
const letters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function maskedName(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map((word) => {
      const [first = '', ...rest] = Array.from(letters.segment(word), (s) => s.segment);
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}
