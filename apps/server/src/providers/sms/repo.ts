import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxSms, sandboxSmsModes } from '../../db/schema.ts';

/** A text the sandbox "sent", into the inbox at /sandbox/sms; `messageId` when the Gupshup sandbox took it. */
export async function storeText(db: Db, mobile: string, body: string, messageId?: string): Promise<void> {
  await db.insert(sandboxSms).values({ mobile, body, messageId: messageId ?? null });
}

/** The latest texts, newest first, for one number or all. */
export function latestTexts(db: Db, mobile: string | undefined, limit: number) {
  const q = db
    .select({
      mobile: sandboxSms.mobile,
      body: sandboxSms.body,
      sentAt: sandboxSms.sentAt,
      messageId: sandboxSms.messageId,
    })
    .from(sandboxSms);
  return (mobile ? q.where(eq(sandboxSms.mobile, mobile)) : q).orderBy(desc(sandboxSms.id)).limit(limit);
}

export type SmsFailMode = 'error' | 'timeout';
export type DlrStatus = 'DELIVERED' | 'FAILED';

/** The Gupshup sandbox's test switches (modules/sandbox/sms-routes.ts): in the database, so every process sees them. */
export interface SmsSandboxModes {
  fail: SmsFailMode | null;
  dlr: DlrStatus;
}

export const DEFAULT_SMS_MODES: Readonly<SmsSandboxModes> = { fail: null, dlr: 'DELIVERED' };

const modeColumns = { fail: sandboxSmsModes.fail, dlr: sandboxSmsModes.dlr };

export async function readSmsModes(db: Db): Promise<SmsSandboxModes> {
  const row = (
    await db.select(modeColumns).from(sandboxSmsModes).where(eq(sandboxSmsModes.id, 1)).limit(1)
  )[0];
  // the table's checks allow only these values
  return row ? { fail: row.fail as SmsFailMode | null, dlr: row.dlr as DlrStatus } : { ...DEFAULT_SMS_MODES };
}

/** Changes the given modes in one statement, so two changes at once both land. */
export async function changeSmsModes(
  db: Db,
  change: Partial<SmsSandboxModes>,
  at: Date,
): Promise<SmsSandboxModes> {
  await db
    .insert(sandboxSmsModes)
    .values({ id: 1, ...DEFAULT_SMS_MODES, ...change, updatedAt: at })
    .onConflictDoUpdate({ target: sandboxSmsModes.id, set: { ...change, updatedAt: at } });
  return readSmsModes(db);
}
