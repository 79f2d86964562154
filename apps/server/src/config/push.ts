import webpush from 'web-push';
import { z } from 'zod';
import { variable, type Parsed } from './variables.ts';

/**
 * Web Push (issue 31 §14; docs/notifications.md): the VAPID key pair (RFC 8292) the server signs every push message
 * with, and who to contact about it. A browser's subscription is bound to the public key it was made with, so the
 * pair must stay the same for as long as subscriptions live: production gives it, and outside production the
 * installation makes one once and keeps it (db/instance-secrets.ts), as it does its token key.
 */

/** A P-256 key pair in the base64url form browsers and web-push use. */
export interface VapidKeys {
  /** the uncompressed point, 65 bytes: what `pushManager.subscribe({ applicationServerKey })` takes */
  publicKey: string;
  /** the private scalar, 32 bytes */
  privateKey: string;
}

export interface PushConfig {
  /** null only before the start-up has given the installation's pair; buildApp refuses that */
  vapid: VapidKeys | null;
  /** where the key pair came from, for the start-up message */
  vapidFrom: 'VAPID keys' | 'this installation' | 'this test process' | 'none yet';
  /** the `sub` of every VAPID token: a mailto: or https: contact for push services */
  subject: string;
  /** whether a subscription may name a plain-http endpoint on this machine (the push sandbox): never in production */
  loopbackEndpoints: boolean;
  /** how long one send to a push service may take */
  timeoutMs: number;
}

/** Secrets among them: named in an error, never repeated. */
export const PUSH_UNSHOWN = ['VAPID_PRIVATE_KEY'] as const;

const base64url = (bytes: number, what: string) =>
  variable(
    z
      .string()
      .trim()
      .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
        error: `${what}: ${bytes} bytes in base64url (as web-push generate-vapid-keys prints it)`,
      }),
  );

/** The push variables (docs/operations.md "Notifications"); the rules between them: pushProblems. */
export const PUSH_VARIABLES = {
  VAPID_PUBLIC_KEY: base64url(65, 'the VAPID public key, an uncompressed P-256 point'),
  VAPID_PRIVATE_KEY: base64url(32, 'the VAPID private key'),
  VAPID_SUBJECT: variable(
    z
      .string()
      .trim()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, {
        error: 'a mailto: address or an https:// URL where push services can reach the operator',
      }),
  ),
};

type PushVariables = Parsed<typeof PUSH_VARIABLES>;

type PushEnv = { NODE_ENV?: string | undefined } & { [K in keyof PushVariables]?: unknown };

/**
 * In production all three are required (a key pair made by a process would change at every deploy, and every
 * customer's subscription with it); anywhere, the two keys come together or not at all.
 */
export function pushProblems(env: PushEnv, problem: (name: string, message: string) => void): void {
  if (env.NODE_ENV === 'production') {
    for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
      if (env[name] === undefined)
        problem(
          name,
          'set in production, for order notifications by Web Push (npx web-push generate-vapid-keys; docs/notifications.md)',
        );
    return;
  }
  if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined))
    problem(
      env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'set together with the other VAPID key, or neither (the installation then keeps its own pair)',
    );
}

/** Push services cut off a sender that hangs; a notification later than this is no longer news. */
const PUSH_TIMEOUT_MS = 10_000;

let testProcessPair: VapidKeys | null = null;

/** One pair per test process, like TEST_PROCESS_SECRET: apps built in a test need no database-kept pair. */
function testProcessVapid(): VapidKeys {
  testProcessPair ??= newVapidKeys();
  return testProcessPair;
}

/** A fresh P-256 pair. */
export function newVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

/** The push settings: the given pair, else the installation's (given by the start-up), else a test process's. */
export function pushOf(
  env: PushVariables,
  nodeEnv: 'development' | 'production' | 'test',
  installationVapid: VapidKeys | undefined,
): PushConfig {
  const settings = {
    subject: env.VAPID_SUBJECT ?? 'mailto:operations@crust.invalid',
    loopbackEndpoints: nodeEnv !== 'production',
    timeoutMs: PUSH_TIMEOUT_MS,
  };
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return {
      ...settings,
      vapid: { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY },
      vapidFrom: 'VAPID keys',
    };
  if (installationVapid) return { ...settings, vapid: installationVapid, vapidFrom: 'this installation' };
  if (nodeEnv === 'test') return { ...settings, vapid: testProcessVapid(), vapidFrom: 'this test process' };
  return { ...settings, vapid: null, vapidFrom: 'none yet' };
}
