import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { maskedNumber, type SmsProvider } from './provider.ts';
import { storeText } from './repo.ts';
import { renderSms, type SmsMessage } from './templates.ts';

/**
 * The SMS sandbox (SMS_PROVIDER=sandbox, the default outside production): instead of a gateway, texts go to a
 * table that /sandbox/sms shows (development and tests read OTPs there) and to the log — the number as its last
 * 4 digits, the text only outside production. It renders the same templates the real provider sends.
 */
export class SandboxSms implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly production: boolean,
  ) {}

  async send(mobile: string, message: SmsMessage): Promise<void> {
    const body = renderSms(message);
    await storeText(this.db, mobile, body);
    // the number never in full (the inbox shows it); the text, with its code, only outside production
    const to = maskedNumber(mobile);
    if (this.production) this.log.info({ to, kind: message.kind, chars: body.length }, 'sandbox SMS');
    else this.log.info({ to, kind: message.kind, body }, 'sandbox SMS');
  }
}
