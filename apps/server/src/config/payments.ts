import { z } from 'zod';
import { secureOrLoopback } from './urls.ts';
import { httpUrl, oneOf, text, variable, type Parsed } from './variables.ts';

/**
 * Online payments (docs/operations.md "Payments"): the gateways' variables, what production needs, and the
 * settings each gateway runs with.
 */

/** The payment gateways Crust has adapters for, as PAYMENT_GATEWAYS names them. */
export const PAYMENT_GATEWAY_NAMES = ['sandbox', 'razorpay', 'payu'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAY_NAMES)[number];

export interface RazorpayConfig {
  /** https://api.razorpay.com in production; the sandbox's /sandbox/pg/razorpay for tests and demos */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface PayuConfig {
  /** where the customer's browser posts the payment form (https://secure.payu.in/_payment) */
  paymentUrl: string;
  /** the merchant API: verify_payment, refunds (https://info.payu.in/merchant/postservice.php?form=2) */
  apiUrl: string;
  key: string;
  salt: string;
}

/** Which gateways take online payments (README "Configuration", docs/operations.md "Payments"). */
export interface PaymentConfig {
  /** in PAYMENT_GATEWAYS order: the first is the default for options naming a gateway not configured */
  gateways: PaymentGatewayName[];
  /** Crust's own origin as customers reach it (https://order.example.in); null: gateways get same-origin paths */
  publicUrl: string | null;
  razorpay: RazorpayConfig | null;
  payu: PayuConfig | null;
}

/** Secrets among them: named in an error, never repeated. */
export const PAYMENT_UNSHOWN = ['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'PAYU_SALT'] as const;

/** Payment gateways (docs/operations.md "Payments"): which ones, where, and their keys. */
export const PAYMENT_VARIABLES = {
  PAYMENT_GATEWAYS: variable(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((g) => g.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.enum(PAYMENT_GATEWAY_NAMES, { error: `a list of ${PAYMENT_GATEWAY_NAMES.join(', ')}` }))
          .min(1, { error: `a list of ${PAYMENT_GATEWAY_NAMES.join(', ')}` })
          .refine((list) => new Set(list).size === list.length, { error: 'a list without repeats' }),
      ),
  ),
  PAYMENTS: oneOf(['on', 'off']),
  PUBLIC_URL: httpUrl(['http:', 'https:']),
  RAZORPAY_BASE_URL: httpUrl(['http:', 'https:']),
  RAZORPAY_KEY_ID: text,
  RAZORPAY_KEY_SECRET: text,
  RAZORPAY_WEBHOOK_SECRET: text,
  PAYU_PAYMENT_URL: httpUrl(['http:', 'https:']),
  PAYU_API_URL: httpUrl(['http:', 'https:']),
  PAYU_KEY: text,
  PAYU_SALT: text,
};

type PaymentEnv = {
  NODE_ENV?: string | undefined;
  RAZORPAY_BASE_URL?: string | undefined;
  PAYU_PAYMENT_URL?: string | undefined;
  PAYU_API_URL?: string | undefined;
  PAYMENT_GATEWAYS?: PaymentGatewayName[] | undefined;
  PAYMENTS?: 'on' | 'off' | undefined;
  PUBLIC_URL?: string | undefined;
} & Partial<
  Record<
    'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'PAYU_KEY' | 'PAYU_SALT',
    string
  >
>;

/**
 * Production takes real money or says on purpose that it takes none: without PAYMENT_GATEWAYS it refuses to
 * start, naming what is missing, unless PAYMENTS=off. A real gateway needs its keys and Crust's public URL (the
 * customer's browser is sent back there); outside production a gateway's keys default to the sandbox's.
 */
export function paymentProblems(env: PaymentEnv, problem: (name: string, message: string) => void): void {
  const production = env.NODE_ENV === 'production';
  const gateways = env.PAYMENT_GATEWAYS ?? [];
  if (!production || env.PAYMENTS === 'off') return;
  if (gateways.length === 0)
    problem(
      'PAYMENT_GATEWAYS',
      'PAYMENT_GATEWAYS must name the payment gateways in production (razorpay, payu), or set PAYMENTS=off to run without online payments',
    );
  if (gateways.includes('sandbox'))
    problem(
      'PAYMENT_GATEWAYS',
      'PAYMENT_GATEWAYS must not name the sandbox in production: it moves no money',
    );
  const need = (names: readonly (keyof PaymentEnv)[]) => {
    for (const name of names)
      if (!env[name]) problem(name, `${name} must be set in production for ${gateways.join(', ')}`);
  };
  if (gateways.includes('razorpay'))
    need(['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET']);
  if (gateways.includes('payu')) need(['PAYU_KEY', 'PAYU_SALT']);
  if (gateways.some((g) => g !== 'sandbox')) need(['PUBLIC_URL']);
  // keys and customers' card forms travel to these: never in clear text across a network
  for (const name of ['PUBLIC_URL', 'RAZORPAY_BASE_URL', 'PAYU_PAYMENT_URL', 'PAYU_API_URL'] as const) {
    const url = env[name];
    if (typeof url === 'string' && !secureOrLoopback(url))
      problem(name, `${name} must be an https:// URL in production (http only to this machine)`);
  }
}

/**
 * The gateways from the environment. Outside production a gateway's keys default to the sandbox's own, so
 * `PAYMENT_GATEWAYS=razorpay RAZORPAY_BASE_URL=http://127.0.0.1:3000/sandbox/pg/razorpay` runs the real Razorpay
 * adapter against the local sandbox with nothing else set. PAYMENTS=off means no gateway at all.
 */
export function paymentsOf(
  env: Parsed<typeof PAYMENT_VARIABLES>,
  sandbox: { keyId: string; keySecret: string; webhookSecret: string },
  nodeEnv: 'development' | 'production' | 'test',
): PaymentConfig {
  const production = nodeEnv === 'production';
  const off = env.PAYMENTS === 'off';
  const gateways = off ? [] : (env.PAYMENT_GATEWAYS ?? (production ? [] : ['sandbox' as const]));
  // production's keys are required by the schema (paymentProblems)
  const dev = (value: string | undefined, fallback: string) => value ?? (production ? '' : fallback);
  return {
    gateways,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    razorpay: gateways.includes('razorpay')
      ? {
          baseUrl: (env.RAZORPAY_BASE_URL ?? 'https://api.razorpay.com').replace(/\/+$/, ''),
          keyId: dev(env.RAZORPAY_KEY_ID, sandbox.keyId),
          keySecret: dev(env.RAZORPAY_KEY_SECRET, sandbox.keySecret),
          webhookSecret: dev(env.RAZORPAY_WEBHOOK_SECRET, sandbox.webhookSecret),
        }
      : null,
    payu: gateways.includes('payu')
      ? {
          paymentUrl: env.PAYU_PAYMENT_URL ?? 'https://secure.payu.in/_payment',
          apiUrl: env.PAYU_API_URL ?? 'https://info.payu.in/merchant/postservice.php?form=2',
          key: dev(env.PAYU_KEY, sandbox.keyId),
          salt: dev(env.PAYU_SALT, sandbox.keySecret),
        }
      : null,
  };
}
