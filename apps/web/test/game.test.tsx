import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GameData, SpinResult } from '@crust/contract/game';
import { WHEEL_COLOURS } from '@crust/domain/wheel';
import GameScreen from '../src/features/game/GameScreen.tsx';
import { segmentAt, stopRotation } from '../src/features/game/wheel-geometry.ts';
import { startSession } from '../src/shared/api/session.ts';
import { loginAsCustomer } from './auth-fixtures.ts';
import { failed, mockServer, reply, success } from './cart-fixtures.tsx';
import { renderRoutes } from './location-harness.tsx';

const ORDER = 'O0000000000000000000A1';
const LABELS = [
  '₹50 off',
  'Better luck next time',
  '50 points',
  'Free Garlic Breadsticks',
  '₹100 off',
  'Better luck next time',
  '100 points',
  'Free Choco Lava Cake',
];
const WEIGHTS = [15, 30, 15, 10, 5, 15, 7, 3];

function data(d: Partial<GameData> = {}): GameData {
  return {
    segments: LABELS.map((label, index) => ({
      index,
      label,
      background: WHEEL_COLOURS[index]!.background,
      text: WHEEL_COLOURS[index]!.text,
      prizeKind: label.startsWith('Better') ? 'NONE' : 'COUPON',
      chance: WEIGHTS[index]! / 100,
      chanceText: `${WEIGHTS[index]}%`,
    })),
    rules: [
      'One spin for each delivered order, within 7 days of delivery.',
      'Prizes have a daily limit each.',
    ],
    spinsAvailable: [
      { orderId: ORDER, deliveredAt: '2026-11-26T10:00:00.000Z', spinBy: '2026-12-03T10:00:00.000Z' },
    ],
    recentSpins: [],
    loggedIn: true,
    ...d,
  };
}

const won: SpinResult = {
  spinId: 'W00000000000000000001',
  orderId: ORDER,
  state: 'SUCCESS',
  segmentIndex: 3,
  prize: {
    kind: 'FREE_SIDE',
    label: 'Free Garlic Breadsticks',
    value: 0,
    couponCode: 'SPIN00000000000000000001',
    expiresAt: '2026-12-10T10:00:00.000Z',
    howToUse: 'Add Free Garlic Breadsticks to your cart and apply code SPIN00000000000000000001.',
  },
  spunAt: '2026-11-26T11:00:00.000Z',
};

function motion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((q: string) => ({
      matches: reduce && q.includes('reduce'),
      media: q,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  await startSession();
  motion(false);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(handlers: Parameters<typeof mockServer>[0], url = `/game?orderId=${ORDER}`) {
  const api = mockServer(handlers);
  renderRoutes(url, { '/game': GameScreen });
  await screen.findByRole('img', { name: 'Prize wheel with 8 segments' });
  return api;
}

const rotor = () => screen.getByTestId('wheel-rotor');

describe('the wheel geometry', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])(
    'stopping on segment %i leaves it under the pointer, from any rotation',
    (i) => {
      for (const from of [0, 17, 1822.5, 3600]) {
        const r = stopRotation(i, from);
        expect(r).toBeGreaterThan(from);
        expect(segmentAt(r)).toBe(i);
      }
    },
  );
});

