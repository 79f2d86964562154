import { defineTexts } from '../../shared/i18n/index.ts';

/** The menu screen's own texts (what other screens also show is in shared/menu/texts.ts). */
export const menuTexts = defineTexts({
  nutrition: 'Nutrition & allergens',
  nutritionOf: 'Nutrition and allergens of {name}',
});
