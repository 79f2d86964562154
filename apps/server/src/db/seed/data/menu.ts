import type { FoodType } from '@crust/domain/customise';
import type { ProductType } from '@crust/contract/menu';
import type { SeedCategory, SeedCrust, SeedProduct, SeedSize, SeedTopping, SeedVariant } from '../types.ts';

/** Menu categories of SPEC §2, in display order. */
export const CATEGORIES: SeedCategory[] = [
  { id: 0, slug: 'favourites', name: 'Favourites', sortOrder: 1 },
  { id: 1, slug: 'bestsellers', name: 'Bestsellers', sortOrder: 2 },
  { id: 2, slug: 'veg-pizza', name: 'Veg Pizza', sortOrder: 3 },
  { id: 3, slug: 'non-veg-pizza', name: 'Non-Veg Pizza', sortOrder: 4 },
  { id: 71, slug: 'indian-masala-pizza', name: 'Indian Masala Pizza', sortOrder: 5 },
  { id: 51, slug: 'world-pizza-league', name: 'World Pizza League', sortOrder: 6 },
  { id: 77, slug: 'pasta-pizza-party', name: 'Pasta Pizza Party', sortOrder: 7 },
  { id: 20, slug: 'pizza-mania', name: 'Pizza Mania', sortOrder: 8 },
  { id: 4, slug: 'sides', name: 'Sides', sortOrder: 9 },
  { id: 46, slug: 'speciality-chicken', name: 'Speciality Chicken', sortOrder: 10 },
  { id: 50, slug: 'combos', name: 'Meals & Combos', sortOrder: 11 },
  { id: 5, slug: 'beverages', name: 'Beverages', sortOrder: 12 },
  { id: 26, slug: 'dessert', name: 'Desserts', sortOrder: 13 },
  { id: 76, slug: 'daily-essentials', name: 'Daily Essentials', sortOrder: 14 },
];

export const CRUST = { HAND_TOSSED: 1, WHEAT_THIN: 2, CHEESE_BURST: 3, FRESH_PAN: 4, CLASSIC: 5, STANDARD: 6 } as const;
export const SIZE = { R: 1, M: 2, L: 3, STD: 4 } as const;

export const CRUSTS: SeedCrust[] = [
  { id: 1, name: 'New Hand Tossed', description: 'Classic hand stretched crust, crisp outside and soft inside.' },
  { id: 2, name: '100% Wheat Thin Crust', description: 'A light, crispy thin base made with 100% whole wheat.' },
  { id: 3, name: 'Cheese Burst', description: 'A crust filled with molten, gooey liquid cheese.' },
  { id: 4, name: 'Fresh Pan', description: 'A thick, buttery base baked to a golden crunch in the pan.' },
  { id: 5, name: 'Classic Hand Tossed', description: 'The everyday hand tossed base of Pizza Mania.' },
  { id: 6, name: 'Standard', description: 'Served as is.' },
];

export const SIZES: SeedSize[] = [
  { id: 1, code: 'R', name: 'Regular', description: 'Serves 1 (17.7 cm)', serves: 1 },
  { id: 2, code: 'M', name: 'Medium', description: 'Serves 2 (24.5 cm)', serves: 2 },
  { id: 3, code: 'L', name: 'Large', description: 'Serves 4 (33 cm)', serves: 4 },
  { id: 4, code: 'STD', name: 'Standard', description: 'Serves 1', serves: 1 },
];

const VEG_PRICE = { R: 35, M: 60, L: 90 };
const PREMIUM_PRICE = { R: 50, M: 85, L: 125 };

export const TOPPING = {
  ONION: 1,
  CAPSICUM: 2,
  TOMATO: 3,
  MUSHROOM: 4,
  CORN: 5,
  OLIVES: 6,
  JALAPENO: 7,
  PANEER: 8,
  PAPRIKA: 9,
  BABY_CORN: 10,
  GREEN_CHILLI: 11,
  SPINACH: 12,
  BBQ_CHICKEN: 21,
  PERI_PERI_CHICKEN: 22,
  CHICKEN_TIKKA: 23,
  CHICKEN_RASHER: 24,
  CHICKEN_SAUSAGE: 25,
  CHICKEN_KEEMA: 26,
  CHICKEN_PEPPERONI: 27,
  EXTRA_CHEESE: 51,
} as const;

