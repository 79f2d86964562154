import { describe, expect, it } from 'vitest';
import {
  normalizeSearchText,
  scoreMenuItem,
  searchMenu,
  searchTokens,
  type SearchableMenuItem,
} from '../src/menu-search.ts';

interface Item extends SearchableMenuItem {
  code: string;
}

const item = (code: string, name: string, description = '', toppingNames: string[] = []): Item => ({
  code,
  name,
  description,
  toppingNames,
});

const MENU: Item[] = [
  item('PIZ0001', 'Margherita', 'Classic delight with 100% real mozzarella cheese', ['Mozzarella']),
  item('PIZ0002', 'Peppy Paneer', 'Chunky paneer with crisp capsicum and spicy red pepper', [
    'Paneer',
    'Capsicum',
    'Red Paprika',
  ]),
  item('PIZ0003', 'Paneer Makhani', 'Paneer and capsicum on makhani sauce', ['Paneer', 'Capsicum']),
  item('PIZ0004', 'Chicken Dominator', 'Loaded with double pepper barbecue chicken, peri-peri chicken', [
    'Barbeque Chicken',
    'Chicken Tikka',
  ]),
  item('PIZ0005', 'Farmhouse', 'Delightful combination of onion, capsicum, tomato and grilled mushroom', [
    'Onion',
    'Capsicum',
    'Tomato',
    'Mushroom',
  ]),
  item('SID0001', 'Garlic Breadsticks', 'Baked to perfection. Your perfect pizza partner'),
  item('BEV0001', 'Pepsi 475ml', 'Cold drink'),
  item('PIZ0006', 'Crème Brûlée Pizza', 'Dessert pizza'),
];

const codes = (items: Item[]) => items.map((i) => i.code);

describe('normalizeSearchText', () => {
  it.each([
    ['  Peppy   PANEER ', 'peppy paneer'],
    ['Crème Brûlée', 'creme brulee'],
    ['peri-peri, chicken!', 'peri peri chicken'],
    ['Pepsi 475ml', 'pepsi 475ml'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe('searchTokens', () => {
  it.each([
    ['paneer paneer  PIZZA', ['paneer', 'pizza']],
    ['   ', []],
    ['--', []],
  ])('%j → %j', (input, expected) => {
    expect(searchTokens(input)).toEqual(expected);
  });
});

describe('searchMenu ranking', () => {
  it.each<[string, string, string[]]>([
    ['empty query finds nothing', '', []],
    ['blank query finds nothing', '   ', []],
    ['no match', 'sushi', []],
    ['exact name first', 'margherita', ['PIZ0001']],
    ['name starting with the query first', 'paneer', ['PIZ0003', 'PIZ0002']],
    ['name word anywhere', 'peppy', ['PIZ0002']],
    ['name prefix of whole query first', 'paneer mak', ['PIZ0003']],
    ['every word must match', 'paneer chicken', []],
    ['topping names are searched', 'mushroom', ['PIZ0005']],
    ['description words are searched', 'perfection', ['SID0001']],
    ['prefix of a word matches', 'garl', ['SID0001']],
    ['inside a word for 3+ letters', 'rita', ['PIZ0001']],
    ['plural finds singular', 'chickens', ['PIZ0004']],
    ['accents ignored', 'creme brulee', ['PIZ0006']],
    ['case ignored', 'PEPSI', ['BEV0001']],
  ])('%s (%j)', (_, query, expected) => {
    expect(codes(searchMenu(MENU, query))).toEqual(expected);
  });

  it('ranks name matches above topping matches above description matches', () => {
    const items = [
      item('D', 'Veg Extravaganza', 'with capsicum'),
      item('T', 'Veggie Paradise', '', ['Capsicum']),
      item('N', 'Capsicum Special'),
    ];
    expect(codes(searchMenu(items, 'capsicum'))).toEqual(['N', 'T', 'D']);
  });

  it('keeps menu order on ties', () => {
    const items = [
      item('A', 'Chicken Sausage'),
      item('B', 'Chicken Golden Delight'),
      item('C', 'Chicken Pepperoni'),
    ];
    expect(codes(searchMenu(items, 'chicken'))).toEqual(['A', 'B', 'C']);
  });

  it('puts the whole name above a longer name starting with it', () => {
    const items = [item('L', 'Farmhouse Extraveganza Veggie'), item('F', 'Farmhouse')];
    expect(codes(searchMenu(items, 'farmhouse'))).toEqual(['F', 'L']);
  });

  it('honours the limit', () => {
    expect(searchMenu(MENU, 'pizza', 1)).toHaveLength(1);
    expect(searchMenu(MENU, 'pizza', 0)).toHaveLength(0);
  });

  it('scores 0 for a non-match and more for better matches', () => {
    const m = MENU[0]!;
    expect(scoreMenuItem(m, 'zzz')).toBe(0);
    expect(scoreMenuItem(m, 'margherita')).toBeGreaterThan(scoreMenuItem(m, 'marg'));
    expect(scoreMenuItem(m, 'marg')).toBeGreaterThan(scoreMenuItem(m, 'mozzarella'));
  });
});
