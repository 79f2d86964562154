import { defineTexts } from '../i18n/index.ts';

/** Nutrition and allergens (FSSAI labelling) on a product's detail and the customise screen. */
export const nt = defineTexts({
  title: 'Nutrition and allergens',
  perServing: 'Per serving of {size} ({grams} g)',
  servingSizeG: 'Serving size',
  energyKcal: 'Energy',
  proteinG: 'Protein',
  carbohydrateG: 'Carbohydrate',
  sugarG: 'of which total sugars',
  fatG: 'Total fat',
  sodiumMg: 'Sodium',
  contains: 'Contains: {list}',
  noAllergens: 'Contains none of the allergens FSSAI lists.',
  notDeclared: 'Nutrition for this size is not available yet.',
  adultNeeds: 'An average adult needs about 2,000 kcal a day.',
  close: 'Close',
  detailTitle: '{name}',
});
