import type { APIRequestContext, Page } from '@playwright/test';

/** Reads a store's menu and toppings straight from the API, to compute what the screen must show. */
export async function storeCatalogue(request: APIRequestContext, storeId: number) {
  const menu = await (await request.get(`/api/v1/stores/${storeId}/menu`)).json();
  const toppings = await (await request.get(`/api/v1/stores/${storeId}/toppings`)).json();
  return { menu: menu.data, toppings: toppings.data };
}

/** ₹ with Indian digit grouping, written here independently of the app's own formatter. */
export function rupees(paise: number): string {
  const whole = Math.floor(paise / 100);
  const s = String(whole);
  const grouped =
    s.length <= 3 ? s : `${s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${s.slice(-3)}`;
  const fraction = paise % 100;
  return `₹${grouped}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}

export const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };

/**
 * Reads the page's cart as the server has it: the session headers the app last sent, and the cart id it keeps.
 * Call it before the page's first request, so it hears the headers.
 */
export function cartReader(page: Page) {
  let headers: Record<string, string> = {};
  page.on('request', (req) => {
    const h = req.headers();
    if (req.url().includes('/api/v1/') && h.sessiontoken)
      headers = { sessiontoken: h.sessiontoken, authtoken: h.authtoken ?? '', userid: h.userid ?? '' };
  });
  return async () => {
    const cartId = await page.evaluate(() => JSON.parse(localStorage.getItem('crust.cartId') ?? 'null'));
    const res = await page.request.get(`/api/v1/carts/${cartId}`, { headers });
    return (await res.json()).data;
  };
}
