/** SPEC §5: localities named pokhra are filtered out of searches and suggestions (the word, not Pokhran). */
export function isBlockedLocality(name: string): boolean {
  return /\bpokhra\b/i.test(name);
}

/** Lower-case, accents and punctuation folded to spaces, single-spaced: the form searches compare. */
export function normaliseSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface RankableLocality {
  name: string;
  city: string;
  postalCode: string;
}

/**
 * Autocomplete rank, lower is better, or null for no match: a postal-code prefix or a name that starts
 * with the query beat a word inside the name, which beats a match on the city only.
 */
export function localityRank(locality: RankableLocality, query: string): number | null {
  const q = normaliseSearchText(query);
  if (!q) return null;
  if (/^\d+$/.test(q)) return locality.postalCode.startsWith(q) ? 0 : null;
  const name = normaliseSearchText(locality.name);
  const full = `${name} ${normaliseSearchText(locality.city)}`;
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  if (name.split(' ').some((w) => w.startsWith(q))) return 2;
  if (full.startsWith(q) || full.includes(` ${q}`) || full.includes(q)) return 3;
  return null;
}
