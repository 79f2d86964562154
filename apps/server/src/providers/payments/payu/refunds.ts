import { GatewayError } from '../provider.ts';
import type { RefundAnswer } from './entities.ts';

/**
 * cancel_refund_transaction's answer as what the adapter does next. PayU answers `status: 1` with error_code 102
 * ("Refund Queued", or 100/101) when it took the refund, and `status: 0` with a code when it did not
 * (https://docs.payu.in/docs/error-codes-for-refund-initiation). The token (Crust's refund receipt) may make a
 * refund once: 106 ("Token already exists") and 227 ("Transactions with same amount and same token not allowed",
 * seen in github.com/payu-intrepos/web-sdk-nodejs test/refund.test.js) mean an earlier call made it.
 */
export type RefundOutcome = { kind: 'made'; requestId: string } | { kind: 'token_used' };

const TOKEN_USED = new Set(['106', '227']);
const OVER_AMOUNT = new Set(['105', '110', '113', '117']);
const NOT_CAPTURED = new Set(['111', '115']);

export function refundOutcomeOf(a: RefundAnswer): RefundOutcome {
  if (String(a.status) === '1' && a.request_id) return { kind: 'made', requestId: a.request_id };
  const code = a.error_code;
  if (TOKEN_USED.has(code)) return { kind: 'token_used' };
  const why = a.msg || `PayU refused the refund (${code || 'no code'})`;
  if (OVER_AMOUNT.has(code)) throw new GatewayError('REFUND_EXCEEDS_PAYMENT', why, 400);
  if (NOT_CAPTURED.has(code)) throw new GatewayError('PAYMENT_NOT_CAPTURED', why, 400);
  if (code === '116') throw new GatewayError('NOT_FOUND', why, 404);
  if (/hash/i.test(why)) throw new GatewayError('BAD_REQUEST', why, 401);
  throw new GatewayError('BAD_REQUEST', why, 400);
}