describe('/game', () => {
  it('draws the 8 colour pairs and lists each chance and the budget rule under "How the wheel works"', async () => {
    await loginAsCustomer();
    await open({ 'GET /api/v1/game': () => success(data()) });
    const paths = rotor().querySelectorAll('path');
    expect([...paths].map((p) => p.getAttribute('fill'))).toEqual(WHEEL_COLOURS.map((c) => c.background));
    fireEvent.click(screen.getByText('How the wheel works'));
    const table = screen.getByRole('table', { name: 'Each segment and its chance' });
    expect(within(table).getAllByRole('row')).toHaveLength(9);
    expect(within(table).getByText('Free Choco Lava Cake').closest('tr')?.textContent).toContain('3%');
    expect(screen.getByText('Prizes have a daily limit each.')).toBeTruthy();
  });

  it('spins to the segment the server chose (processing, then the prize with its expiry once the wheel stops)', async () => {
    await loginAsCustomer();
    let answer!: (v: unknown) => void;
    const api = await open({
      'GET /api/v1/game': () => success(data()),
      'POST /api/v1/game/spin': () => new Promise((r) => (answer = r)),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Spinning…' })).disabled).toBe(true);
    answer(success(won));
    await waitFor(() => expect(rotor().dataset.rotation).toBe(String(stopRotation(3))));
    expect(rotor().style.transition).toContain('transform');
    expect(screen.queryByTestId('game-prize')).toBeNull();
    fireEvent.transitionEnd(rotor());
    const prize = await screen.findByTestId('game-prize');
    expect(prize?.textContent).toContain('You won: Free Garlic Breadsticks');
    expect(prize?.textContent).toContain('Your code: SPIN00000000000000000001');
    expect(prize?.textContent).toMatch(/Use it by .*10 Dec/);
    expect(api.find('POST', '/api/v1/game/spin')[0]!.body).toEqual({ orderId: ORDER });
  });

  it('a customer with two spins spins the next one from the result', async () => {
    motion(true);
    await loginAsCustomer();
    const SECOND = 'O0000000000000000000A2';
    let taken = false;
    const api = await open({
      'GET /api/v1/game': () =>
        success(
          data({
            spinsAvailable: [
              ...(taken
                ? []
                : [
                    {
                      orderId: ORDER,
                      deliveredAt: '2026-11-26T10:00:00.000Z',
                      spinBy: '2026-12-03T10:00:00.000Z',
                    },
                  ]),
              {
                orderId: SECOND,
                deliveredAt: '2026-11-25T10:00:00.000Z',
                spinBy: '2026-12-02T10:00:00.000Z',
              },
            ],
          }),
        ),
      'POST /api/v1/game/spin': (c) => {
        taken = true;
        return success({ ...won, orderId: (c.body as { orderId: string }).orderId });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    await screen.findByTestId('game-prize');
    fireEvent.click(await screen.findByRole('button', { name: 'Spin for your next order' }));
    await waitFor(() => expect(api.find('POST', '/api/v1/game/spin')).toHaveLength(2));
    expect(api.find('POST', '/api/v1/game/spin').map((c) => c.body.orderId)).toEqual([ORDER, SECOND]);
  });

  it('with reduced motion the result shows at once, without the turn', async () => {
    motion(true);
    await loginAsCustomer();
    await open({ 'GET /api/v1/game': () => success(data()), 'POST /api/v1/game/spin': () => success(won) });
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    expect((await screen.findByTestId('game-prize')).getAttribute('data-segment')).toBe('3');
    expect(rotor().style.transition).toBe('none');
  });

  it('a failed spin can be tried again', async () => {
    await loginAsCustomer();
    let first = true;
    await open({
      'GET /api/v1/game': () => success(data()),
      'POST /api/v1/game/spin': () => {
        if (first) {
          first = false;
          return reply(500, failed('INTERNAL', 'Something Went Wrong. Please Try Again.'));
        }
        return success({
          ...won,
          segmentIndex: 1,
          prize: {
            ...won.prize,
            kind: 'NONE',
            label: 'Better luck next time',
            couponCode: null,
            expiresAt: null,
            howToUse: 'No prize this time.',
          },
        });
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('The wheel did not spin');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    fireEvent.transitionEnd(
      await waitFor(() => {
        expect(rotor().dataset.rotation).toBe(String(stopRotation(1)));
        return rotor();
      }),
    );
    expect((await screen.findByTestId('game-prize')).textContent).toContain('Better luck next time');
  });

  it('a second spin for the same order is refused with the server’s message, and no retry', async () => {
    await loginAsCustomer();
    await open({
      'GET /api/v1/game': () => success(data()),
      'POST /api/v1/game/spin': () =>
        failed('ALREADY_SPUN', 'You have already spun the wheel for this order.'),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spin the wheel' }));
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('You have already spun the wheel for this order.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('a spin already taken for the order shows its result', async () => {
    await loginAsCustomer();
    await open({ 'GET /api/v1/game': () => success(data({ spinsAvailable: [], recentSpins: [won] })) });
    expect((await screen.findByTestId('game-prize')).textContent).toContain('Free Garlic Breadsticks');
  });

  it('a customer with no spin is told how to earn one', async () => {
    await loginAsCustomer();
    await open({ 'GET /api/v1/game': () => success(data({ spinsAvailable: [] })) }, '/game');
    expect(screen.getByText(/Each delivered order gives you one spin/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spin the wheel' })).toBeNull();
  });

  it('a guest is asked to log in', async () => {
    await open({ 'GET /api/v1/game': () => success(data({ spinsAvailable: [], loggedIn: false })) });
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Spin the wheel' })).toBeNull();
  });
});
