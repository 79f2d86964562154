/**
 * What the orders module and the paytm module (issue 18 §2) know of each other, so neither imports the other's
 * rows: checkout asks the paytm side how a PAYTM_WALLET order goes on, and the paytm side reads and settles the
 * caller's orders through OrderService (decision 018).
 */

/** How a payer goes on with a Paytm wallet order (SPEC §3 PAYTM_LINK, PAYTM_WITHDRAW_MONEY, PAYTM_ADD_MONEY). */
export type PaytmNext =
  { kind: 'link' } | { kind: 'withdraw' } | { kind: 'add_money'; redirectUrl: string; deficitPaise: number };

/** A caller's order as the paytm module sees it (a PAYTM_WALLET order, or a UPI one for the UPI verify). */
export interface PaytmOrder {
  id: string;
  transactionId: string;
  ownerId: string;
  /** placed, payment_pending, failed, cancelled… */
  status: string;
  /** what the wallet is asked for (the order's total less any Crust wallet part) */
  amountPaise: number;
  mobile: string;
  email: string | null;
  cartId: string;
  /** the withdraw's order reference at Paytm (the payment's gateway order); null before checkout made it */
  orderRef: string | null;
  /** the order is paid by the Paytm wallet */
  paytm: boolean;
  /** why the order failed, when the reason is Crust's own (a train's payment cut-off); null otherwise */
  refusal: string | null;
  /** the order is paid by UPI at the gateway (its UPI id may be checked: Paytm's UPI verify) */
  upi: boolean;
}

export interface PaytmSide {
  nextFor(order: PaytmOrder): Promise<PaytmNext>;
}
