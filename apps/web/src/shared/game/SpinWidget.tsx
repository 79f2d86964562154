import { useQuery } from '@tanstack/react-query';
import type { GameData } from '@crust/contract/game';
import { API_PATHS } from '@crust/contract/paths';
import { paths } from '../../config/paths.ts';
import { api } from '../api/client.ts';
import type { Outcome } from '../api/envelope.ts';
import { defineTexts } from '../i18n/index.ts';
import { dataOf } from '../loyalty/api.ts';
import { Link } from '../router/index.ts';
import { gameKeys } from './keys.ts';
import './spin-widget.css';

const wt = defineTexts({
  title: 'You have a spin waiting',
  body: 'Spin the wheel for a coupon, points or a free side.',
  bodyMany: 'You have {n} spins: spin the wheel for coupons, points or free sides.',
  action: 'Spin',
});

/**
 * The landing's spin-the-wheel widget (issue 33 §1): a logged-in customer with a spin available is shown the way
 * to /game. Its own chunk, loaded lazily by the landing once idle, so the first screen carries none of it; nothing
 * shows while the answer is awaited or if it fails.
 */
export default function SpinWidget() {
  const game = useQuery({
    queryKey: gameKeys.data(true),
    queryFn: async ({ signal }) => dataOf(await api<Outcome<GameData>>(API_PATHS.gameData, { signal })),
    staleTime: 60_000,
  });
  const spins = game.data?.spinsAvailable ?? [];
  if (spins.length === 0) return null;
  return (
    <Link className="spin-widget" to={paths.game({ orderId: spins[0]!.orderId })} data-testid="spin-widget">
      <span className="spin-widget-icon" aria-hidden="true">
        <svg viewBox="-10 -10 20 20" width="40" height="40">
          {['#B3261E', '#FFE08A', '#0B5D8C', '#CDEBC5', '#6A2C91', '#FFD3B6', '#1F6F4A', '#DCE4F2'].map(
            (c, i) => (
              <path
                key={c}
                d={`M0 0L${(9 * Math.sin((i * Math.PI) / 4)).toFixed(2)} ${(-9 * Math.cos((i * Math.PI) / 4)).toFixed(2)}A9 9 0 0 1 ${(9 * Math.sin(((i + 1) * Math.PI) / 4)).toFixed(2)} ${(-9 * Math.cos(((i + 1) * Math.PI) / 4)).toFixed(2)}Z`}
                fill={c}
              />
            ),
          )}
        </svg>
      </span>
      <span className="spin-widget-text">
        <span className="spin-widget-title">{wt('title')}</span>
        <span className="spin-widget-body">
          {spins.length > 1 ? wt('bodyMany', { n: spins.length }) : wt('body')}
        </span>
      </span>
      <span className="spin-widget-action" aria-hidden="true">
        {wt('action')} ›
      </span>
    </Link>
  );
}