export const TOPPINGS: SeedTopping[] = [
  { id: 1, name: 'Onion', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 2, name: 'Crisp Capsicum', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 3, name: 'Fresh Tomato', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 4, name: 'Grilled Mushroom', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 5, name: 'Golden Corn', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 6, name: 'Black Olives', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 7, name: 'Jalapeno', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 8, name: 'Paneer', foodType: 'VEG', prices: { ...PREMIUM_PRICE } },
  { id: 9, name: 'Red Paprika', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 10, name: 'Fresh Baby Corn', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 11, name: 'Green Chilli', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 12, name: 'Spinach', foodType: 'VEG', prices: { ...VEG_PRICE } },
  { id: 21, name: 'Pepper Barbecue Chicken', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 22, name: 'Peri-Peri Chicken', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 23, name: 'Chicken Tikka', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 24, name: 'Grilled Chicken Rasher', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 25, name: 'Chicken Sausage', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 26, name: 'Chicken Keema', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 27, name: 'Chicken Pepperoni', foodType: 'NON_VEG', prices: { ...PREMIUM_PRICE } },
  { id: 51, name: 'Extra Cheese', foodType: 'VEG', prices: { R: 45, M: 75, L: 95 } },
];

// ---------------------------------------------------------------------------------------------
// Products

const T = TOPPING;
const BESTSELLERS = 1;

interface Opts {
  bestseller?: boolean;
  /** everyday discount in percent: regularPrice is shown struck through above price */
  discountPct?: number;
}

/** A list price about `pct` % above `price`, ending in 9. */
function listPrice(price: number, pct: number): number {
  const p = Math.round((price * (1 + pct / 100)) / 10) * 10 - 1;
  return p > price ? p : price + 10;
}

function variant(crustId: number, sizeId: number, price: number, pct: number | undefined): SeedVariant {
  return pct ? { crustId, sizeId, price, regularPrice: listPrice(price, pct) } : { crustId, sizeId, price };
}

function cats(base: number[], bestseller: boolean | undefined): number[] {
  return bestseller ? [BESTSELLERS, ...base] : base;
}

/** A regular pizza: New Hand Tossed R/M/L, Wheat Thin M/L, Cheese Burst M/L, Fresh Pan R/M. */
function pizza(
  code: string,
  name: string,
  description: string,
  foodType: FoodType,
  categoryIds: number[],
  defaultToppingIds: number[],
  [r, m, l]: readonly [number, number, number],
  opts: Opts = {},
): SeedProduct {
  const d = opts.discountPct;
  return {
    code,
    name,
    description,
    foodType,
    productType: 'PIZZA',
    categoryIds: cats(categoryIds, opts.bestseller),
    defaultToppingIds,
    isCustomizable: true,
    isReplaceable: false,
    isBestseller: opts.bestseller ?? false,
    image: `${code.toLowerCase()}.svg`,
    variants: [
      variant(CRUST.HAND_TOSSED, SIZE.R, r, d),
      variant(CRUST.HAND_TOSSED, SIZE.M, m, d),
      variant(CRUST.HAND_TOSSED, SIZE.L, l, d),
      variant(CRUST.WHEAT_THIN, SIZE.M, m + 20, d),
      variant(CRUST.WHEAT_THIN, SIZE.L, l + 30, d),
      variant(CRUST.CHEESE_BURST, SIZE.M, m + 100, d),
      variant(CRUST.CHEESE_BURST, SIZE.L, l + 130, d),
      variant(CRUST.FRESH_PAN, SIZE.R, r + 20, d),
      variant(CRUST.FRESH_PAN, SIZE.M, m + 30, d),
    ],
  };
}

const veg = (
  code: string,
  name: string,
  description: string,
  extraCats: number[],
  toppings: number[],
  prices: readonly [number, number, number],
  opts?: Opts,
): SeedProduct => pizza(code, name, description, 'VEG', [2, ...extraCats], toppings, prices, opts);

