import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart } from '@crust/contract';
import { ApiError, NetworkError } from '../src/shared/api/errors.ts';
import { keepEdit, keptEdits, resetKeptEdits, type KeptEdit } from '../src/shared/cart/outbox.ts';
import { sendKeptEdits, type KeptSender } from '../src/shared/cart/send-kept.ts';
import {
  cartServer,
  failed,
  isolateCartTests,
  makeCart,
  makeItem,
  networkDown,
  rememberCart,
  renderScreens,
  success,
  type Call,
} from './cart-fixtures.tsx';

isolateCartTests();

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  resetKeptEdits();
});

function goOnline() {
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

const STICKS = { productCode: 'SID0001', crustId: 1, sizeId: 1, quantity: 1 };
const add = (key: string, name = 'Garlic Breadsticks'): KeptEdit => ({
  kind: 'add',
  key,
  item: STICKS,
  name,
});
const step = (key: string, by: number): KeptEdit => ({
  kind: 'step',
  key,
  itemId: 'I1',
  step: by,
  name: 'Margherita',
});

/** A sender that records what it was asked, in order, and answers as `answer` says. */
function recorder(answer: (what: string) => void = () => {}) {
  const sent: string[] = [];
  const cart = {} as Cart;
  const to: KeptSender = {
    sendAdd: async (item, key) => (sent.push(`add ${item.productCode} ${key}`), answer(key), cart),
    removeNow: async (itemId) => (sent.push(`remove ${itemId}`), answer(itemId), cart),
    patchNow: async (itemId, q) => (sent.push(`set ${itemId} ${q}`), answer(itemId), cart),
    lineNow: async () => 2,
  };
  return { sent, to };
}

describe('the edits kept offline (outbox.ts)', () => {
  it('keeps them in the order tapped across a reload', () => {
    keepEdit(add('k1'));
    keepEdit(step('k2', 1));
    keepEdit({ kind: 'remove', key: 'k3', itemId: 'I2', name: 'Farmhouse' });
    // a reload: the list starts again from what is in localStorage, as the module does when it loads
    resetKeptEdits();
    expect(keptEdits().map((e) => e.key)).toEqual(['k1', 'k2', 'k3']);
    expect(keptEdits()[0]).toEqual(add('k1'));
    localStorage.removeItem('crust.cartOutbox');
    resetKeptEdits();
    expect(keptEdits()).toEqual([]);
  });
});

describe('sending the kept edits (send-kept.ts)', () => {
  it('sends them in the order tapped, an add with the key it was given, a step on the line as it is now', async () => {
    keepEdit(add('k1'));
    keepEdit(step('k2', -1));
    keepEdit({ kind: 'remove', key: 'k3', itemId: 'I2', name: 'Farmhouse' });
    const { sent, to } = recorder();
    await sendKeptEdits(to);
    expect(sent).toEqual(['add SID0001 k1', 'set I1 1', 'remove I2']);
    expect(keptEdits()).toEqual([]);
  });

  it('a refused edit stays listed with the reason, and the next ones are still sent', async () => {
    keepEdit(add('k1'));
    keepEdit(step('k2', 1));
    const { sent, to } = recorder((k) => {
      if (k === 'k1')
        throw new ApiError(200, [{ code: 'OUT_OF_STOCK', displayMsg: 'Temporarily out of stock' }]);
    });
    await sendKeptEdits(to);
    expect(sent).toEqual(['add SID0001 k1', 'set I1 3']);
    expect(keptEdits()).toEqual([{ ...add('k1'), refused: 'Temporarily out of stock' }]);
    // sent again (the next reconnect), the refused one is not asked again
    await sendKeptEdits(to);
    expect(sent).toHaveLength(2);
  });

  it('a lost connection ends the round with the rest still kept, in order', async () => {
    keepEdit(add('k1'));
    keepEdit(add('k2', 'Choco Lava Cake'));
    const { sent, to } = recorder(() => {
      throw new NetworkError(false);
    });
    // the phone says it is online: nobody will say when the server is back, so the caller is told to try again
    expect(await sendKeptEdits(to)).toBe('unreachable');
    expect(sent).toEqual(['add SID0001 k1']);
    expect(keptEdits().map((e) => e.key)).toEqual(['k1', 'k2']);
    online = false;
    expect(await sendKeptEdits(to)).toBe('offline');
    expect(sent).toEqual(['add SID0001 k1']);
  });
});

describe('the kept edits tried again', () => {
  it('while the phone says it is online but the server cannot be reached: again after a few seconds', async () => {
    rememberCart();
    keepEdit(add('k1'));
    // down for the send and its 3 retries (SPEC §8), back after them
    const server = cartServer(makeCart(), {
      'POST /api/v1/carts/:cartId/items': () => {
        if (server.find('POST', /\/items$/).length <= 4) networkDown();
        return success(makeCart());
      },
    });
    renderScreens('/cart', { dock: true });
    // no 'online' event comes (the phone never went offline): only the later round sends it
    await waitFor(() => expect(keptEdits()).toEqual([]), { timeout: 60_000 });
    expect(server.find('POST', /\/items$/)).toHaveLength(5);
  }, 120_000);
});

describe('the cart offline', () => {
  it('a "+" tapped offline is listed as waiting, Checkout says why, and the step is sent on reconnect', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'PATCH /api/v1/carts/:cartId/items/:itemId': (c: Call) => {
        server.state.cart = makeCart({ validItems: [makeItem({ quantity: c.body.quantity })] });
        return success(server.state.cart);
      },
    });
    const user = userEvent.setup();
    renderScreens('/cart', { dock: true });
    const line = await screen.findByRole('article', { name: 'Margherita' });
    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.click(within(line).getByRole('button', { name: 'Increase quantity of Margherita' }));
    const kept = await screen.findByRole('region', { name: 'Waiting for the connection' });
    expect(
      within(kept)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Margherita: 1 more']);
    expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Checkout needs an internet connection.')).toBeTruthy();
    expect(server.find('PATCH', /items/)).toHaveLength(0);

    goOnline();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting for the connection' })).toBeNull(),
    );
    expect(server.find('PATCH', /items/).map((c) => c.body)).toEqual([{ quantity: 2 }]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', false),
    );
  });

  it('an add whose answer was lost is sent again with the same key, and the server adds it once', async () => {
    rememberCart();
    const seen = new Map<string, Cart>();
    let lose = true;
    const server = cartServer(makeCart(), {
      'POST /api/v1/carts/:cartId/items': (c: Call) => {
        // the server's idempotency (decision 006): a key it has answered gets the same answer, nothing added
        const key = c.headers['idempotency-key']!;
        if (!seen.has(key)) {
          const lines = server.state.cart!.validItems;
          server.state.cart = makeCart({
            validItems: [
              ...lines,
              makeItem({
                itemId: 'I000000000003',
                quantity: 1,
                product: { ...lines[0]!.product, code: 'SID0001', name: 'Garlic Breadsticks' },
              }),
            ],
          });
          seen.set(key, server.state.cart);
        }
        if (lose) {
          // the add reached the server; its answer never came back, and the phone is offline now
          lose = false;
          online = false;
          networkDown();
        }
        return success(seen.get(key));
      },
    });
    const user = userEvent.setup();
    renderScreens('/menu/sides', { dock: true });
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));
    await screen.findByText(/Garlic Breadsticks is kept/);

    goOnline();
    await waitFor(() => expect(keptEdits()).toEqual([]));
    const posts = server.find('POST', /\/items$/);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    expect(server.state.cart!.validItems.map((l) => [l.product.name, l.quantity])).toEqual([
      ['Margherita', 1],
      ['Garlic Breadsticks', 1],
    ]);
  });

  it('a kept add the server refuses is shown with its reason until dismissed, and the dock counts kept adds', async () => {
    rememberCart();
    const server = cartServer(makeCart(), {
      'POST /api/v1/carts/:cartId/items': () => failed('OUT_OF_STOCK', 'Temporarily out of stock'),
    });
    const user = userEvent.setup();
    const { router } = renderScreens('/menu/sides', { dock: true });
    expect((await screen.findByTestId('cart-count')).textContent).toBe('1');
    online = false;
    await user.click(await screen.findByRole('button', { name: 'Add Garlic Breadsticks' }));
    await screen.findByText(/Garlic Breadsticks is kept/);
    expect(screen.getByTestId('cart-count').textContent).toBe('2');
    expect(server.find('POST', /\/items$/)).toHaveLength(0);

    await act(() => router.navigate('/cart'));
    goOnline();
    const refused = await screen.findByRole('region', { name: 'Not changed in your cart' });
    expect(within(refused).getByRole('listitem').textContent).toBe(
      'Garlic Breadsticks: add 1. Temporarily out of stock',
    );
    // refused, it no longer waits: Checkout opens
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Checkout' })).toHaveProperty('disabled', false),
    );
    await user.click(within(refused).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('region', { name: 'Not changed in your cart' })).toBeNull();
    expect(keptEdits()).toEqual([]);
  });
});
