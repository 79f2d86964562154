import type { DeliveryType } from '@crust/domain/delivery-types';
import type { PaymentType } from '@crust/domain/payment-types';

/**
 * SPEC §3 Payment details: the payment options every demo store offers, in the order they are listed.
 * Online methods go through the payment gateway (the sandbox one outside production); cash is paid to the
 * store; e-vouchers and gift cards are Crust's own. Cash is not offered for train (IRCTC) orders.
 */
export interface SeedPaymentOption {
  methodCode: PaymentType;
  providerCode: string;
  providerName: string;
  deliveryTypes: DeliveryType[];
}

const STORE_TYPES: DeliveryType[] = ['D', 'T', 'P', 'DINEIN', 'CURB'];
const EVERY_TYPE: DeliveryType[] = [...STORE_TYPES, 'IRCTC'];
const GATEWAY = 'SANDBOX_PG';

export const PAYMENT_OPTIONS: SeedPaymentOption[] = [
  { methodCode: 'CC', providerCode: GATEWAY, providerName: 'Credit Card', deliveryTypes: EVERY_TYPE },
  { methodCode: 'DC', providerCode: GATEWAY, providerName: 'Debit Card', deliveryTypes: EVERY_TYPE },
  { methodCode: 'NB', providerCode: GATEWAY, providerName: 'Net Banking', deliveryTypes: EVERY_TYPE },
  { methodCode: 'UPI_WALLET', providerCode: GATEWAY, providerName: 'UPI', deliveryTypes: EVERY_TYPE },
  { methodCode: 'PAYTM_WALLET', providerCode: GATEWAY, providerName: 'Paytm', deliveryTypes: EVERY_TYPE },
  { methodCode: 'AMZPAY_WALLET', providerCode: GATEWAY, providerName: 'Amazon Pay', deliveryTypes: EVERY_TYPE },
  { methodCode: 'CASH', providerCode: 'STORE', providerName: 'Cash', deliveryTypes: STORE_TYPES },
  { methodCode: 'EVOUCHER', providerCode: 'CRUST', providerName: 'e-Voucher', deliveryTypes: EVERY_TYPE },
  { methodCode: 'CASHCRD', providerCode: 'CRUST', providerName: 'Gift Card', deliveryTypes: EVERY_TYPE },
];

/** Options a store shows disabled (status D), so the client's disabled state can be seen: NB at Lajpat Nagar. */
export const DISABLED_PAYMENT_OPTIONS: { storeId: number; methodCode: PaymentType }[] = [
  { storeId: 1002, methodCode: 'NB' },
];