const nonVeg = (
  code: string,
  name: string,
  description: string,
  extraCats: number[],
  toppings: number[],
  prices: readonly [number, number, number],
  opts?: Opts,
): SeedProduct => pizza(code, name, description, 'NON_VEG', [3, ...extraCats], toppings, prices, opts);

/** Pizza Mania: one regular classic hand tossed pizza; default toppings may be swapped one for one. */
function mania(
  code: string,
  name: string,
  description: string,
  foodType: FoodType,
  defaultToppingIds: number[],
  price: number,
  opts: Opts = {},
): SeedProduct {
  return {
    code,
    name,
    description,
    foodType,
    productType: 'PIZZA_MANIA',
    categoryIds: cats([20], opts.bestseller),
    defaultToppingIds,
    isCustomizable: true,
    isReplaceable: true,
    isBestseller: opts.bestseller ?? false,
    image: `${code.toLowerCase()}.svg`,
    variants: [variant(CRUST.CLASSIC, SIZE.R, price, opts.discountPct)],
  };
}

/** Anything that is not a pizza: one standard variant, not customisable. */
function item(
  code: string,
  name: string,
  description: string,
  foodType: FoodType,
  productType: ProductType,
  categoryIds: number[],
  price: number,
  opts: Opts = {},
): SeedProduct {
  return {
    code,
    name,
    description,
    foodType,
    productType,
    categoryIds: cats(categoryIds, opts.bestseller),
    defaultToppingIds: [],
    isCustomizable: false,
    isReplaceable: false,
    isBestseller: opts.bestseller ?? false,
    image: `${code.toLowerCase()}.svg`,
    variants: [variant(CRUST.STANDARD, SIZE.STD, price, opts.discountPct)],
  };
}

