import { createDecipheriv, createECDH, createHmac } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';

/**
 * The receiving side of Web Push, as a push service and a browser do it, for the push sandbox (./sandbox.ts): the
 * VAPID check a push service makes of a sender (RFC 8292) and the decryption a browser makes of a message
 * (RFC 8291, over RFC 8188's aes128gcm). Written from the RFCs, apart from the web-push library the sender uses,
 * so a test that decrypts a message here proves the sender followed the protocol, not that it agrees with itself.
 */

/** Why a push service refuses a message: a status and a reason, as RFC 8030 §5 and RFC 8292 §4 answer. */
export class PushRefusal extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 410 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'PushRefusal';
  }
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8292 §3: `Authorization: vapid t=<JWT>, k=<public key>`; the token ES256-signed by that key. */
export async function verifyVapid(
  authorization: string | undefined,
  audience: string,
  nowSeconds: number,
): Promise<{ subject: string; publicKey: string }> {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw new PushRefusal(401, 'no vapid authorization');
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) params.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new PushRefusal(401, 'vapid needs t= and k=');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    throw new PushRefusal(401, 'k is not an uncompressed P-256 point');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33).toString('base64url'),
  };
  let claims;
  try {
    const verified = await jwtVerify(token, await importJWK(jwk, 'ES256'), {
      algorithms: ['ES256'],
      audience,
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['exp', 'sub'],
    });
    claims = verified.payload;
  } catch (err) {
    throw new PushRefusal(403, `vapid token refused: ${(err as Error).message}`);
  }
  // §2: the expiry is at most 24 hours ahead
  if ((claims.exp ?? 0) > nowSeconds + 24 * 3600)
    throw new PushRefusal(403, 'vapid token lives over 24 hours');
  const subject = String(claims.sub);
  if (!/^(mailto:|https:)/.test(subject)) throw new PushRefusal(403, 'vapid sub is not mailto: or https:');
  return { subject, publicKey: key };
}

/** The browser's side of a subscription: its P-256 key pair and authentication secret, base64url. */
export interface ReceiverKeys {
  privateKey: string;
  publicKey: string;
  auth: string;
}

/**
 * RFC 8291 §3.4 and RFC 8188 §2: the plaintext of an aes128gcm message body. The header carries the salt, the
 * record size and the sender's ephemeral public key; the keys come from ECDH with the receiver's key, mixed with
 * the subscription's authentication secret; each record ends in a delimiter (2 for the last) and zero padding.
 */
export function decryptAes128gcm(body: Buffer, keys: ReceiverKeys): Buffer {
  if (body.length < 21) throw new PushRefusal(400, 'body shorter than an aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  // RFC 8291 §4: the key id is the sender's ephemeral public key, and a push message is one record
  if (idLength !== 65) throw new PushRefusal(400, 'keyid is not a P-256 public key');
  if (recordSize < 18) throw new PushRefusal(400, 'record size too small');
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new PushRefusal(400, 'a push message is one record');

  const receiverPublic = Buffer.from(keys.publicKey, 'base64url');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  let shared: Buffer;
  try {
    shared = ecdh.computeSecret(senderPublic);
  } catch {
    throw new PushRefusal(400, 'keyid is not a point on P-256');
  }
  // RFC 8291 §3.4: IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const prkKey = hmac(Buffer.from(keys.auth, 'base64url'), shared);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic, Buffer.of(1)]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 §2.2, §2.3: the content encryption key and nonce from the salt
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  if (records.length < 17) throw new PushRefusal(400, 'record shorter than its tag');
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  } catch {
    throw new PushRefusal(400, 'the record does not decrypt with this subscription’s keys');
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new PushRefusal(400, 'the last record does not end in delimiter 2');
  return padded.subarray(0, end);
}

/** A fresh subscription's keys, as a browser makes them (RFC 8291 §2). */
export function newReceiverKeys(random: (n: number) => Buffer): ReceiverKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    publicKey: ecdh.getPublicKey().toString('base64url'),
    auth: random(16).toString('base64url'),
  };
}
