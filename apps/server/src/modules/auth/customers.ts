import type { Db } from '../../db/client.ts';
import { findCustomerByMobile } from './repo.ts';

/**
 * The account registered to a mobile number, for the modules that credit it (a late delivery's compensation,
 * a sandbox top-up); `db` may be the caller's transaction.
 */
export async function customerIdByMobile(db: Db, mobile: string): Promise<string | undefined> {
  return (await findCustomerByMobile(db, mobile))?.id;
}