const VEG_PIZZAS: SeedProduct[] = [
  veg('PIZ0101', 'Margherita', 'A hugely popular classic loaded with extra mozzarella on a tangy tomato sauce.', [], [], [109, 245, 455], { bestseller: true }),
  veg('PIZ0102', 'Double Cheese Margherita', 'Twice the mozzarella over our signature tomato sauce for the true cheese lover.', [], [], [199, 385, 595], { discountPct: 10 }),
  veg('PIZ0103', 'Cheese n Corn', 'Sweet golden corn and a generous layer of stretchy mozzarella.', [], [T.CORN], [169, 305, 495]),
  veg('PIZ0104', 'Fresh Veggie', 'Crunchy onion and crisp capsicum on a cheesy hand tossed base.', [], [T.ONION, T.CAPSICUM], [179, 335, 545]),
  veg('PIZ0105', 'Farmhouse', 'A farm-fresh mix of onion, capsicum, tomato and grilled mushroom with plenty of cheese.', [], [T.ONION, T.CAPSICUM, T.TOMATO, T.MUSHROOM], [239, 459, 759], { bestseller: true }),
  veg('PIZ0106', 'Peppy Paneer', 'Chunky paneer with crisp capsicum and spicy red paprika for a peppy bite.', [], [T.PANEER, T.CAPSICUM, T.PAPRIKA], [259, 479, 779], { bestseller: true, discountPct: 12 }),
  veg('PIZ0107', 'Mexican Green Wave', 'A Mexican-herb fiesta of onion, capsicum, tomato and fiery jalapeno.', [], [T.ONION, T.CAPSICUM, T.TOMATO, T.JALAPENO], [259, 479, 779]),
  veg('PIZ0108', 'Deluxe Veggie', 'Onion, capsicum, mushroom, golden corn and paneer, all on one deluxe pizza.', [], [T.ONION, T.CAPSICUM, T.MUSHROOM, T.CORN, T.PANEER], [289, 539, 869], { discountPct: 15 }),
  veg('PIZ0109', 'Veggie Paradise', 'Golden corn, black olives, capsicum and red paprika in a colourful veggie paradise.', [], [T.CORN, T.OLIVES, T.CAPSICUM, T.PAPRIKA], [289, 539, 869]),
  veg('PIZ0110', 'Veg Extravaganza', 'The works: olives, onion, capsicum, mushroom, corn, tomato, jalapeno and paneer under a blanket of cheese.', [], [T.OLIVES, T.ONION, T.CAPSICUM, T.MUSHROOM, T.CORN, T.TOMATO, T.JALAPENO, T.PANEER], [319, 619, 999], { bestseller: true, discountPct: 10 }),
  veg('PIZ0111', 'Paneer Makhani', 'Soft paneer in a rich makhani sauce with capsicum and red paprika.', [71], [T.PANEER, T.CAPSICUM, T.PAPRIKA], [289, 559, 899]),
  veg('PIZ0112', 'Indi Tandoori Paneer', 'Smoky tandoori paneer with onion, capsicum and red paprika and a hint of mint mayo.', [71], [T.PANEER, T.ONION, T.CAPSICUM, T.PAPRIKA], [299, 569, 919], { discountPct: 8 }),
  veg('PIZ0113', 'Corn n Cheese Paratha Pizza', 'A flaky, layered paratha base topped with golden corn and melting cheese.', [71], [T.CORN], [169, 319, 519]),
  veg('PIZ0114', 'Achari Do Pyaza', 'Tangy achari masala with double onion and a kick of green chilli.', [71], [T.ONION, T.GREEN_CHILLI], [209, 409, 649]),
  veg('PIZ0115', 'Tuscan Spinach Mushroom', 'An Italian-style pie of spinach, grilled mushroom and black olives on garlic butter sauce.', [51], [T.SPINACH, T.MUSHROOM, T.OLIVES], [299, 589, 949]),
  veg('PIZ0116', 'American Smokehouse Veggie', 'Smoky barbecue sauce with onion, golden corn, baby corn and jalapeno, American style.', [51], [T.ONION, T.CORN, T.BABY_CORN, T.JALAPENO], [289, 569, 919]),
  veg('PIZ0117', 'Creamy Tomato Pasta Pizza Veg', 'Penne in creamy tomato sauce baked on a pizza with capsicum and golden corn.', [77], [T.CAPSICUM, T.CORN], [219, 429, 689], { discountPct: 10 }),
];

