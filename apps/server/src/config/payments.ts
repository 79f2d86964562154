import type { Env } from './env.ts';
import type { PaymentGatewayName } from './payment-names.ts';

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

/**
 * The gateways from the environment. Outside production a gateway's keys default to the sandbox's own, so
 * `PAYMENT_GATEWAYS=razorpay RAZORPAY_BASE_URL=http://127.0.0.1:3000/sandbox/pg/razorpay` runs the real Razorpay
 * adapter against the local sandbox with nothing else set. PAYMENTS=off means no gateway at all.
 */
export function paymentsOf(
  env: Env,
  sandbox: { keyId: string; keySecret: string; webhookSecret: string },
  nodeEnv: 'development' | 'production' | 'test',
): PaymentConfig {
  const production = nodeEnv === 'production';
  const off = env.PAYMENTS === 'off';
  const gateways = off ? [] : (env.PAYMENT_GATEWAYS ?? (production ? [] : ['sandbox' as const]));
  // production's keys are required by the schema (config-env.ts paymentProblems)
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
