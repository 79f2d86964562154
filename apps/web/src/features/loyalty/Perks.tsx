import { LOYALTY } from '@crust/domain/loyalty';
import { yt } from './texts.ts';

/** What Pizza Pals gives (SPEC §9), for a guest and for a customer deciding to join. */
export function Perks() {
  return (
    <ul className="loy-perks">
      <li>{yt('perkEarn', { earn: LOYALTY.earnPointsPerOrder })}</li>
      <li>{yt('perkCredit')}</li>
      <li>{yt('perkRedeem', { redeem: LOYALTY.itemRedeemPoints })}</li>
      <li>{yt('perkValue')}</li>
    </ul>
  );
}