const NON_VEG_PIZZAS: SeedProduct[] = [
  nonVeg('PIZ0201', 'Pepper Barbecue Chicken', 'Pepper barbecue chicken on a layer of cheese: simple, smoky and satisfying.', [], [T.BBQ_CHICKEN], [199, 395, 625], { bestseller: true }),
  nonVeg('PIZ0202', 'Chicken Sausage', 'Juicy chicken sausage slices with a generous layer of mozzarella.', [], [T.CHICKEN_SAUSAGE], [199, 395, 625]),
  nonVeg('PIZ0203', 'Pepper Barbecue & Onion', 'Pepper barbecue chicken paired with crunchy onion.', [], [T.BBQ_CHICKEN, T.ONION], [229, 439, 709]),
  nonVeg('PIZ0204', 'Chicken Golden Delight', 'Barbecue chicken with golden corn and a double helping of cheese.', [], [T.BBQ_CHICKEN, T.CORN], [249, 469, 769], { discountPct: 10 }),
  nonVeg('PIZ0205', 'Chicken Fiesta', 'Grilled chicken rashers with onion and crisp capsicum for a party on a plate.', [], [T.CHICKEN_RASHER, T.ONION, T.CAPSICUM], [279, 519, 839]),
  nonVeg('PIZ0206', 'Chicken Pepperoni', 'A classic American topping of spicy chicken pepperoni and extra cheese.', [], [T.CHICKEN_PEPPERONI], [299, 579, 929]),
  nonVeg('PIZ0207', 'Non Veg Supreme', 'Black olives, onion, capsicum and mushroom with barbecue, peri-peri and grilled chicken.', [], [T.OLIVES, T.ONION, T.CAPSICUM, T.MUSHROOM, T.BBQ_CHICKEN, T.PERI_PERI_CHICKEN, T.CHICKEN_RASHER], [319, 619, 999], { discountPct: 12 }),
  nonVeg('PIZ0208', 'Chicken Dominator', 'Loaded with double pepper barbecue chicken, peri-peri chicken, chicken tikka and grilled rashers.', [], [T.BBQ_CHICKEN, T.PERI_PERI_CHICKEN, T.CHICKEN_TIKKA, T.CHICKEN_RASHER], [319, 619, 999], { bestseller: true, discountPct: 10 }),
  nonVeg('PIZ0209', 'Indi Chicken Tikka', 'Tandoori-spiced chicken tikka with onion and red paprika on a makhani base.', [71], [T.CHICKEN_TIKKA, T.ONION, T.PAPRIKA], [309, 599, 959], { bestseller: true }),
  nonVeg('PIZ0210', 'Keema Do Pyaza', 'Spiced chicken keema with double onion, straight from the dhaba to your pizza.', [71], [T.CHICKEN_KEEMA, T.ONION], [269, 509, 819]),
  nonVeg('PIZ0211', 'Chicken Tikka Masala Paratha Pizza', 'Chicken tikka, green chilli and onion on a flaky paratha base.', [71], [T.CHICKEN_TIKKA, T.GREEN_CHILLI, T.ONION], [279, 529, 849], { discountPct: 8 }),
  nonVeg('PIZ0212', 'Peri-Peri Chicken Lisbon', 'A Portuguese-inspired pizza of fiery peri-peri chicken, onion and red paprika.', [51], [T.PERI_PERI_CHICKEN, T.ONION, T.PAPRIKA], [309, 599, 959]),
  nonVeg('PIZ0213', 'Korean BBQ Chicken', 'Sweet and spicy Korean-style barbecue chicken with onion and green chilli.', [51], [T.BBQ_CHICKEN, T.ONION, T.GREEN_CHILLI], [309, 599, 959]),
  nonVeg('PIZ0214', 'Chicken Alfredo Pasta Pizza', 'Creamy alfredo penne, grilled chicken rashers and mushroom baked on a pizza.', [77], [T.CHICKEN_RASHER, T.MUSHROOM], [249, 479, 769]),
];

const PIZZA_MANIA: SeedProduct[] = [
  mania('PIZ0301', 'Onion Pizza Mania', 'A value regular pizza topped with crunchy onion and cheese.', 'VEG', [T.ONION], 59),
  mania('PIZ0302', 'Tomato Pizza Mania', 'Juicy tomato and cheese on a classic regular base.', 'VEG', [T.TOMATO], 59),
  mania('PIZ0303', 'Golden Corn Pizza Mania', 'Sweet golden corn and cheese on a classic regular base.', 'VEG', [T.CORN], 79),
  mania('PIZ0304', 'Capsicum & Red Paprika Pizza Mania', 'Crisp capsicum and spicy red paprika on a classic regular base.', 'VEG', [T.CAPSICUM, T.PAPRIKA], 89),
  mania('PIZ0305', 'Paneer & Onion Pizza Mania', 'Creamy paneer and crunchy onion on a classic regular base.', 'VEG', [T.PANEER, T.ONION], 99, { bestseller: true }),
  mania('PIZ0306', 'Chicken Sausage Pizza Mania', 'Chicken sausage and cheese on a classic regular base.', 'NON_VEG', [T.CHICKEN_SAUSAGE], 99),
  mania('PIZ0307', 'Pepper BBQ Chicken Pizza Mania', 'Pepper barbecue chicken and cheese on a classic regular base.', 'NON_VEG', [T.BBQ_CHICKEN], 99),
];

