import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultCustomisation, priceCustomisation, type Customisation } from '@crust/domain/customise';
import { formatRupees } from '@crust/domain/money';
import { pricedToppings, toCustomisable } from '../src/shared/menu/model.ts';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { CRUSTS, currentUrl, mockApi, PRODUCTS, renderApp, SIZES, T, TOPPINGS } from './menu-fixtures.tsx';

beforeEach(() => {
  resetLocationState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const priced = pricedToppings(TOPPINGS);
const productOf = (code: string) => toCustomisable(PRODUCTS.find((p) => p.menuCode === code)!);

/** What the domain says the line costs: the screen must show exactly this. */
function expectedTotal(code: string, c: Partial<Customisation>): string {
  const product = productOf(code);
  const r = priceCustomisation(product, { ...defaultCustomisation(product), ...c }, priced);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return formatRupees(r.price.linePrice);
}

const total = () => screen.getByTestId('customise-total').textContent.replace(/^Total\s*/, '');
const breakdownTotal = () => screen.getByTestId('price-total').textContent;
const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

async function open(url: string) {
  mockApi();
  const app = renderApp(url);
  await screen.findByRole('group', { name: 'Choose your crust' });
  return app;
}

describe('customise price', () => {
  it('crust, size, two toppings and extra cheese: the price shown is priceCustomisation', async () => {
    const user = userEvent.setup();
    const { router } = await open('/customise?pizzaId=PIZ0171');
    // default: the cheapest variant (Hand Tossed Regular)
    expect(radio('Hand Tossed').checked).toBe(true);
    expect(radio('Regular').checked).toBe(true);
    expect(total()).toBe(expectedTotal('PIZ0171', {}));
    expect(total()).toBe('₹109');

    await user.click(radio('Cheese Burst')); // Regular is not made in Cheese Burst: moves to Medium
    expect(radio('Medium').checked).toBe(true);
    expect(total()).toBe(expectedTotal('PIZ0171', { crustId: CRUSTS.CHEESE_BURST, sizeId: SIZES.MEDIUM }));

    await user.click(radio('Large'));
    let c: Partial<Customisation> = { crustId: CRUSTS.CHEESE_BURST, sizeId: SIZES.LARGE };
    expect(total()).toBe(expectedTotal('PIZ0171', c));
    expect(total()).toBe('₹559');

    await user.click(button('Paneer'));
    await user.click(button('Chicken Tikka'));
    c = { ...c, addToppings: [T.PANEER, T.CHICKEN_TIKKA] };
    expect(total()).toBe(expectedTotal('PIZ0171', c));
    expect(button('Paneer').getAttribute('aria-pressed')).toBe('true');

    await user.click(button('Add extra cheese'));
    await user.click(button('Add extra cheese'));
    c = { ...c, extraCheese: 2 };
    expect(total()).toBe(expectedTotal('PIZ0171', c));
    expect(total()).toBe('₹944'); // 559 + 100 + 115 + 2 × 85
    expect(breakdownTotal()).toBe('₹944');
    expect(screen.getByTestId('price-base').textContent).toBe('₹559');
    expect(screen.getByTestId('price-toppings').textContent).toBe('₹215');
    expect(screen.getByTestId('price-cheese').textContent).toBe('₹170');

    await user.click(button('Increase quantity'));
    expect(total()).toBe(expectedTotal('PIZ0171', { ...c, quantity: 2 }));
    expect(screen.getByTestId('price-unit').textContent).toBe('₹944');

    // the whole choice is in the URL, so a reload keeps it
    expect(currentUrl(router)).toBe('/customise?pizzaId=PIZ0171&crust=2&size=3&add=3%2C10&cheese=2&qty=2');
  });

  it('the breakdown is a polite live region', async () => {
    await open('/customise?pizzaId=PIZ0171');
    const price = screen.getByRole('region', { name: 'Price' });
    expect(price.querySelector('[aria-live="polite"]')).not.toBeNull();
  });

  it('sizes the crust does not come in are disabled, and show serves and price', async () => {
    const user = userEvent.setup();
    await open('/customise?pizzaId=PIZ0171');
    await user.click(radio('Cheese Burst'));
    expect(radio('Regular').disabled).toBe(true);
    expect(radio('Medium').disabled).toBe(false);
    const medium = radio('Medium');
    const desc = document.getElementById(medium.getAttribute('aria-describedby')!)!.textContent;
    expect(desc).toContain('Serves 2');
    expect(desc).toContain('₹345');
  });

  it('toppings not priced for the size are disabled and dropped on a size change', async () => {
    const user = userEvent.setup();
    await open('/customise?pizzaId=PIZ0171&crust=1&size=2&add=4');
    expect(button('Jalapeno').getAttribute('aria-pressed')).toBe('true');
    await user.click(radio('Large'));
    expect(button('Jalapeno').getAttribute('aria-pressed')).toBe('false');
    expect(button('Jalapeno').disabled).toBe(true);
    expect(total()).toBe(expectedTotal('PIZ0171', { crustId: 1, sizeId: 3 }));
  });

  it('extra cheese stops at 3', async () => {
    const user = userEvent.setup();
    await open('/customise?pizzaId=PIZ0171');
    expect(button('Remove extra cheese').disabled).toBe(true);
    for (let i = 0; i < 3; i++) await user.click(button('Add extra cheese'));
    expect(button('Add extra cheese').disabled).toBe(true);
    const group = screen.getByRole('group', { name: 'Extra cheese' });
    expect(within(group).getByRole('status').textContent).toBe('3');
    expect(total()).toBe(expectedTotal('PIZ0171', { extraCheese: 3 }));
  });
});

describe('toppings and food type', () => {
  it('default toppings come off and go back on at no charge', async () => {
    const user = userEvent.setup();
    const { router } = await open('/customise?pizzaId=PIZ0172');
    const before = total();
    expect(button('Paneer').getAttribute('aria-pressed')).toBe('true');
    await user.click(button('Paneer'));
    expect(button('Paneer').getAttribute('aria-pressed')).toBe('false');
    expect(total()).toBe(before);
    expect(currentUrl(router)).toContain('rem=3');
    await user.click(button('Paneer'));
    expect(button('Paneer').getAttribute('aria-pressed')).toBe('true');
  });

  it('a non-veg topping makes a veg pizza non-veg', async () => {
    const user = userEvent.setup();
    await open('/customise?pizzaId=PIZ0171');
    const header = screen.getByText('Margherita', { selector: 'span' }).parentElement!;
    expect(within(header).getByRole('img', { name: 'Veg' })).toBeTruthy();
    await user.click(button('Barbeque Chicken'));
    expect(within(header).getByRole('img', { name: 'Non-veg' })).toBeTruthy();
  });

  it('Pizza Mania: a removed topping can be swapped for another free', async () => {
    const user = userEvent.setup();
    await open('/customise?pizzaId=PIZ0501');
    const base = total();
    // no swap candidates until a default topping is off
    expect(screen.queryByRole('button', { name: 'Swap in Paneer' })).toBeNull();
    await user.click(button('Onion'));
    expect(screen.getByText('1 free swap left')).toBeTruthy();
    await user.click(button('Swap in Paneer'));
    expect(button('Swap in Paneer').getAttribute('aria-pressed')).toBe('true');
    expect(total()).toBe(base);
    expect(total()).toBe(
      expectedTotal('PIZ0501', { removeToppings: [T.ONION], replaceToppings: [T.PANEER] }),
    );
    // swapped in: not also addable as a paid extra
    expect(button('Paneer').disabled).toBe(true);
    expect(button('Swap in Capsicum').disabled).toBe(true);
    await user.click(button('Swap in Paneer'));
    expect(button('Swap in Capsicum').disabled).toBe(false);
  });
});

describe('selection in the URL', () => {
  it('restores a choice from the URL (a reload keeps it)', async () => {
    await open('/customise?pizzaId=PIZ0171&crust=2&size=3&add=3,10&cheese=2&qty=2');
    expect(radio('Cheese Burst').checked).toBe(true);
    expect(radio('Large').checked).toBe(true);
    expect(button('Paneer').getAttribute('aria-pressed')).toBe('true');
    expect(button('Chicken Tikka').getAttribute('aria-pressed')).toBe('true');
    expect(total()).toBe(
      expectedTotal('PIZ0171', { crustId: 2, sizeId: 3, addToppings: [3, 10], extraCheese: 2, quantity: 2 }),
    );
  });

  it('an invalid choice in the URL starts from the default', async () => {
    await open('/customise?pizzaId=PIZ0171&crust=2&size=1&add=999');
    expect(radio('Hand Tossed').checked).toBe(true);
    expect(radio('Regular').checked).toBe(true);
    expect(total()).toBe('₹109');
  });
});

describe('not customisable', () => {
  it.each([
    ['/customise?pizzaId=NOPE', 'We could not find this pizza on the menu.'],
    ['/customise?pizzaId=SID0001', 'Item not available at this time'],
    ['/customise', 'We could not find this pizza on the menu.'],
  ])('%s', async (url, text) => {
    mockApi();
    renderApp(url);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the menu' }).getAttribute('href')).toBe('/menu');
  });

  it('toppings failing still lets crust and size be chosen', async () => {
    mockApi({ fail: { toppings: true } });
    renderApp('/customise?pizzaId=PIZ0171');
    expect(await screen.findByText("We couldn't load the toppings just now.")).toBeTruthy();
    expect(radio('Hand Tossed').checked).toBe(true);
    expect(total()).toBe('₹109');
  });
});
