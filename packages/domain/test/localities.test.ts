import { describe, expect, it } from 'vitest';
import {
  isBlockedLocality,
  localityRank,
  normaliseSearchText,
  type RankableLocality,
} from '../src/localities.ts';
import { makeLocality } from './factories.ts';

describe('isBlockedLocality', () => {
  // SPEC §5: localities named pokhra are filtered out: the word pokhra, in any case (not the town Pokhran).
  it.each<[string, boolean]>([
    ['Pokhra', true],
    ['pokhra', true],
    ['POKHRA', true],
    ['pokhra village', true],
    ['Pokhra Village', true],
    ['Old Pokhra', true],
    ['Pokhra-2', true],
    ['Pokharan', false],
    ['Pokhran', false],
    ['Pokhrawala', false],
    ['Pokhara', false],
    ['Connaught Place', false],
    ['Pok hra', false],
    ['', false],
  ])('%j → %s', (name, expected) => {
    expect(isBlockedLocality(name)).toBe(expected);
  });
});

describe('normaliseSearchText', () => {
  it.each<[string, string]>([
    ['Connaught Place', 'connaught place'],
    ['  Connaught   Place  ', 'connaught place'],
    ['Bandra (West)', 'bandra west'],
    ['Sector-29, Gurugram', 'sector 29 gurugram'],
    ['Chembūr', 'chembur'],
    ['Vile Parle East/West', 'vile parle east west'],
    ['110001', '110001'],
    ['!!!', ''],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(normaliseSearchText(text)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const text of ['Bandra (West)', 'Chembūr', 'Sector-29, Gurugram']) {
      expect(normaliseSearchText(normaliseSearchText(text))).toBe(normaliseSearchText(text));
    }
  });
});

describe('localityRank', () => {
  const cp = makeLocality({ name: 'Connaught Place', city: 'New Delhi', postalCode: '110001' });
  const bandra = makeLocality({ name: 'Bandra West', city: 'Mumbai', postalCode: '400050' });

  it.each<[string, RankableLocality, string, number | null]>([
    ['exact name', cp, 'Connaught Place', 0],
    ['exact name, other case and spacing', cp, '  connaught   PLACE ', 0],
    ['name prefix', cp, 'conn', 1],
    ['name prefix across words', cp, 'connaught pl', 1],
    ['prefix of a later word', cp, 'pla', 2],
    ['prefix of a later word (west)', bandra, 'west', 2],
    ['city', cp, 'new delhi', 3],
    ['prefix of the city', bandra, 'mum', 3],
    ['name and city together', bandra, 'bandra west mumbai', 3],
    ['PIN prefix', cp, '1100', 0],
    ['whole PIN', cp, '110001', 0],
    ['another PIN', cp, '400', null],
    ['no match', cp, 'andheri', null],
    ['empty query', cp, '', null],
    ['blank query', cp, '   ', null],
    ['punctuation only', cp, '!?', null],
  ])('%s: %j → %s', (_, locality, query, expected) => {
    expect(localityRank(locality, query)).toBe(expected);
  });

  it('ranks exact < prefix < word prefix < city match', () => {
    const q = 'saket';
    const ranked = [
      makeLocality({ name: 'Press Enclave', city: 'Saket' }),
      makeLocality({ name: 'Saket Nagar' }),
      makeLocality({ name: 'Saket' }),
      makeLocality({ name: 'Old Saket Road' }),
    ]
      .map((l) => ({ name: l.name, rank: localityRank(l, q) }))
      .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity));
    expect(ranked).toEqual([
      { name: 'Saket', rank: 0 },
      { name: 'Saket Nagar', rank: 1 },
      { name: 'Old Saket Road', rank: 2 },
      { name: 'Press Enclave', rank: 3 },
    ]);
  });
});
