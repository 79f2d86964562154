import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Menu, MenuProduct, MenuSizeInfo } from '@crust/contract';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { MENU, mockApi, renderApp } from './menu-fixtures.tsx';

/**
 * Issue 30 §2 on the customer's side: a food photo from the back office on the card (sized up front, a <picture>
 * of WebP and JPEG widths, lazy below the fold), and each size's nutrition and allergens (FSSAI) in the product's
 * detail and on the customise screen.
 */
beforeEach(() => {
  resetLocationState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const info = (sizeId: number, energyKcal: number, allergens: [string, string][]): MenuSizeInfo => ({
  sizeId,
  nutriInfoDetails: {
    servingSizeG: 250 * sizeId,
    energyKcal,
    proteinG: 26.5,
    carbohydrateG: 80,
    sugarG: 9,
    fatG: 22,
    sodiumMg: 1250,
  },
  allergenInfoDetails: allergens.map(([code, name]) => ({ code, name })),
});
const photo = '/api/v1/photos/Pabcdefghijklmnopqrstuv';
const withDetails = (p: MenuProduct): MenuProduct =>
  p.menuCode === 'PIZ0172'
    ? {
        ...p,
        mediaList: [
          {
            type: 'image',
            url: `${photo}/640.jpg`,
            width: 640,
            height: 480,
            srcset: {
              webp: `${photo}/160.webp 160w, ${photo}/320.webp 320w, ${photo}/640.webp 640w`,
              jpeg: `${photo}/160.jpg 160w, ${photo}/320.jpg 320w, ${photo}/640.jpg 640w`,
            },
          },
        ],
        sizes: [
          info(1, 640, [
            ['GLUTEN', 'Cereals containing gluten'],
            ['MILK', 'Milk'],
          ]),
          info(2, 1210, [['MILK', 'Milk']]),
        ],
      }
    : p;
const menu: Menu = { ...MENU, products: MENU.products.map(withDetails) };

describe('food photos', () => {
  it('a card shows the photo as WebP and JPEG widths for its box, sized so nothing shifts', async () => {
    mockApi({ menu });
    renderApp('/menu/veg-pizza');
    const card = await screen.findByRole('article', { name: 'Peppy Paneer' });
    const source = card.querySelector('picture source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toContain('/320.webp 320w');
    const img = card.querySelector('picture img')!;
    expect(img.getAttribute('src')).toBe(`${photo}/640.jpg`);
    expect(img.getAttribute('srcset')).toContain('/160.jpg 160w');
    expect(img.getAttribute('sizes')).toBe('112px');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['112', '112']);
    // a product without a photo keeps its drawn placeholder
    const plain = screen.getByRole('article', { name: 'Margherita' });
    expect(plain.querySelector('picture')).toBeNull();
    expect(plain.querySelector('img')!.getAttribute('src')).toBe('/menu-img/piz0171.svg');
  });
});

describe('nutrition and allergens', () => {
  it('the card’s detail shows each size’s nutrition and allergens', async () => {
    mockApi({ menu });
    renderApp('/menu/veg-pizza');
    const card = await screen.findByRole('article', { name: 'Peppy Paneer' });
    expect(
      within(screen.getByRole('article', { name: 'Margherita' })).queryByText('Nutrition & allergens'),
    ).toBeNull();
    await userEvent.click(
      within(card).getByRole('button', { name: 'Nutrition and allergens of Peppy Paneer' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Peppy Paneer' });
    expect(within(dialog).getByText('Per serving of Regular (250 g)')).toBeTruthy();
    expect(within(dialog).getByText('640 kcal')).toBeTruthy();
    expect(within(dialog).getByText('26.5 g')).toBeTruthy();
    expect(within(dialog).getByText('1,250 mg')).toBeTruthy();
    expect(within(dialog).getByText('Contains: Cereals containing gluten, Milk')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Medium' }));
    expect(within(dialog).getByText('1,210 kcal')).toBeTruthy();
    expect(within(dialog).getByText('Contains: Milk')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the customise screen shows the chosen size’s nutrition, following the size', async () => {
    mockApi({ menu });
    renderApp('/customise?pizzaId=PIZ0172');
    const summary = await screen.findByText('Nutrition and allergens');
    await userEvent.click(summary);
    expect(screen.getByText('Per serving of Regular (250 g)')).toBeTruthy();
    expect(screen.getByText('640 kcal')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Medium/ }));
    expect(screen.getByText('Per serving of Medium (500 g)')).toBeTruthy();
    expect(screen.getByText('1,210 kcal')).toBeTruthy();
  });
});
