import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/app-config.ts';
import type { Db } from '../../db/client.ts';
import { databaseIdpStore } from './idp-store.ts';
import { discoveredProvider } from './oidc.ts';
import type { IdentityProvider } from './provider.ts';
import { SandboxIdp } from './sandbox-idp.ts';

/**
 * Social sign-in's provider: the configured OIDC issuer; else the sandbox outside production; else none,
 * since production must never accept tokens from a key the server made up itself.
 */
export async function chooseIdentity(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
): Promise<{ identity: IdentityProvider | null; sandboxIdp: SandboxIdp | null }> {
  if (config.oidcIssuer)
    return {
      identity: discoveredProvider({ issuer: config.oidcIssuer, clientId: config.oidcClientId, log }),
      sandboxIdp: null,
    };
  if (config.nodeEnv === 'production') return { identity: null, sandboxIdp: null };
  const sandboxIdp = await SandboxIdp.create(config.oidcClientId, config.sessionSecret, databaseIdpStore(db));
  return { identity: sandboxIdp.provider(log), sandboxIdp };
}
