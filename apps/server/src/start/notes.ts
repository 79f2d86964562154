import type { AppConfig } from '../config/app-config.ts';
import type { SandboxIdp } from '../providers/identity/sandbox-idp.ts';
import type { SandboxGateway } from '../providers/payments/sandbox-gateway.ts';

export interface StartNote {
  level: 'info' | 'warn';
  message: string;
  fields: Record<string, unknown>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * What the start-up says (docs/security.md "Secrets and defaults"): where Crust serves, where its key came from,
 * and which sandboxes are on and where; a warning when they can be reached from other machines, since the SMS
 * inbox shows every OTP.
 */
export function startNotes(
  config: AppConfig,
  deps: { sandboxGateway: SandboxGateway | null; sandboxIdp: SandboxIdp | null },
  database: string,
): StartNote[] {
  const origin = `http://${LOOPBACK.has(config.host) || config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const notes: StartNote[] = [
    {
      level: 'info',
      message: 'Crust is serving',
      fields: {
        url: origin,
        host: config.host,
        database,
        dataDir: config.databaseUrl ? undefined : config.dataDir,
        nodeEnv: config.nodeEnv,
        tokenKey: config.sessionSecretFrom,
        // whose VAPID pair signs push messages (docs/notifications.md)
        pushKeys: config.push.vapidFrom,
        payments: config.payments.gateways.join(',') || 'off',
        // where texts go (docs/operations-sms.md): Gupshup's host, or the sandbox's inbox
        sms: config.sms.provider === 'gupshup' ? `gupshup ${new URL(config.sms.baseUrl).host}` : 'sandbox',
        // where PNRs are read (docs/rail-sandbox.md): the provider's host, the sandbox, or off
        rail:
          config.rail.provider === 'api' ? `api ${new URL(config.rail.baseUrl).host}` : config.rail.provider,
      },
    },
  ];
  // production can only be without gateways when the operator said PAYMENTS=off; say it on every start
  if (config.payments.gateways.length === 0)
    notes.push({
      level: 'warn',
      message: 'online payments are off (PAYMENTS=off): card, UPI and net-banking orders are refused',
      fields: {},
    });
  // production can only be without a rail provider when the operator said RAIL_PROVIDER=off
  if (config.rail.provider === 'off')
    notes.push({
      level: 'warn',
      message:
        'train delivery is off (RAIL_PROVIDER=off): PNR status answers "Train delivery is not available right now."',
      fields: {},
    });
  if (config.nodeEnv === 'production') return notes;
  const sandboxes: Record<string, string> = { sms: `${origin}/sandbox/sms` };
  if (deps.sandboxGateway) sandboxes.payments = `${origin}/sandbox/pg`;
  if (deps.sandboxIdp) sandboxes.identity = `${origin}/sandbox/idp`;
  sandboxes.rail = `${origin}/sandbox/rail`;
  sandboxes.push = `${origin}/sandbox/push`;
  notes.push({
    level: LOOPBACK.has(config.host) ? 'info' : 'warn',
    message: LOOPBACK.has(config.host)
      ? 'sandboxes are on, for this machine only (NODE_ENV is not production)'
      : `sandboxes are on and reachable from the network through HOST=${config.host}: anyone who reaches this port can read every OTP. Use NODE_ENV=production for real traffic`,
    fields: { sandboxes },
  });
  return notes;
}

/** How many processes serve: many share the port on PostgreSQL; PGlite can only ever have one. */
export function processNotes(config: AppConfig, database: string): StartNote[] {
  if (database === 'pglite' && config.workers > 1)
    return [
      {
        level: 'info',
        message:
          'one server process: PGlite is an embedded database only one process may open (WORKERS applies with DATABASE_URL)',
        fields: { workers: 1 },
      },
    ];
  if (database === 'postgres' && config.workers > 1)
    return [
      {
        level: 'info',
        message: `${config.workers} server processes share the port (WORKERS)`,
        fields: { workers: config.workers, primary: process.ppid },
      },
    ];
  return [];
}
