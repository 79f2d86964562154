import type { PaymentGateway } from './provider.ts';

/**
 * The payment gateways this server is configured with, by gateway code (SPEC §3: RAZORPAY, PAYU, …). A payment
 * option's providerCode chooses its gateway; an option naming a gateway that is not configured here is paid
 * through the default one (the first configured), so a store's data never has to change when the chain moves
 * gateways. A payment remembers the code of the gateway that holds it, and everything after (status, refunds,
 * webhooks) goes back to that one.
 */
export class Gateways {
  private readonly byCodeMap: ReadonlyMap<string, PaymentGateway>;

  constructor(
    readonly all: readonly PaymentGateway[],
    /**
     * gateways reached only by their code, never a payment option's default: the Paytm wallet (decision 018) and
     * the partner hosts' mini-app payments (decision 017). Status, refunds and the reconciler reach them through
     * `holding`
     */
    private readonly held: readonly PaymentGateway[] = [],
  ) {
    this.byCodeMap = new Map([...all, ...held].map((g) => [g.code, g]));
  }

  /** These gateways with `more` held too. */
  holdingAlso(more: readonly PaymentGateway[]): Gateways {
    return new Gateways(this.all, [...this.held, ...more]);
  }

  /** a gateway by its code only, or null (no default) */
  byCode(code: string): PaymentGateway | null {
    return this.byCodeMap.get(code) ?? null;
  }

  /** the gateway a payment option names, else the default; null when none is configured */
  forOption(providerCode: string | null | undefined): PaymentGateway | null {
    return (providerCode ? this.all.find((g) => g.code === providerCode) : undefined) ?? this.all[0] ?? null;
  }

  /** the gateway holding a payment; a payment from before gateways were recorded is the default's */
  holding(code: string | null | undefined): PaymentGateway | null {
    if (code === null || code === undefined) return this.all[0] ?? null;
    return this.byCodeMap.get(code) ?? null;
  }

  /** by the lower-case name in a webhook's path (/webhook/razorpay) */
  byPathName(name: string): PaymentGateway | null {
    return [...this.all, ...this.held].find((g) => g.code.toLowerCase() === name.toLowerCase()) ?? null;
  }
}
