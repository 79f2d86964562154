import type { PaymentDetails } from '@crust/contract/orders';
import type { PaymentType } from '@crust/domain/payment-types';
import type { Db } from '../../../db/client.ts';
import type { Result } from '../../../http/errors.ts';
import { fail } from '../fail.ts';
import * as repo from '../repo.ts';
import { ORDER_TEXTS } from '../texts.ts';
import type { PaymentAmounts } from './payment-step.ts';

/** What pays the primary part, as the order keeps it. */
export interface Instrument {
  /** null: nothing is left to pay beside the wallet */
  method: PaymentType | null;
  upiMode: 'INTENT' | 'COLLECT' | null;
  /** the e-voucher or gift card that pays it */
  voucherCode: string | null;
}

type Voucher = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findVoucher>>>,
  'code' | 'kind' | 'expiresAt' | 'balancePaise' | 'mobile'
>;

/** The instrument of the primary way: a UPI mode, or an e-voucher or gift card that can pay the amount. */
export async function instrumentStep(
  db: Db,
  primary: PaymentType | null,
  { amountPaise }: Pick<PaymentAmounts, 'amountPaise'>,
  instrumentDetails: PaymentDetails['instrumentDetails'],
  now: number,
): Promise<Result<Instrument>> {
  const method = amountPaise > 0 ? primary : null;
  const upiMode = method === 'UPI_WALLET' ? (instrumentDetails?.upi?.mode ?? 'INTENT') : null;
  if (method !== 'EVOUCHER' && method !== 'CASHCRD')
    return { ok: true, data: { method, upiMode, voucherCode: null } };
  const code = instrumentDetails?.evoucherCode?.toUpperCase() ?? '';
  const voucher = code ? await repo.findVoucher(db, code) : undefined;
  const paying = voucherPaying(method, voucher, amountPaise, now);
  return paying.ok ? { ok: true, data: { ...paying.data, upiMode } } : paying;
}

/** The voucher typed in, when it is one the chosen option takes and it can pay the amount now. */
export function voucherPaying(
  method: 'EVOUCHER' | 'CASHCRD',
  voucher: Voucher | undefined,
  amountPaise: number,
  now: number,
): Result<{ method: 'EVOUCHER' | 'CASHCRD'; voucherCode: string }> {
  // the e-voucher field takes gift cards too; the gift-card option only gift cards
  const fits = method === 'EVOUCHER' || voucher?.kind === 'GC';
  if (!voucher || !fits || voucher.expiresAt.getTime() < now)
    return fail('EVOUCHER_INVALID', ORDER_TEXTS.voucherInvalid);
  if (voucher.balancePaise < amountPaise) return fail('EVOUCHER_BALANCE', ORDER_TEXTS.voucherBalance);
  // a gift card's code goes only to the number registered to the card, never to one the orderer types
  if (voucher.kind === 'GC' && !voucher.mobile) return fail('EVOUCHER_INVALID', ORDER_TEXTS.giftCardNoMobile);
  // a gift card typed into the e-voucher field is paid, and named, as the gift card it is
  return {
    ok: true,
    data: { method: voucher.kind === 'GC' ? 'CASHCRD' : method, voucherCode: voucher.code },
  };
}