const SIDES: SeedProduct[] = [
  item('SID0401', 'Garlic Breadsticks', 'Freshly baked breadsticks brushed with garlic butter and herbs.', 'VEG', 'SIDES', [4], 109, { bestseller: true }),
  item('SID0402', 'Stuffed Garlic Bread', 'Garlic bread stuffed with sweet corn, jalapeno and gooey cheese.', 'VEG', 'SIDES', [4], 159, { bestseller: true }),
  item('SID0403', 'Paneer Tikka Stuffed Garlic Bread', 'Garlic bread filled with tandoori paneer tikka, onion and cheese.', 'VEG', 'SIDES', [4], 189),
  item('SID0404', 'Chicken Keema Stuffed Garlic Bread', 'Garlic bread loaded with spicy chicken keema and melting cheese.', 'NON_VEG', 'SIDES', [4], 199),
  item('SID0405', 'Taco Mexicana Veg', 'A crispy taco shell packed with a spicy potato and veggie patty and creamy sauce.', 'VEG', 'SIDES', [4], 129),
  item('SID0406', 'Taco Mexicana Non Veg', 'A crispy taco shell packed with a spicy chicken patty and creamy sauce.', 'NON_VEG', 'SIDES', [4], 149),
  item('SID0407', 'Crinkle Fries', 'Crispy crinkle-cut fries dusted with a zesty seasoning.', 'VEG', 'SIDES', [4], 99, { discountPct: 20 }),
  item('SID0408', 'Potato Cheese Shots', 'Bite-sized potato shots with a molten cheese centre.', 'VEG', 'SIDES', [4], 99),
  item('SID0409', 'Cheesy Dip', 'A rich, creamy cheese dip for your crusts and sides.', 'VEG', 'SIDES', [4, 76], 25),
  item('SID0410', 'Jalapeno Dip', 'A tangy dip with a gentle jalapeno kick.', 'VEG', 'SIDES', [4, 76], 25),
];

const DAILY_ESSENTIALS: SeedProduct[] = [
  item('SID7601', 'Mozzarella Cheese Block 200g', 'The same fresh mozzarella we bake with, packed for your kitchen.', 'VEG', 'SIDES', [76], 149),
  item('SID7602', 'Whole Wheat Garlic Bread Loaf', 'A soft whole wheat loaf with garlic butter, ready to toast at home.', 'VEG', 'SIDES', [76], 69),
  item('SID7603', 'Oregano & Chilli Flakes Pack', 'Ten sachets each of oregano and chilli flakes for extra zing.', 'VEG', 'SIDES', [76], 39),
];

const PASTA: SeedProduct[] = [
  item('PAS7701', 'Creamy Tomato Pasta Veg', 'Penne tossed in a creamy tomato sauce with herbs and golden corn.', 'VEG', 'PASTA', [77], 145),
  item('PAS7702', 'Cheesy Jalapeno Pasta Veg', 'Penne in a cheesy white sauce with jalapeno and red paprika.', 'VEG', 'PASTA', [77], 155),
  item('PAS7703', 'Chicken Alfredo Pasta', 'Penne in a silky alfredo sauce with grilled chicken rashers.', 'NON_VEG', 'PASTA', [77], 175, { discountPct: 10 }),
];

const CHICKEN: SeedProduct[] = [
  item('CHK4601', 'Boneless Chicken Wings Peri-peri', 'Tender boneless wings tossed in a fiery peri-peri sauce.', 'NON_VEG', 'CHICKEN', [46], 199, { bestseller: true }),
  item('CHK4602', 'Chicken Meatballs Peri-peri', 'Juicy chicken meatballs glazed in tangy peri-peri sauce.', 'NON_VEG', 'CHICKEN', [46], 169),
  item('CHK4603', 'Chicken Pepper Crunchy', 'Crunchy chicken bites coated in cracked black pepper.', 'NON_VEG', 'CHICKEN', [46], 189),
  item('CHK4604', 'Roasted Chicken Wings Classic Hot Sauce', 'Oven-roasted chicken wings in a classic hot sauce.', 'NON_VEG', 'CHICKEN', [46], 189),
  item('CHK4605', 'Crispy Chicken Strips', 'Golden, crumb-coated chicken strips with a smoky dip.', 'NON_VEG', 'CHICKEN', [46], 199, { discountPct: 15 }),
  item('CHK4606', 'Chicken Parcel', 'Flaky baked parcels stuffed with spiced chicken and cheese.', 'NON_VEG', 'CHICKEN', [46], 69),
];

