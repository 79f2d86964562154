import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetLocationState } from '../src/shared/state/location-store.ts';
import { currentUrl, mockApi, renderApp } from './menu-fixtures.tsx';

beforeEach(() => {
  resetLocationState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const resultNames = () =>
  within(screen.getByRole('list', { name: 'Search' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

async function typeQuery(q: string) {
  const user = userEvent.setup();
  const box = await screen.findByRole('searchbox', { name: 'Search the menu' });
  await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
  await user.clear(box);
  if (q) await user.type(box, q);
  return user;
}

describe('search', () => {
  it('focuses the box and suggests bestsellers before typing', async () => {
    mockApi();
    renderApp('/search');
    const box = await screen.findByRole('searchbox', { name: 'Search the menu' });
    expect(document.activeElement).toBe(box);
    const popular = await screen.findByRole('list', { name: 'Popular right now' });
    expect(
      within(popular)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Margherita', 'Peppy Paneer']);
  });

  it.each([
    ['paneer', ['Peppy Paneer']],
    ['chicken', ['Chicken Dominator', 'Chicken Wings']],
    ['jalapeno', ['Veggie Jalapeno Crunch']],
    ['mozzarella', ['Margherita']],
    ['onion', ['Onion Pizza Mania', 'Veggie Jalapeno Crunch']],
  ])('%j ranks results', async (q, expected) => {
    mockApi();
    renderApp('/search');
    await typeQuery(q);
    await waitFor(() => expect(resultNames()).toEqual(expected));
  });

  it('finds pizzas by topping names', async () => {
    mockApi();
    renderApp('/search');
    await typeQuery('capsicum');
    // Peppy Paneer has capsicum as a default topping (and in its description)
    await waitFor(() => expect(resultNames()).toContain('Peppy Paneer'));
    await typeQuery('barbeque');
    await waitFor(() => expect(resultNames()).toEqual(['Chicken Dominator']));
  });

  it('pizzas link to customise; other items to their place on the menu', async () => {
    mockApi();
    renderApp('/search');
    await typeQuery('garlic');
    const side = await screen.findByRole('link', { name: 'Garlic Breadsticks' });
    expect(side.getAttribute('href')).toBe('/menu?categoryId=4&pizzaId=SID0001');
    await typeQuery('margherita');
    const pizza = await screen.findByRole('link', { name: 'Margherita' });
    expect(pizza.getAttribute('href')).toBe('/customise?pizzaId=PIZ0171');
  });

  it('a result is added from the results, as on the menu', async () => {
    mockApi();
    renderApp('/search');
    await typeQuery('paneer');
    const results = await screen.findByRole('list', { name: 'Search' });
    await waitFor(() =>
      expect(within(results).getByRole('button', { name: 'Add Peppy Paneer' })).toBeTruthy(),
    );
  });

  it('says how many results, or that nothing matches', async () => {
    mockApi();
    renderApp('/search');
    await typeQuery('sushi');
    expect(await screen.findByText('Nothing on the menu matches “sushi”.')).toBeTruthy();
    await typeQuery('chicken');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 results for “chicken”'));
    await typeQuery('mania');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 result for “mania”'));
  });

  it('keeps the query in the URL and restores it', async () => {
    mockApi();
    const { router } = renderApp('/search?q=pepsi');
    await waitFor(() => expect(resultNames()).toEqual(['Pepsi 475ml']));
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('pepsi');
    await typeQuery('wings');
    await waitFor(() => expect(currentUrl(router)).toBe('/search?q=wings'));
    expect(screen.getByText('Temporarily out of stock')).toBeTruthy();
  });

  it('tapping a result opens it', async () => {
    mockApi();
    const { router } = renderApp('/search');
    const user = await typeQuery('peppy');
    await user.click(await screen.findByRole('link', { name: 'Peppy Paneer' }));
    expect(currentUrl(router)).toBe('/customise?pizzaId=PIZ0172');
  });
});
