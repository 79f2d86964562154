import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WalletLedgerEntry, WalletSummary } from '@crust/contract/wallet';
import WalletScreen from '../src/features/wallet/WalletScreen.tsx';
import { groupByDay } from '../src/features/wallet/ledger.ts';
import { startSession } from '../src/shared/api/session.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import { failed, mockServer, success, type Call } from './cart-fixtures.tsx';
import { currentPath, renderRoutes } from './location-harness.tsx';

const SCREENS = { '/wallet': WalletScreen, '/postorder-ui/wallet': WalletScreen };
const ORDER_A = 'O00000000000000000000A';
const ORDER_B = 'O00000000000000000000B';

function summary(o: Partial<WalletSummary> = {}): WalletSummary {
  return {
    totalBalance: 15000,
    loyaltyProgram: { code: 'POTP2', points: 200 },
    entries: [
      { title: 'Pizza Pals Points', amount: 200 },
      { title: 'Promo Points', amount: 5000 },
      { title: 'Refund Points', amount: 10000 },
    ],
    ...o,
  };
}

let nextId = 1;
function entry(o: Partial<WalletLedgerEntry> = {}): WalletLedgerEntry {
  return {
    id: nextId++,
    kind: 'credit',
    title: 'Late delivery credit',
    amountPaise: 5000,
    orderId: ORDER_A,
    at: '2026-11-26T10:00:00.000Z',
    ...o,
  };
}

const pageNo = (call: Call) => Number(new URL(call.url, 'http://localhost').searchParams.get('pageNo'));

/** IntersectionObserver, as jsdom lacks it: the test says when the sentinel comes into view. */
function stubObserver() {
  const observers: { cb: IntersectionObserverCallback; el: Element | null }[] = [];
  class Observer {
    private entry: { cb: IntersectionObserverCallback; el: Element | null };
    constructor(cb: IntersectionObserverCallback) {
      this.entry = { cb, el: null };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.el = el;
    }
    disconnect() {
      observers.splice(observers.indexOf(this.entry), 1);
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    scrollToEnd: () => {
      for (const o of [...observers])
        o.cb(
          [{ isIntersecting: true, target: o.el } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        );
    },
  };
}

beforeEach(async () => {
  nextId = 1;
  await startSession();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the ledger by day', () => {
  it('groups by the IST day: 1 am IST is that day, not the UTC one before', () => {
    const days = groupByDay([
      entry({ at: '2026-11-26T19:00:00.000Z' }), // 27 Nov, 00:30 IST
      entry({ at: '2026-11-26T18:00:00.000Z' }), // 26 Nov, 23:30 IST
      entry({ at: '2026-11-26T04:00:00.000Z' }),
    ]);
    expect(days.map((d) => [d.day, d.entries.length])).toEqual([
      ['2026-11-27', 1],
      ['2026-11-26', 2],
    ]);
    expect(days[0]!.heading).toBe('Fri, 27 Nov, 2026');
  });
});

describe('/wallet', () => {
  it('sends a guest to the login, back here afterwards (the post-order area’s own)', async () => {
    mockServer();
    const { router } = renderRoutes('/postorder-ui/wallet', SCREENS);
    await waitFor(() =>
      expect(currentPath(router)).toBe('/postorder-ui/login?redirectUrl=%2Fpostorder-ui%2Fwallet'),
    );
  });

  it('shows the total, the three parts, and the ledger by day with each entry’s order linked', async () => {
    await loginAsCustomer();
    mockServer({
      'GET /api/v1/wallet/summary': () => success(summary()),
      'GET /api/v1/wallet/ledger': () =>
        success({
          pageNo: 1,
          hasNext: false,
          entries: [
            entry({ kind: 'refund', title: 'Refund', amountPaise: 10000, orderId: ORDER_B }),
            entry({ at: '2026-11-25T10:00:00.000Z' }),
            entry({
              kind: 'debit',
              title: 'Paid for an order',
              amountPaise: 2500,
              at: '2026-11-25T09:00:00.000Z',
            }),
            entry({ kind: 'credit', title: 'Added', orderId: null, at: '2026-11-25T08:00:00.000Z' }),
          ],
        }),
    });
    const { router } = renderRoutes('/postorder-ui/wallet', SCREENS);
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('₹150');
    expect(screen.getByRole('link', { name: 'Pizza Pals Points: 200 points' }).getAttribute('href')).toBe(
      '/pizzaLoyalty',
    );
    expect(screen.getByText('₹50')).toBeTruthy();
    const day26 = await screen.findByRole('region', { name: 'Thu, 26 Nov, 2026' });
    const day25 = screen.getByRole('region', { name: 'Wed, 25 Nov, 2026' });
    expect(within(day26).getByText('Refund')).toBeTruthy();
    expect(within(day26).getByText('Added ₹100')).toBeTruthy();
    expect(within(day25).getByText('Spent ₹25')).toBeTruthy();
    // each entry with an order links to its details, in the area the customer is in; one without has no link
    const links = within(day25).getAllByRole('link', { name: /^View the order of/ });
    expect(links).toHaveLength(2);
    fireEvent.click(within(day26).getByRole('link', { name: /^View the order of Refund/ }));
    expect(currentPath(router)).toBe(`/postorder-ui/orderDetails?orderId=${ORDER_B}`);
  });

  it('says so when the wallet has no history yet', async () => {
    await loginAsCustomer();
    mockServer({
      'GET /api/v1/wallet/summary': () =>
        success(summary({ totalBalance: 0, entries: summary().entries.map((e) => ({ ...e, amount: 0 })) })),
      'GET /api/v1/wallet/ledger': () => success({ pageNo: 1, hasNext: false, entries: [] }),
    });
    renderRoutes('/wallet', SCREENS);
    expect(await screen.findByRole('heading', { name: 'No wallet activity yet' })).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('₹0');
    expect(screen.getByRole('link', { name: 'Order now' })).toBeTruthy();
  });

  it('loads the next page as the end scrolls into view, and by "Load more", until there is none', async () => {
    await loginAsCustomer();
    const observer = stubObserver();
    const server = mockServer({
      'GET /api/v1/wallet/summary': () => success(summary()),
      'GET /api/v1/wallet/ledger': (call) => {
        const n = pageNo(call);
        const at = `2026-11-${String(27 - n).padStart(2, '0')}T10:00:00.000Z`;
        return success({
          pageNo: n,
          hasNext: n < 3,
          entries: Array.from({ length: 20 }, () => entry({ at, title: `Page ${n}` })),
        });
      },
    });
    renderRoutes('/wallet', SCREENS);
    expect(await screen.findAllByText('Page 1')).toHaveLength(20);
    observer.scrollToEnd();
    expect(await screen.findAllByText('Page 2')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findAllByText('Page 3')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is all of your wallet history.')).toBeTruthy();
    expect(server.find('GET', '/api/v1/wallet/ledger').map(pageNo)).toEqual([1, 2, 3]);
  });

  it("a failed summary shows the server's displayMsg and a retry", async () => {
    await loginAsCustomer();
    let calls = 0;
    mockServer({
      'GET /api/v1/wallet/summary': () =>
        ++calls === 1 ? failed('DOWN', 'Wallet is resting.') : success(summary()),
      'GET /api/v1/wallet/ledger': () => success({ pageNo: 1, hasNext: false, entries: [] }),
    });
    renderRoutes('/wallet', SCREENS);
    expect(await screen.findByText(/Wallet is resting\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('₹150');
  });
});
