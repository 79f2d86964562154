import type { PaymentDetails } from '@crust/contract/orders';
import type { PaymentType } from '@crust/domain/payment-types';

/** How the confirm asks to pay (SPEC §3 payment details, §5 Payment combinations). */
export interface PaymentChoice {
  /** the wallet pays a part beside the primary way (secondaryPaymentId PIGGYBANK) */
  wallet: boolean;
  /** the wallet is named at all: as that part, or as the primary way */
  walletNamed: boolean;
  /** the primary way to pay; null when the wallet is named the primary */
  primary: PaymentType | null;
  cardInitialDigits: string | null;
}

export function paymentChoiceOf(
  pd: Pick<PaymentDetails, 'primaryPaymentId' | 'secondaryPaymentId' | 'cardInitialDigits'>,
): PaymentChoice {
  const wallet = pd.secondaryPaymentId === 'PIGGYBANK';
  return {
    wallet,
    walletNamed: wallet || pd.primaryPaymentId === 'PIGGYBANK',
    primary: pd.primaryPaymentId === 'PIGGYBANK' ? null : pd.primaryPaymentId,
    cardInitialDigits: pd.cardInitialDigits ?? null,
  };
}
