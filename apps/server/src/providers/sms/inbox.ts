import type { Db } from '../../db/client.ts';
import { latestTexts } from './repo.ts';

/** The SMS sandbox's inbox (/sandbox/sms): what either sandbox "sent", newest first. Never in production. */
export class SmsInbox {
  constructor(private readonly db: Db) {}

  latest(mobile?: string, limit = 50) {
    return latestTexts(this.db, mobile, limit);
  }
}
