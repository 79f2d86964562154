/**
 * Menu search: which menu items match what the customer typed, best first.
 *
 * Every word of the query must match somewhere (name, topping names or description); a word matches
 * a word of the text when it is that word or its beginning ("panee" finds "Paneer"), and words of
 * three letters or more also match inside a word ("rita" finds "Margherita"). Where it matches
 * decides the weight: the name counts most, then topping names, then the description. The whole
 * query as the name, or as its beginning, ranks above everything else. Ties keep menu order.
 */
export interface SearchableMenuItem {
  name: string;
  description: string;
  /** names of the item's default toppings */
  toppingNames: readonly string[];
}

/** Lower case, accents off, anything but letters and digits becomes one space. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The query's words, each once, in order. */
export function searchTokens(query: string): string[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)];
}

const WEIGHTS = {
  name: { word: 40, prefix: 30, inside: 12 },
  topping: { word: 14, prefix: 10, inside: 4 },
  description: { word: 8, prefix: 6, inside: 2 },
} as const;
const WHOLE_NAME = 1000;
const NAME_STARTS_WITH_QUERY = 300;
const NAME_HAS_PHRASE = 100;

type Field = keyof typeof WEIGHTS;

/** 'pizzas' also looks for 'pizza'. */
function variants(token: string): string[] {
  return token.length > 3 && token.endsWith('s') ? [token, token.slice(0, -1)] : [token];
}

function fieldScore(field: Field, words: readonly string[], token: string): number {
  const w = WEIGHTS[field];
  let best = 0;
  for (const t of variants(token)) {
    for (const word of words) {
      if (word === t) return w.word;
      if (word.startsWith(t)) best = Math.max(best, w.prefix);
      else if (t.length >= 3 && word.includes(t)) best = Math.max(best, w.inside);
    }
  }
  return best;
}

interface Prepared {
  name: string;
  nameWords: string[];
  toppingWords: string[];
  descriptionWords: string[];
}

function prepare(item: SearchableMenuItem): Prepared {
  const name = normalizeSearchText(item.name);
  return {
    name,
    nameWords: name.split(' ').filter(Boolean),
    toppingWords: item.toppingNames.flatMap((n) => normalizeSearchText(n).split(' ')).filter(Boolean),
    descriptionWords: normalizeSearchText(item.description).split(' ').filter(Boolean),
  };
}

/** The item's score for the query; 0 means it does not match. */
export function scoreMenuItem(item: SearchableMenuItem, query: string): number {
  const tokens = searchTokens(query);
  if (tokens.length === 0) return 0;
  const p = prepare(item);
  let score = 0;
  for (const token of tokens) {
    const best = Math.max(
      fieldScore('name', p.nameWords, token),
      fieldScore('topping', p.toppingWords, token),
      fieldScore('description', p.descriptionWords, token),
    );
    if (best === 0) return 0;
    score += best;
  }
  const phrase = tokens.join(' ');
  if (p.name === phrase) score += WHOLE_NAME;
  else if (p.name.startsWith(phrase)) score += NAME_STARTS_WITH_QUERY;
  else if (tokens.length > 1 && p.name.includes(phrase)) score += NAME_HAS_PHRASE;
  return score;
}

/** The items matching the query, best first, ties in menu order; at most `limit`. An empty query finds nothing. */
export function searchMenu<T extends SearchableMenuItem>(
  items: readonly T[],
  query: string,
  limit = 50,
): T[] {
  if (searchTokens(query).length === 0) return [];
  return items
    .map((item, index) => ({ item, index, score: scoreMenuItem(item, query) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map((x) => x.item);
}