const COMBOS: SeedProduct[] = [
  item('CMB5001', 'Snack Box Veg', 'Garlic Breadsticks, Potato Cheese Shots and a Pepsi 475ml in one box.', 'VEG', 'SIDECOMBOS', [50], 249, { discountPct: 15 }),
  item('CMB5002', 'Snack Box Non Veg', 'Boneless Chicken Wings, Garlic Breadsticks and a Pepsi 475ml in one box.', 'NON_VEG', 'SIDECOMBOS', [50], 299, { discountPct: 15 }),
  item('CMB5003', 'Lunch Combo Veg', 'A Regular Margherita, Crinkle Fries and a Pepsi 475ml.', 'VEG', 'SIDECOMBOS', [50], 229),
  item('CMB5004', 'Meal for 2 Veg', 'Two Medium Farmhouse pizzas, Garlic Breadsticks and two Pepsi 475ml.', 'VEG', 'SIDECOMBOS', [50], 899, { discountPct: 20 }),
  item('CMB5005', 'Meal for 2 Non Veg', 'Two Medium Chicken Fiesta pizzas, Chicken Wings and two Pepsi 475ml.', 'NON_VEG', 'SIDECOMBOS', [50], 999, { discountPct: 20 }),
  item('CMB5006', 'Party Pack Veg', 'Three Large veg pizzas, two Stuffed Garlic Breads and a 1.25L Pepsi.', 'VEG', 'SIDECOMBOS', [50], 1799, { discountPct: 18 }),
];

const BEVERAGES: SeedProduct[] = [
  item('BEV0501', 'Pepsi 475ml', 'Ice-cold Pepsi to wash down every cheesy bite.', 'VEG', 'BEVERAGE', [5], 60),
  item('BEV0502', '7Up 475ml', 'A crisp, lemony 7Up, perfectly chilled.', 'VEG', 'BEVERAGE', [5], 60),
  item('BEV0503', 'Mirinda 475ml', 'Bubbly orange Mirinda for a fruity fizz.', 'VEG', 'BEVERAGE', [5], 60),
  item('BEV0504', 'Mountain Dew 475ml', 'The bold citrus rush of Mountain Dew.', 'VEG', 'BEVERAGE', [5], 60),
  item('BEV0505', 'Pepsi Black Can 330ml', 'Zero-sugar Pepsi Black in a chilled can.', 'VEG', 'BEVERAGE', [5], 57),
  item('BEV0506', 'Lipton Ice Tea 250ml', 'Refreshing lemon iced tea by Lipton.', 'VEG', 'BEVERAGE', [5], 50),
  item('BEV0507', 'Aquafina Water 500ml', 'Purified packaged drinking water.', 'VEG', 'BEVERAGE', [5, 76], 20),
];

const DESSERTS: SeedProduct[] = [
  item('DES2601', 'Choco Lava Cake', 'A chocolate cake with a warm, gooey molten chocolate centre.', 'VEG', 'DESSERT', [26], 109, { bestseller: true }),
  item('DES2602', 'Brownie Fantasy', 'A sweet temptation of chocolate brownie with chocolate sauce.', 'VEG', 'DESSERT', [26], 59),
  item('DES2603', 'Red Velvet Lava Cake', 'A red velvet cake with a rich, creamy cheese centre.', 'VEG', 'DESSERT', [26], 145),
  item('DES2604', 'Butterscotch Mousse Cake', 'A light butterscotch mousse on a moist vanilla sponge.', 'VEG', 'DESSERT', [26], 119),
  item('DES2605', 'Choco Decadence Cake', 'Layers of dark chocolate sponge and silky chocolate ganache.', 'VEG', 'DESSERT', [26], 149, { discountPct: 10 }),
];

export const PRODUCTS: SeedProduct[] = [
  ...VEG_PIZZAS,
  ...NON_VEG_PIZZAS,
  ...PIZZA_MANIA,
  ...SIDES,
  ...CHICKEN,
  ...PASTA,
  ...COMBOS,
  ...BEVERAGES,
  ...DESSERTS,
  ...DAILY_ESSENTIALS,
];
