import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SmsProvider } from './provider.ts';
import { latestTexts, storeText } from './repo.ts';

/**
 * The SMS sandbox: instead of a gateway, texts go to a table that /sandbox/sms shows (development and
 * tests read OTPs there) and to the log — the number as its last 4 digits, the text only outside production.
 */
export class SandboxSms implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly production: boolean,
  ) {}

  async send(mobile: string, body: string): Promise<void> {
    await storeText(this.db, mobile, body);
    // the number never in full (the inbox shows it); the text, with its code, only outside production
    const to = `******${mobile.slice(-4)}`;
    if (this.production) this.log.info({ to, chars: body.length }, 'sandbox SMS');
    else this.log.info({ to, body }, 'sandbox SMS');
  }

  inbox(mobile?: string, limit = 50) {
    return latestTexts(this.db, mobile, limit);
  }
}
