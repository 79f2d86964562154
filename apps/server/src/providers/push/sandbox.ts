import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import { decryptAes128gcm, newReceiverKeys, PushRefusal, verifyVapid } from './receive.ts';

/** What a push message came with, besides its body (RFC 8030 §5). */
export interface PushHeaders {
  authorization: string | undefined;
  contentEncoding: string | undefined;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
}

export interface ReceivedPush {
  payload: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  subject: string;
  receivedAt: string;
}

/**
 * A local push service and the browser behind it (never in production; docs/notifications.md): it makes
 * subscriptions whose endpoint is its own URL and keeps their private keys; it takes RFC 8030 messages there,
 * refuses any without a valid VAPID token for its origin (RFC 8292) or an aes128gcm body it can decrypt (RFC 8291),
 * and keeps the plaintext for tests and the developer to read. Its rows are in the database, so every server
 * process answers for every subscription.
 */
export class PushSandbox {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A new subscription, as `PushSubscription.toJSON()` would show it, at `origin` (this server's). */
  async subscribe(
    origin: string,
  ): Promise<{ id: string; endpoint: string; keys: { p256dh: string; auth: string } }> {
    const id = randomBytes(12).toString('base64url');
    const keys = newReceiverKeys(randomBytes);
    await repo.insertSubscription(this.db, { id, ...keys });
    return {
      id,
      endpoint: `${origin}/sandbox/push/send/${id}`,
      keys: { p256dh: keys.publicKey, auth: keys.auth },
    };
  }

  /** The browser dropped it: from now on the service answers 410 Gone (or takes it again). */
  async setGone(id: string, gone: boolean): Promise<boolean> {
    return repo.setGone(this.db, id, gone);
  }

  /**
   * A message sent to subscription `id` at `audience` (this service's origin): checked, decrypted and kept.
   * Throws a PushRefusal with the status a push service answers.
   */
  async receive(id: string, audience: string, headers: PushHeaders, body: Buffer): Promise<void> {
    const sub = await repo.findSubscription(this.db, id);
    if (!sub) throw new PushRefusal(404, 'no such subscription');
    if (sub.gone) throw new PushRefusal(410, 'the subscription is gone');
    const vapid = await verifyVapid(headers.authorization, audience, Math.floor(this.clock() / 1000));
    const ttl = Number(headers.ttl);
    // RFC 8030 §5.2: TTL is required
    if (headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0)
      throw new PushRefusal(400, 'TTL missing');
    if (headers.contentEncoding !== 'aes128gcm')
      throw new PushRefusal(400, 'Content-Encoding is not aes128gcm');
    // RFC 8030 §7.2: services take at least 4096 bytes of payload; more is refused
    if (body.length > 4096) throw new PushRefusal(413, 'payload over 4096 bytes');
    const plain = decryptAes128gcm(body, sub);
    await repo.insertMessage(this.db, {
      subscriptionId: id,
      payload: plain.toString('utf8'),
      ttl,
      urgency: headers.urgency ?? null,
      topic: headers.topic ?? null,
      subject: vapid.subject,
    });
  }

  /** What subscription `id` received, oldest first. */
  async received(id: string): Promise<ReceivedPush[]> {
    const rows = await repo.messagesOf(this.db, id);
    return rows.map((r) => ({
      payload: r.payload,
      ttl: r.ttl,
      urgency: r.urgency,
      topic: r.topic,
      subject: r.subject,
      receivedAt: r.receivedAt.toISOString(),
    }));
  }
}

export { PushRefusal } from './receive.ts';
