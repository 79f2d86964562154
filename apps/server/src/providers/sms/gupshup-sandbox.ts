import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { GupshupAccount } from '../../config/sms.ts';
import { errorLine, successLine } from './gupshup-request.ts';
import { maskedNumber } from './provider.ts';
import { changeSmsModes, readSmsModes, storeText, type DlrStatus, type SmsSandboxModes } from './repo.ts';
import { sameSecret } from '../../crypto/same-secret.ts';
import { matchesTemplate, SMS_KINDS, SMS_TEMPLATES, type SmsKind } from './templates.ts';

export interface GupshupSandboxOptions {
  db: Db;
  /** the account the sandbox plays: the one this server is configured with (config.sms) */
  account: GupshupAccount;
  /** Crust's delivery-report endpoint, and the token it wants */
  dlrUrl: string;
  dlrToken: string;
  log: FastifyBaseLogger;
  /** global fetch unless a test gives its own */
  fetch?: typeof fetch;
}

/** What the sandbox answers a send: Gupshup's text lines, with HTTP 200 (as Gupshup answers errors too). */
export type SandboxAnswer = { kind: 'answer'; body: string } | { kind: 'no answer' };

/**
 * Gupshup's Enterprise SMS API played locally, for development and tests (never in production): it checks a send
 * the way Gupshup and the DLT scrubber would — the account's user id and password (compared in constant time),
 * the method, version and auth scheme, the number, the sender id, the principal entity id, that the template id
 * is registered and that the text matches that template — answering Gupshup's `error | code | description` line
 * for the first thing wrong. An accepted text goes into the inbox (/sandbox/sms) with its message id, and a
 * delivery report goes to Crust's report URL as Gupshup would send it (GET, docs.gupshup.io "Real Time Delivery
 * Reports"). Codes are Gupshup's (docs.gupshup.io "Error Codes") and, for DLT, the DLT platforms' (604
 * INVALID_ENTITY_ID, 630 TEMPLATE_NOT_FOUND). Gupshup itself reports most DLT scrubbing failures later, in the
 * delivery report; the sandbox refuses them at once, so a text that drifted from its template fails the test
 * that sent it.
 */
export class GupshupSandbox {
  /** the templates registered for the account: template id → kind */
  private readonly registered: ReadonlyMap<string, SmsKind>;
  private readonly pending = new Set<Promise<void>>();
  private readonly fetch: typeof fetch;

  constructor(private readonly o: GupshupSandboxOptions) {
    this.registered = new Map(SMS_KINDS.map((kind) => [o.account.templateIds[kind], kind]));
    this.fetch = o.fetch ?? globalThis.fetch;
  }

