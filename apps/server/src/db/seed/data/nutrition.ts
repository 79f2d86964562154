import type { AllergenCode, Nutrition } from '@crust/domain/catalogue-admin';
import type { SeedProduct } from '../types.ts';
import { PRODUCTS, SIZE } from './menu.ts';

/**
 * The demo menu's nutrition and allergens (issue 30 §2): plausible figures per serving of each size a product is
 * sold in, generated from typical values per 100 g of its kind and a serving's weight, varied a little per product
 * (the same every run). Illustrative, not laboratory values; a chain enters its own in the back office.
 */
export interface SeedNutrition extends Nutrition {
  productCode: string;
  sizeId: number;
  allergens: AllergenCode[];
}

/** Per 100 g: energy kcal, protein, carbohydrate, sugars, fat (g), sodium (mg). */
type Per100 = readonly [kcal: number, protein: number, carbs: number, sugar: number, fat: number, sodium: number];

const KIND: Record<string, { per100: Per100; grams: Partial<Record<number, number>>; allergens: AllergenCode[] }> = {
  VEG_PIZZA: { per100: [255, 10.5, 32, 3.8, 9.5, 520], grams: { [SIZE.R]: 240, [SIZE.M]: 470, [SIZE.L]: 810 }, allergens: ['GLUTEN', 'MILK'] },
  NON_VEG_PIZZA: { per100: [268, 13, 30, 3.2, 10.5, 610], grams: { [SIZE.R]: 255, [SIZE.M]: 495, [SIZE.L]: 850 }, allergens: ['GLUTEN', 'MILK', 'SOY'] },
  PIZZA_MANIA: { per100: [250, 10, 33, 3.5, 8.8, 500], grams: { [SIZE.R]: 210 }, allergens: ['GLUTEN', 'MILK'] },
  SIDES: { per100: [300, 8.5, 38, 2.5, 12.5, 540], grams: { [SIZE.STD]: 140 }, allergens: ['GLUTEN', 'MILK'] },
  DIP: { per100: [310, 3, 9, 2, 29, 980], grams: { [SIZE.STD]: 25 }, allergens: ['MILK', 'SOY'] },
  CHICKEN: { per100: [245, 19, 12, 2.2, 13.5, 720], grams: { [SIZE.STD]: 160 }, allergens: ['GLUTEN', 'SOY'] },
  PASTA: { per100: [165, 6, 21, 3.5, 6.2, 420], grams: { [SIZE.STD]: 250 }, allergens: ['GLUTEN', 'MILK'] },
  SIDECOMBOS: { per100: [215, 7.5, 29, 7.5, 7.6, 450], grams: { [SIZE.STD]: 760 }, allergens: ['GLUTEN', 'MILK', 'SOY'] },
  BEVERAGE: { per100: [42, 0, 10.5, 10.5, 0, 12], grams: { [SIZE.STD]: 475 }, allergens: [] },
  WATER: { per100: [0, 0, 0, 0, 0, 1], grams: { [SIZE.STD]: 500 }, allergens: [] },
  DESSERT: { per100: [385, 5.5, 48, 30, 19, 260], grams: { [SIZE.STD]: 95 }, allergens: ['GLUTEN', 'MILK', 'EGGS', 'SOY'] },
  PANTRY: { per100: [280, 18, 12, 1, 20, 610], grams: { [SIZE.STD]: 200 }, allergens: ['MILK'] },
};

function kindOf(p: SeedProduct): keyof typeof KIND {
  if (p.productType === 'PIZZA') return p.foodType === 'VEG' ? 'VEG_PIZZA' : 'NON_VEG_PIZZA';
  if (p.productType === 'BEVERAGE') return p.code === 'BEV0507' ? 'WATER' : 'BEVERAGE';
  if (/Dip$/.test(p.name)) return 'DIP';
  if (p.categoryIds.includes(76) && p.code.startsWith('SID76')) return 'PANTRY';
  return p.productType in KIND ? p.productType : 'SIDES';
}

/** A steady factor between 0.92 and 1.08 from the product's code. */
function wobble(code: string, salt: number): number {
  let h = salt;
  for (const ch of code) h = (h * 31 + ch.charCodeAt(0)) % 10_007;
  return 0.92 + (h % 161) / 1000;
}

const one = (n: number) => Math.round(n * 10) / 10;

function nutritionOf(p: SeedProduct, sizeId: number): SeedNutrition {
  const kind = KIND[kindOf(p)]!;
  const grams = kind.grams[sizeId] ?? kind.grams[SIZE.STD] ?? 200;
  const [kcal, protein, carbs, sugar, fat, sodium] = kind.per100;
  const g = grams * wobble(p.code, 7);
  const f = (per100: number, salt: number) => one((per100 * g * wobble(p.code, salt)) / 100);
  const carbohydrateG = f(carbs, 3);
  return {
    productCode: p.code,
    sizeId,
    servingSizeG: Math.round(g),
    energyKcal: Math.round((kcal * g * wobble(p.code, 1)) / 100),
    proteinG: f(protein, 2),
    carbohydrateG,
    sugarG: Math.min(carbohydrateG, f(sugar, 4)),
    fatG: f(fat, 5),
    sodiumMg: Math.round((sodium * g * wobble(p.code, 6)) / 100),
    allergens: [...kind.allergens],
  };
}

export const NUTRITION: SeedNutrition[] = PRODUCTS.flatMap((p) =>
  [...new Set(p.variants.map((v) => v.sizeId))].map((sizeId) => nutritionOf(p, sizeId)),
);
