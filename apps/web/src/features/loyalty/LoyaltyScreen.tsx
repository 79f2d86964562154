import type { LoyaltyInfo } from '@crust/contract/loyalty';
import { useSession } from '../../shared/api/session.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { useSessionLoaded } from '../../shared/account/api.ts';
import { useLoyaltyInfo } from '../../shared/loyalty/api.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { FreePizzas } from './FreePizzas.tsx';
import { GuestPitch } from './GuestPitch.tsx';
import { JoinCard } from './JoinCard.tsx';
import { OptOut } from './OptOut.tsx';
import { PointsCard } from './PointsCard.tsx';
import { yt } from './texts.ts';
import './loyalty.css';

/**
 * /pizzaLoyalty (SPEC §1 Pizza Pals, §9): for a customer, joining, then the points, the slices toward the next
 * free pizza, the free pizzas the points buy, and leaving. A guest (SPEC §6: no loyalty) is told why to log in.
 */
export default function LoyaltyScreen() {
  const loaded = useSessionLoaded();
  const loggedIn = useSession()?.isLoggedIn === true;
  const info = useLoyaltyInfo(loaded && loggedIn);
  return (
    <div className="loy-screen">
      <ScreenHeader title={yt('title')} />
      <main className="screen loy-main">
        <p className="loy-tagline">{yt('tagline')}</p>
        {!loaded ? (
          <Spinner />
        ) : !loggedIn ? (
          <GuestPitch />
        ) : info.data ? (
          <Member info={info.data} />
        ) : info.isError ? (
          <div className="loy-card card">
            <ErrorText text={`${yt('loadFailed')} ${messageOf(info.error)}`} />
            <button type="button" className="btn btn-secondary" onClick={() => void info.refetch()}>
              {yt('retry')}
            </button>
          </div>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

/** A customer: the join until enrolled (the points kept show to one who left), then the programme. */
function Member({ info }: { info: LoyaltyInfo }) {
  if (!info.enrollmentStatus)
    return (
      <>
        <JoinCard info={info} />
        {info.balance.overall.points > 0 || info.balance.pending.points > 0 ? (
          <PointsCard info={info} />
        ) : null}
      </>
    );
  return (
    <>
      <PointsCard info={info} />
      {info.balance.burnable.freeItems > 0 ? (
        <FreePizzas freeItems={info.balance.burnable.freeItems} redeem={info.programme.itemRedeemPoints} />
      ) : null}
      <OptOut />
    </>
  );
}
