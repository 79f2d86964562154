import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { fetchDeliver, type Deliver } from './outbox.ts';
import type { PaymentGateway } from './provider.ts';
import { SandboxGateway } from './sandbox-gateway.ts';

/**
 * The payment gateway: the sandbox outside production; none in production until a real gateway is
 * configured, since production must never take "payments" that move no money.
 */
export function choosePayments(
  config: AppConfig,
  db: Db,
  log: FastifyBaseLogger,
  deliver: Deliver = fetchDeliver,
): { payments: PaymentGateway | null; sandboxGateway: SandboxGateway | null } {
  if (config.nodeEnv === 'production') return { payments: null, sandboxGateway: null };
  const sandboxGateway = new SandboxGateway(db, {
    keyId: config.pgKeyId,
    keySecret: config.pgKeySecret,
    webhookSecret: config.pgWebhookSecret,
    webhookUrl: config.pgWebhookUrl,
    deliver,
    log,
  });
  return { payments: sandboxGateway, sandboxGateway };
}
