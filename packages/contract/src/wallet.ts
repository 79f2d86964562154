import { z } from 'zod';
import { outcomeOf } from './common.ts';

/** SPEC §3 Wallet summary: what the wallet holds (₹, in paise), the loyalty programme, and its three parts. */
export const WalletSummarySchema = z.object({
  /** what the wallet can pay now (Promo and Refund Points; loyalty points buy free pizzas, not orders) */
  totalBalance: z.number().int(),
  loyaltyProgram: z.object({ code: z.string(), points: z.number().int() }),
  entries: z.array(
    z.object({
      title: z.enum(['Pizza Pals Points', 'Promo Points', 'Refund Points']),
      /** paise for Promo and Refund Points; points (₹1 each) for Pizza Pals Points */
      amount: z.number().int(),
    }),
  ),
});
export type WalletSummary = z.infer<typeof WalletSummarySchema>;
export const WalletSummaryResponseSchema = outcomeOf(WalletSummarySchema);

export const WALLET_LEDGER_PAGE_SIZE = 20;
/** Pages beyond this are refused: a ledger is read by scrolling, and OFFSET must stay bounded. */
export const WALLET_LEDGER_MAX_PAGE = 500;

export const WalletLedgerQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(WALLET_LEDGER_MAX_PAGE).default(1),
  loyaltyProgramCode: z.string().max(12).optional(),
});

export const WalletLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['credit', 'debit', 'refund']),
  /** the customer's words for it: "Late delivery credit", "Refund", "Paid for an order", "Added" */
  title: z.string(),
  amountPaise: z.number().int(),
  /** the order it is about, when there is one (to link to its details) */
  orderId: z.string().nullable(),
  /** ISO 8601 */
  at: z.string(),
});
export type WalletLedgerEntry = z.infer<typeof WalletLedgerEntrySchema>;

export const WalletLedgerSchema = z.object({
  pageNo: z.number().int(),
  entries: z.array(WalletLedgerEntrySchema),
  hasNext: z.boolean(),
});
export type WalletLedger = z.infer<typeof WalletLedgerSchema>;
export const WalletLedgerResponseSchema = outcomeOf(WalletLedgerSchema);
