import { DELIVERY_TYPES } from '@crust/domain/delivery-types';
import type { WidgetKind, WidgetPlacement } from '@crust/domain/content';

/**
 * The chain's starting content (issue 17 §2, docs/content.md): seeded in every environment, once; an admin's
 * later edits, retirements and new order are kept by every later seed.
 */
export interface SeedWidget {
  id: string;
  placement: WidgetPlacement;
  kind: WidgetKind;
  title: string;
  subtitle: string;
  body: string;
  image: string | null;
  deliveryTypes: readonly string[];
  position: number;
  lang?: string | null;
  platform?: string | null;
  page?: string | null;
  site?: string | null;
}

const EVERY_TYPE = DELIVERY_TYPES;

/** The landing's banners (the five that were in code, and more), its alert and the cart's static widget. */
export const WIDGETS: SeedWidget[] = [
  {
    id: 'edv-199',
    placement: 'LANDING',
    kind: 'edv',
    title: 'Everyday Value',
    subtitle: 'Any 2 medium pizzas at ₹199 each',
    body: '',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 0,
  },
  {
    id: 'world-pizza-league',
    placement: 'LANDING',
    kind: 'world_pizza_league',
    title: 'World Pizza League',
    subtitle: 'Four pizzas from four cities, for a limited time',
    body: '',
    image: '/menu-img/piz0212.svg',
    deliveryTypes: EVERY_TYPE,
    position: 1,
  },
  {
    id: 'offers',
    placement: 'LANDING',
    kind: 'offers',
    title: 'Offers for you',
    subtitle: 'Coupons and deals at your store',
    body: '',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 2,
  },
  {
    id: 'favourites',
    placement: 'LANDING',
    kind: 'favourite',
    title: 'Bestsellers',
    subtitle: 'What everyone is ordering today',
    body: '',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 3,
  },
  {
    id: 'pizza-pals',
    placement: 'LANDING',
    kind: 'reward',
    title: 'Pizza Pals',
    subtitle: 'Earn points on every order, swap them for free pizzas',
    body: '',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 4,
  },
  {
    id: 'irctc',
    placement: 'LANDING',
    kind: 'irctc',
    title: 'Pizza on your train',
    subtitle: 'Order with your PNR: we bring it hot to your berth',
    body: '',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 5,
  },
  {
    id: 'hygiene',
    placement: 'LANDING',
    kind: 'hygiene',
    title: 'Zero-contact, safe kitchens',
    subtitle: 'How we keep your food safe',
    body: '',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 6,
  },
  {
    id: 'inside-our-kitchens',
    placement: 'LANDING',
    kind: 'web_view',
    title: 'Inside our kitchens',
    subtitle: 'The checks every store makes, every day',
    body: [
      'Every Crust kitchen runs the same checks, every day, before the first pizza goes in the oven.',
      '',
      '- **Dough** is made fresh each morning and used within the day',
      '- **Fridges** are checked at 3 °C or colder, four times a day',
      '- **Ovens** bake at 250 °C; every pizza leaves them above 75 °C',
      '',
      'Read the full [hygiene & safety notice](/notification) or see [what is in our food](/info?page=allergens).',
    ].join('\n'),
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 7,
  },
  {
    id: 'alert-pasta-pizza-party',
    placement: 'ALERT',
    kind: 'menu',
    title: 'New: Pasta Pizza Party',
    subtitle: '',
    body: 'Pasta baked into pizza, now on the menu. [See the pasta pizzas](/menu/pasta-pizza-party)',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 0,
  },
  {
    id: 'cart-save-more',
    placement: 'CART',
    kind: 'deals',
    title: 'Save more on this order',
    subtitle: 'Coupons and combo deals work on this cart',
    body: 'Pick a coupon before you pay: **the best one for your cart is shown first**.',
    image: null,
    deliveryTypes: EVERY_TYPE,
    position: 0,
    lang: 'en',
    page: 'cart',
  },
];

export interface SeedInfoPage {
  slug: string;
  title: string;
  body: string;
}

export const INFO_PAGES: SeedInfoPage[] = [
  {
    slug: 'notification',
    title: 'Hygiene & safety',
    body: [
      'Your food is made, baked and brought to you with care. This is what every Crust store does.',
      '',
      '**In the kitchen**',
      '- Everyone washes and sanitises their hands every 30 minutes and between tasks',
      '- Temperatures of staff are checked at the start of every shift',
      '- Surfaces, cutters and trays are sanitised every hour',
      '',
      '**On the way to you**',
      '- Pizzas travel in sealed boxes, in insulated bags cleaned after every trip',
      '- Choose *Zero contact delivery* at checkout and your order is left at your door',
      '',
      'Every store is licensed by the Food Safety and Standards Authority of India: see [fssai.gov.in](https://www.fssai.gov.in/).',
      'Questions? [Contact us](/info?page=contact).',
    ].join('\n'),
  },
  {
    slug: 'world-pizza-league',
    title: 'World Pizza League',
    body: [
      "Four cities, four pizzas: the **World Pizza League** brings the world's favourite flavours to your table.",
      '',
      '- Tuscan Spinach Mushroom, from Florence',
      '- American Smokehouse Veggie, from Texas',
      '- Peri-Peri Chicken Lisbon, from Lisbon',
      '- Korean BBQ Chicken, from Seoul',
      '',
      '*For a limited time, at every store.*',
    ].join('\n'),
  },
  {
    slug: 'about',
    title: 'About Crust',
    body: [
      'Crust bakes pizza in stores across India, for delivery, takeaway, dine-in, Drive-n-Pick and your train seat.',
      '',
      'Our promise: **hot pizza at your door in 30 minutes**, or the next one is on us.',
      '',
      'See [our menu](/menu) or [today’s offers](/offers).',
    ].join('\n'),
  },
  {
    slug: 'allergens',
    title: 'Allergens',
    body: [
      'Our kitchens handle wheat (gluten), milk, soy, mustard and sesame. We cannot promise any item is free of them.',
      '',
      '- **Crusts** contain wheat (gluten); the cheese burst crust contains milk',
      '- **Cheese** and most sauces contain milk',
      '- **Peri-peri** and barbecue sauces contain mustard and soy',
      '',
      'If you have an allergy, tell the store before you order: [contact us](/info?page=contact).',
    ].join('\n'),
  },
  {
    slug: 'contact',
    title: 'Contact us',
    body: [
      'Call your store: its number is on your order’s tracking page.',
      '',
      'Customer care, every day from 10 am to 11 pm:',
      '**1800 208 1234** (toll free)',
      '',
      'Track an order at any time from [Track order](/track).',
    ].join('\n'),
  },
];