  /**
   * One send (the query or form fields). `gone` resolves when the caller stops waiting; the timeout mode holds
   * the answer until then (at most HOLD_MS) and stores nothing.
   */
  async send(field: (name: string) => string, gone: Promise<void>): Promise<SandboxAnswer> {
    const modes = await readSmsModes(this.o.db);
    if (modes.fail === 'timeout') {
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, HOLD_MS).unref())]);
      return { kind: 'no answer' };
    }
    if (modes.fail === 'error') return refuse('100', 'UNKNOWN ERROR HAS OCCURED');
    const refusal = this.check(field);
    if (refusal) return refusal;
    const phone = field('send_to').replace(/^\+/, '');
    const mobile = phone.slice(2);
    const messageId = newMessageId();
    await storeText(this.o.db, mobile, field('msg'), messageId);
    this.o.log.info({ to: maskedNumber(mobile), messageId, body: field('msg') }, 'sandbox Gupshup SMS');
    this.report(messageId, phone, modes.dlr);
    return { kind: 'answer', body: successLine(phone, messageId) };
  }

  /** The first thing Gupshup or the DLT scrubber would refuse the send for, or null. */
  private check(field: (name: string) => string): SandboxAnswer | null {
    const a = this.o.account;
    for (const name of REQUIRED) if (field(name) === '') return refuse('101', `PARAMETER MISSING: ${name}`);
    // both compared, whichever is wrong: the time taken says nothing about which
    const user = sameSecret(field('userid'), a.userId);
    const password = sameSecret(field('password'), a.password);
    if (!user || !password || field('auth_scheme').toLowerCase() !== 'plain')
      return refuse('102', 'AUTH FAILED');
    if (field('method').toLowerCase() !== 'sendmessage') return refuse('106', 'METHOD NOT SUPPORTED');
    if (!['1.0', '1.1'].includes(field('v'))) return refuse('107', 'VERSION UNKNOWN');
    // Crust sends plain English texts, answered as text lines: the sandbox plays only that
    if (field('msg_type').toLowerCase() !== 'text') return refuse('101', 'PARAMETER MISSING: msg_type=TEXT');
    const format = field('format').toLowerCase();
    if (format !== '' && format !== 'text') return refuse('101', 'PARAMETER MISSING: format=text');
    if (!/^\+?91[6-9]\d{9}$/.test(field('send_to'))) return refuse('105', 'INVALID PH');
    if (field('mask') !== a.senderId) return refuse('108', 'INVALID MASK');
    if (field('principalEntityId') !== a.principalEntityId) return refuse('604', 'INVALID_ENTITY_ID');
    const kind = this.registered.get(field('dltTemplateId'));
    if (!kind) return refuse('630', 'TEMPLATE_NOT_FOUND');
    if (!matchesTemplate(SMS_TEMPLATES[kind].dlt, field('msg')))
      return refuse(TEMPLATE_MISMATCH, 'TEMPLATE_CONTENT_MISMATCH: the text does not match template');
    return null;
  }

  /** Gupshup's real-time delivery report, sent once the answer is on its way (as Gupshup's comes later). */
  private report(messageId: string, phone: string, status: DlrStatus): void {
    const url = new URL(this.o.dlrUrl);
    url.searchParams.set('token', this.o.dlrToken);
    const params = {
      externalId: messageId,
      deliveredTS: String(Date.now()),
      status,
      // Gupshup's delivery causes and codes (000 success, 001 ABSENT_SUBSCRIBER)
      cause: status === 'DELIVERED' ? 'SUCCESS' : 'ABSENT_SUBSCRIBER',
      phoneNo: phone,
      errCode: status === 'DELIVERED' ? '000' : '001',
      noOfFrags: '1',
      mask: this.o.account.senderId,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.fetch(url, { signal: AbortSignal.timeout(5_000) }))
      .then((res) => {
        if (!res.ok) this.o.log.warn({ messageId, status: res.status }, 'sandbox delivery report refused');
      })
      .catch((err: unknown) =>
        this.o.log.warn(
          { messageId, problem: (err as Error).message },
          'sandbox delivery report not delivered',
        ),
      )
      .finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Waits for the delivery reports on their way (the app's close calls it before the database goes). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  modes(): Promise<SmsSandboxModes> {
    return readSmsModes(this.o.db);
  }

  changeModes(change: Partial<SmsSandboxModes>): Promise<SmsSandboxModes> {
    return changeSmsModes(this.o.db, change, new Date());
  }
}

const REQUIRED = ['method', 'send_to', 'msg', 'userid', 'password', 'auth_scheme', 'v'] as const;

/** How long the timeout mode holds a send when the caller never gives up. */
const HOLD_MS = 30_000;

/**
 * The sandbox's code for a text that does not match its registered template. The DLT platforms' list of codes we
 * could read names 630 for an unknown template but not the code for a content mismatch, so this one is the
 * sandbox's own, in the DLT range; Crust treats every error code alike (an SmsError).
 */
export const TEMPLATE_MISMATCH = '690';

const refuse = (code: string, description: string): SandboxAnswer => ({
  kind: 'answer',
  body: errorLine(code, description),
});

/** Gupshup's message ids look like 3077758488311337848-123456789. */
function newMessageId(): string {
  const digits = (n: number) =>
    String(randomInt(1, 10)) + Array.from({ length: n - 1 }, () => String(randomInt(0, 10))).join('');
  return `${digits(19)}-${digits(9)}`;
}
