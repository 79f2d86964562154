import type { Db } from '../../db/client.ts';
import { latestTexts, storeText } from './repo.ts';

/** The SMS sandbox's inbox (/sandbox/sms): what either sandbox "sent", newest first. Never in production. */
export class SmsInbox {
  constructor(private readonly db: Db) {}

  latest(mobile?: string, limit = 50) {
    return latestTexts(this.db, mobile, limit);
  }

  /** A text another sandbox "sent" (the Paytm sandbox's OTPs: Paytm texts them, not Crust's provider). */
  deliver(mobile: string, body: string): Promise<void> {
    return storeText(this.db, mobile, body);
  }
}
