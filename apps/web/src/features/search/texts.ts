import { defineTexts } from '../../shared/i18n/index.ts';

export const st = defineTexts({
  title: 'Search',
  label: 'Search the menu',
  placeholder: 'Pizzas, sides, toppings…',
  clear: 'Clear search',
  results: '{count} results for “{query}”',
  oneResult: '1 result for “{query}”',
  none: 'Nothing on the menu matches “{query}”.',
  popular: 'Popular right now',
  hint: 'Try a pizza, a topping such as paneer, or a side.',
});
