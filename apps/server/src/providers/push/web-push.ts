import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { PushConfig } from '../../config/push.ts';

/** Where one message goes: a browser's subscription as it was given (RFC 8030 endpoint, RFC 8291 keys). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent: the push service took it; gone: it no longer knows the subscription (404/410); failed: anything else. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends Web Push messages: the web-push library encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID
 * token (RFC 8292); the request itself goes through `fetch` (the library's own transport speaks only https, and
 * the push sandbox outside production is plain http on this machine). A send never throws: its outcome says what
 * became of it, and a failure is logged with the push service's host only, since the endpoint's path is the
 * subscription's capability.
 */
export class WebPushSender {
  constructor(
    private readonly config: PushConfig,
    private readonly log: FastifyBaseLogger,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async send(target: PushTarget, payload: string, topic: string): Promise<PushOutcome> {
    const vapid = this.config.vapid;
    if (!vapid) throw new Error('no VAPID key pair');
    const host = URL.canParse(target.endpoint) ? new URL(target.endpoint).host : 'unreadable';
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: {
            subject: this.config.subject,
            publicKey: vapid.publicKey,
            privateKey: vapid.privateKey,
          },
          contentEncoding: 'aes128gcm',
          // a stage an hour late is no longer news; the tracker says where the order is
          TTL: 3600,
          urgency: 'high',
          // a later stage replaces one the push service still holds for the browser
          topic,
        },
      );
      const res = await this.fetchFn(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      if (res.ok) return 'sent';
      if (res.status === 404 || res.status === 410) return 'gone';
      this.log.warn({ host, status: res.status }, 'push not sent');
      return 'failed';
    } catch (err) {
      this.log.warn({ host, err: (err as Error).message }, 'push not sent');
      return 'failed';
    }
  }
}
