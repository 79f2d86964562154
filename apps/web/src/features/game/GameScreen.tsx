import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GameData, SpinResult } from '@crust/contract/game';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../shared/api/session.ts';
import { ApiError, messageOf } from '../../shared/api/errors.ts';
import { gameKeys } from '../../shared/game/keys.ts';
import { Link, useSearchParams } from '../../shared/router/index.ts';
import { formatSlot } from '../../shared/time-format.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { spinTheWheel, useGameData } from './api.ts';
import { gt } from './texts.ts';
import { Wheel } from './Wheel.tsx';
import { stopRotation } from './wheel-geometry.ts';
import './game.css';

/** SPEC §4 game states, as the screen shows them; idle before the first spin. */
type Spin =
  | { state: 'idle' }
  | { state: 'processing' }
  | { state: 'success'; result: SpinResult; shown: boolean }
  | { state: 'failed'; message: string; retry: boolean };

function reducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * /game?orderId= (issue 33 §1, docs/game.md): one spin per delivered order. The server draws; the wheel turns to
 * the segment it chose (~3 s; at once with reduced motion), then the prize with its expiry and how to use it. The
 * odds of every segment and the budget rule are one tap away.
 */
export default function GameScreen() {
  const loggedIn = useSession()?.isLoggedIn === true;
  const game = useGameData(loggedIn);
  return (
    <div className="game-screen">
      <ScreenHeader title={gt('title')} />
      <main className="screen game-main">
        {game.data ? (
          <Ready data={game.data} loggedIn={loggedIn} />
        ) : game.isError ? (
          <ErrorText text={messageOf(game.error, gt('loadFailed'))} />
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

function Ready({ data, loggedIn }: { data: GameData; loggedIn: boolean }) {
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const asked = params.get('orderId');
  const [state, setSpin] = useState<Spin>({ state: 'idle' });
  const [turned, setRotation] = useState(0);
  const [animate, setAnimate] = useState(false);
  const available = data.spinsAvailable;
  const next = available.find((s) => s.orderId === asked) ?? available[0];

  // the answer of a spin whose result was lost (a retry after it was taken): shown as it was, without a turn
  const earlier = asked && !next ? data.recentSpins.find((s) => s.orderId === asked) : undefined;
  const spin: Spin =
    state.state === 'idle' && earlier ? { state: 'success', result: earlier, shown: true } : state;
  const rotation = state.state === 'idle' && earlier ? stopRotation(earlier.segmentIndex) : turned;

  async function go(orderId: string) {
    setSpin({ state: 'processing' });
    try {
      const result = await spinTheWheel(orderId);
      const still = reducedMotion();
      setAnimate(!still);
      setRotation((r) => stopRotation(result.segmentIndex, r));
      setSpin({ state: 'success', result, shown: still });
    } catch (e) {
      // a refusal (already spun, expired) is final; a lost connection or a server error may be tried again
      const final = e instanceof ApiError && e.status === 200;
      setSpin({ state: 'failed', message: messageOf(e), retry: !final });
    } finally {
      void qc.invalidateQueries({ queryKey: gameKeys.data(true) });
    }
  }

  const showResult = spin.state === 'success' && spin.shown;
  return (
    <>
      <p className="game-intro">{gt('intro')}</p>
      <Wheel
        segments={data.segments}
        rotation={rotation}
        animate={animate}
        onStopped={() => setSpin((s) => (s.state === 'success' ? { ...s, shown: true } : s))}
      />

      <div className="game-actions" aria-live="polite">
        {!loggedIn ? (
          <>
            <p>{gt('loginPrompt')}</p>
            <Link className="btn btn-primary btn-block" to={paths.login({ redirectUrl: paths.game() })}>
              {gt('login')}
            </Link>
          </>
        ) : spin.state === 'processing' ? (
          <button type="button" className="btn btn-primary btn-block" disabled aria-busy="true">
            {gt('spinning')}
          </button>
        ) : spin.state === 'success' ? (
          showResult ? (
            <>
              <Prize result={spin.result} />
              {next && next.orderId !== spin.result.orderId ? (
                <button
                  type="button"
                  className="btn btn-secondary btn-block"
                  onClick={() => void go(next.orderId)}
                >
                  {gt('spinNext')}
                </button>
              ) : null}
            </>
          ) : (
            <p className="game-status" data-testid="game-spinning">
              {gt('spinning')}
            </p>
          )
        ) : spin.state === 'failed' ? (
          <div className="game-failed" role="alert">
            <h2>{gt('failedTitle')}</h2>
            <p>{spin.message}</p>
            {spin.retry && next ? (
              <button
                type="button"
                className="btn btn-primary btn-block"
                onClick={() => void go(next.orderId)}
              >
                {gt('retry')}
              </button>
            ) : null}
          </div>
        ) : next ? (
          <>
            <p className="game-status">
              {available.length > 1
                ? gt('spinsLeft', { n: available.length })
                : gt('spinFor', { when: formatSlot(next.deliveredAt) })}
            </p>
            <button type="button" className="btn btn-primary btn-block" onClick={() => void go(next.orderId)}>
              {gt('spin')}
            </button>
          </>
        ) : (
          <p className="game-status">{gt('noSpins')}</p>
        )}
      </div>

      <Odds data={data} />
    </>
  );
}

function Prize({ result }: { result: SpinResult }) {
  const { prize } = result;
  const none = prize.kind === 'NONE';
  return (
    <section className="card game-prize" data-testid="game-prize" data-segment={result.segmentIndex}>
      <h2>{none ? gt('lostTitle') : gt('wonTitle', { label: prize.label })}</h2>
      {prize.couponCode ? <p className="game-code">{gt('code', { code: prize.couponCode })}</p> : null}
      {none ? null : (
        <p className="game-expiry">
          {prize.expiresAt ? gt('expires', { when: formatSlot(prize.expiresAt) }) : gt('noExpiry')}
        </p>
      )}
      <p>{prize.howToUse}</p>
      {prize.couponCode ? (
        <Link className="btn btn-primary btn-block" to={paths.menu()}>
          {gt('useNow')}
        </Link>
      ) : null}
    </section>
  );
}

function Odds({ data }: { data: GameData }) {
  return (
    <details className="card game-odds">
      <summary>{gt('howItWorks')}</summary>
      <table>
        <caption>{gt('oddsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{gt('segment')}</th>
            <th scope="col">{gt('chance')}</th>
          </tr>
        </thead>
        <tbody>
          {data.segments.map((s) => (
            <tr key={s.index}>
              <td>
                <span className="game-swatch" style={{ background: s.background }} aria-hidden="true" />
                {s.label}
              </td>
              <td>{s.chanceText}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="game-rules">
        {data.rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </details>
  );
}
