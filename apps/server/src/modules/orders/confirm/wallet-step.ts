import type { DeliveryType } from '@crust/domain/delivery-types';
import { fail, type Refused } from '../fail.ts';
import { ORDER_TEXTS } from '../texts.ts';
import type { PaymentChoice } from './payment-choice.ts';

/**
 * Whether the wallet may be named here (SPEC §5): only a customer has one; never inside a partner's mini-app
 * (known from the session's token, never from the client); never on a train order or while the chain has
 * switched it off. `walletHidden` is asked only when the rest allow the wallet.
 */
export async function walletRefusal(
  choice: Pick<PaymentChoice, 'wallet' | 'walletNamed'>,
  who: { customer: boolean; inPartnerApp: boolean; deliveryType: DeliveryType },
  walletHidden: () => Promise<boolean>,
): Promise<Refused | null> {
  if (choice.wallet && !who.customer) return fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletForCustomers);
  if (who.inPartnerApp && choice.walletNamed)
    return fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletNotInMiniApp);
  // an explicit promo's "no wallet" was REMOVE_PROMO already
  if (choice.wallet && (who.deliveryType === 'IRCTC' || (await walletHidden())))
    return fail('WALLET_UNAVAILABLE', ORDER_TEXTS.walletNotHere);
  return null;
}
