import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SmsProvider } from './provider.ts';
import { latestTexts, storeText } from './repo.ts';

/**
 * The SMS sandbox: instead of a gateway, texts go to a table that /sandbox/sms shows (development and
 * tests read OTPs there) and to the log — in full outside production, masked in production.
 */
export class SandboxSms implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly production: boolean,
  ) {}

  async send(mobile: string, body: string): Promise<void> {
    await storeText(this.db, mobile, body);
    if (this.production)
      this.log.info({ to: `******${mobile.slice(-4)}`, chars: body.length }, 'sandbox SMS');
    else this.log.info({ to: mobile, body }, 'sandbox SMS');
  }

  inbox(mobile?: string, limit = 50) {
    return latestTexts(this.db, mobile, limit);
  }
}
