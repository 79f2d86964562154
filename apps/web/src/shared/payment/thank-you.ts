import type { DeliveryType } from '@crust/domain/delivery-types';
import { paths } from '../../config/paths.ts';
import { readJson, writeJson } from '../storage.ts';
import { readPendingPayment } from './pending.ts';

/** SPEC §2: /thankYou takes a constant literal instead of the transaction id for railway orders. */
export const RAILWAY_TRANSACTION = 'IRCTC';

/**
 * The transaction the literal stands for in this tab. Not under the checkout's sessionStorage names, so clearing
 * the checkout on the thank-you page (which forgets the pending payment) leaves it: a reload still finds the order.
 */
const KEY = 'crust.railwayTransaction';

/**
 * Where a successful payment goes: /thankYou with its transaction id, or with the railway literal for a train
 * order (whose transaction is then remembered for the tab).
 */
export function thankYouPath(transactionId: string, deliveryType: DeliveryType | undefined): string {
  if (deliveryType !== 'IRCTC') return paths.thankYou({ transactionId });
  writeJson(KEY, transactionId, 'session');
  return paths.thankYou({ transactionId: RAILWAY_TRANSACTION });
}

/**
 * The transaction behind /thankYou?transactionId=IRCTC: the one last sent there, else a train order's payment
 * still pending in this tab (then kept, since the thank-you page forgets the pending payment); null in a tab that
 * paid for no train order.
 */
export function railwayTransaction(): string | null {
  const kept = readJson<unknown>(KEY, null, 'session');
  if (typeof kept === 'string') return kept;
  const pending = readPendingPayment();
  if (pending?.deliveryType !== 'IRCTC') return null;
  writeJson(KEY, pending.result.transactionId, 'session');
  return pending.result.transactionId;
}
