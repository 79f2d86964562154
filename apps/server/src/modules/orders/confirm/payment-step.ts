import type { Cart } from '@crust/contract/cart';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { paise, type Paise } from '@crust/domain/money';
import { checkCombination, checkWalletSplit, splitWithWallet } from '@crust/domain/payment-combinations';
import type { PaymentType } from '@crust/domain/payment-types';
import type { Db } from '../../../db/client.ts';
import type { Result } from '../../../http/errors.ts';
import type { PaymentOptionsService } from '../../payments/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import { fail, type Refused } from '../fail.ts';
import * as repo from '../repo.ts';
import { ORDER_TEXTS } from '../texts.ts';
import type { PaymentChoice } from './payment-choice.ts';

/** What the wallet pays of the price, and what is left for the primary way. */
export interface PaymentAmounts {
  walletPaise: Paise;
  amountPaise: number;
}

export interface PaymentStepDeps {
  db: Db;
  wallets: Pick<WalletService, 'balance'>;
  paymentOptions: Pick<PaymentOptionsService, 'isEnabled'>;
}

/**
 * The payment's combination rules (SPEC §5 Payment combinations): the wallet and the primary way go together,
 * the wallet's balance covers its part, something pays the rest, and the store takes that way for this order type.
 */
export async function paymentStep(
  deps: PaymentStepDeps,
  choice: Pick<PaymentChoice, 'wallet' | 'primary'>,
  cart: Pick<Cart, 'cartId' | 'storeId' | 'price' | 'isEDVOApplied' | 'appliedPromo'>,
  who: { ownerId: string; deliveryType: DeliveryType },
): Promise<Result<PaymentAmounts>> {
  const combination = combinationRefusal(choice, cart);
  if (combination) return combination;
  const balance = choice.wallet ? await walletFor(deps, who.ownerId, cart.cartId) : paise(0);
  const amounts = amountsOf(choice, cart.price, balance);
  if (!amounts.ok || amounts.data.amountPaise <= 0 || choice.primary === null) return amounts;
  if (!(await deps.paymentOptions.isEnabled(cart.storeId, who.deliveryType, choice.primary)))
    return fail('PAYMENT_OPTION_DISABLED', ORDER_TEXTS.optionUnavailable);
  return amounts;
}

/** The wallet beside a primary way that excludes it; an e-voucher for a cart with EDV items or a coupon. */
export function combinationRefusal(
  choice: Pick<PaymentChoice, 'wallet' | 'primary'>,
  cart: Pick<Cart, 'isEDVOApplied' | 'appliedPromo'>,
): Refused | null {
  const combination = checkCombination({
    wallet: choice.wallet,
    primary: choice.primary,
    hasEdvItems: cart.isEDVOApplied,
    hasCoupon: cart.appliedPromo !== null,
  });
  return combination.ok ? null : fail('PAYMENT_COMBINATION', combination.error);
}

/** The wallet's part of the price and the rest; refused when the rest has no way to pay it. */
export function amountsOf(
  choice: { wallet: boolean; primary: PaymentType | null },
  pricePaise: number,
  balance: Paise,
): Result<PaymentAmounts> {
  const split = splitWithWallet(paise(pricePaise), balance);
  const splitCheck = choice.wallet ? checkWalletSplit(split, choice.primary) : { ok: true as const };
  if (!splitCheck.ok) return fail('WALLET_INSUFFICIENT', splitCheck.error);
  const amountPaise = pricePaise - split.walletPaise;
  if (amountPaise > 0 && choice.primary === null) return fail('PAYMENT_REQUIRED', ORDER_TEXTS.choosePayment);
  return { ok: true, data: { walletPaise: split.walletPaise, amountPaise } };
}

/**
 * What the wallet can pay towards this cart: the available balance, plus what is held for the cart's own
 * unpaid order (a second confirm of it, or a retry after a crash, would otherwise see that part as spent,
 * take the order for changed, and drop it rather than answer it).
 */
async function walletFor(deps: PaymentStepDeps, ownerId: string, cartId: string): Promise<Paise> {
  const [available, active] = await Promise.all([
    deps.wallets.balance(ownerId),
    repo.findActiveOrderOfCart(deps.db, cartId),
  ]);
  const held = active?.ownerId === ownerId && active.status === 'payment_pending' ? active.walletPaise : 0;
  return paise(available + held);
}
