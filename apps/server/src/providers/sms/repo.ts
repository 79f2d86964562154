import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxSms } from '../../db/schema.ts';

export async function storeText(db: Db, mobile: string, body: string): Promise<void> {
  await db.insert(sandboxSms).values({ mobile, body });
}

/** The latest texts, newest first, for one number or all. */
export function latestTexts(db: Db, mobile: string | undefined, limit: number) {
  const q = db
    .select({ mobile: sandboxSms.mobile, body: sandboxSms.body, sentAt: sandboxSms.sentAt })
    .from(sandboxSms);
  return (mobile ? q.where(eq(sandboxSms.mobile, mobile)) : q).orderBy(desc(sandboxSms.id)).limit(limit);
}
