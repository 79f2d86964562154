import { z } from 'zod';

/**
 * The sandbox gateway's switchable behaviours for tests (docs/payments-sandbox.md). They live in the
 * database so every server process, and a browser test talking to any of them, sees the same ones.
 */
export interface GatewayModes {
  /** wait this long before each gateway answer (order, status, refund, payment outcome) */
  latencyMs: number;
  /** every payment that would succeed fails instead, as a bank decline */
  decline: boolean;
  /** outcomes are not reached: the payment stays pending, with no callback and no webhook, until resolved */
  timeout: boolean;
  /** the outcome is recorded and webhooks go out, but the browser is not sent back to Crust */
  lostCallback: boolean;
  /** each webhook is delivered this many times, under one event id */
  duplicateWebhooks: number;
  /** webhooks due together are delivered in random order */
  shuffleWebhooks: boolean;
}

export const DEFAULT_MODES: Readonly<GatewayModes> = {
  latencyMs: 0,
  decline: false,
  timeout: false,
  lostCallback: false,
  duplicateWebhooks: 1,
  shuffleWebhooks: false,
};

export const MAX_LATENCY_MS = 60_000;
export const MAX_DUPLICATE_WEBHOOKS = 10;

/** A change to some modes; the others keep their values. */
export const ModesChangeSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(MAX_LATENCY_MS).optional(),
  decline: z.boolean().optional(),
  timeout: z.boolean().optional(),
  lostCallback: z.boolean().optional(),
  duplicateWebhooks: z.number().int().min(1).max(MAX_DUPLICATE_WEBHOOKS).optional(),
  shuffleWebhooks: z.boolean().optional(),
});
export type ModesChange = z.infer<typeof ModesChangeSchema>;
