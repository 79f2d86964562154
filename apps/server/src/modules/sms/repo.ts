import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { smsDeliveryReports } from '../../db/schema.ts';

/** One delivery report as Crust keeps it: never the number, only its last 4 digits. */
export interface DeliveryReport {
  messageId: string;
  status: string;
  cause: string | null;
  errCode: string | null;
  phoneLast4: string | null;
  deliveredAt: Date | null;
}

/** A message's report; one already there is replaced (the later report says what became of the text). */
export async function upsertReport(db: Db, r: DeliveryReport, at: Date): Promise<void> {
  await db
    .insert(smsDeliveryReports)
    .values({ ...r, receivedAt: at })
    .onConflictDoUpdate({
      target: smsDeliveryReports.messageId,
      set: {
        status: sql`excluded.status`,
        cause: sql`excluded.cause`,
        errCode: sql`excluded.err_code`,
        phoneLast4: sql`excluded.phone_last4`,
        deliveredAt: sql`excluded.delivered_at`,
        receivedAt: sql`excluded.received_at`,
      },
    });
}
