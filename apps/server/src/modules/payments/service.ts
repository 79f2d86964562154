import type { PaymentOptions } from '@crust/contract/orders';
import type { DeliveryType } from '@crust/domain/delivery-types';
import { walletUsable } from '@crust/domain/payment-combinations';
import { isPaymentType, type PaymentOptionStatus } from '@crust/domain/payment-types';
import type { Db } from '../../db/client.ts';
import type { WalletService } from '../wallet/service.ts';
import type { OrderQueries } from '../orders/queries.ts';
import { listStorePaymentOptions, setPaymentOptionStatuses, type PaymentOptionRow } from './repo.ts';

/**
 * The back office's face on a store's ways to pay (issue 30 §4): read and switched inside the caller's
 * transaction; the caller then calls `PaymentOptionsService.invalidate` once it has committed.
 */
export const storePaymentOptionsOf = listStorePaymentOptions;
export const switchStorePaymentOptions = setPaymentOptionStatuses;
export type { PaymentOptionRow };

const isStatus = (s: string): s is PaymentOptionStatus => s === 'E' || s === 'D';

/**
 * What SPEC §5's wallet rule reads beyond the wallet (faces onto other modules, given by wiring/services.ts):
 * whether the chain has switched the wallet off (remote config features without `wallet`) and pre-ticks it
 * (isDefaultWalletApplied), and whether a cart's explicit promo restricts the ways to pay.
 */
export interface WalletPolicy {
  remote(): Promise<{ walletHidden: boolean; defaultApplied: boolean }>;
  cartRestrictsPayment(ownerId: string, cartId: string): Promise<boolean>;
}

export interface OptionsRequest {
  storeId: number;
  deliveryType: DeliveryType;
  customerId: string | null;
  cartId?: string | undefined;
  miniApp?: boolean;
}

/**
 * SPEC §3 Payment details and §5 Payment combinations: a store's options for an order type, and the
 * customer's wallet (PIGGYBANK). Guests have no wallet and no last-used payment (SPEC §6).
 */
async function paymentOptions(
  storeOptions: readonly PaymentOptionRow[],
  wallets: WalletService,
  policy: WalletPolicy,
  orders: Pick<OrderQueries, 'lastPaid'>,
  input: OptionsRequest,
): Promise<PaymentOptions> {
  const rows = storeOptions.filter((r) => r.deliveryTypes.includes(input.deliveryType));
  const options = rows.flatMap((r) => {
    const methodCode = r.methodCode;
    const status = r.status;
    return isPaymentType(methodCode) && isStatus(status)
      ? [{ providerCode: r.providerCode, providerName: r.providerName, methodCode, status }]
      : [];
  });
  let wallet: PaymentOptions['wallet'] = null;
  if (input.customerId !== null) {
    const customerId = input.customerId;
    const [balancePaise, remote, restricted] = await Promise.all([
      wallets.balance(customerId),
      policy.remote(),
      input.cartId ? policy.cartRestrictsPayment(customerId, input.cartId) : false,
    ]);
    const usable = walletUsable({
      hiddenForWallets: remote.walletHidden,
      balancePaise,
      deliveryType: input.deliveryType,
      miniApp: input.miniApp === true,
      explicitPromoRestrictsPayment: restricted,
    });
    wallet = { balancePaise, usable, defaultApplied: usable && remote.defaultApplied };
  }
  // the customer's last paid order (a card only as its brand and last 4 digits); guests have none (SPEC §6)
  const last = input.customerId === null ? undefined : await orders.lastPaid(input.customerId);
  const lastUsed =
    last && isPaymentType(last.method)
      ? {
          methodCode: last.method,
          ...(last.cardBrand ? { cardScheme: last.cardBrand } : {}),
          ...(last.cardLast4 ? { cardLast4: last.cardLast4 } : {}),
        }
      : null;
  return { options, lastUsed, wallet };
}

/**
 * A store's ways to pay and the caller's wallet, as checkout offers them. A store's options are kept in memory,
 * like its menu (MenuCache): every confirm asks whether its way to pay is taken. `invalidate` drops a store's
 * copy where its options were changed (and, through src/caches/share.ts, in every process); other processes'
 * copies are read again after `ttlMs` in any case.
 */
export class PaymentOptionsService {
  private readonly cached = new Map<number, { rows: readonly PaymentOptionRow[]; at: number }>();

  constructor(
    private readonly db: Db,
    private readonly wallets: WalletService,
    private readonly policy: WalletPolicy,
    private readonly orders: Pick<OrderQueries, 'lastPaid'>,
    private readonly ttlMs = 30_000,
    private readonly clock: () => number = Date.now,
  ) {}

  private async ofStore(storeId: number): Promise<readonly PaymentOptionRow[]> {
    const now = this.clock();
    const hit = this.cached.get(storeId);
    if (hit && now - hit.at < this.ttlMs) return hit.rows;
    const rows = await listStorePaymentOptions(this.db, storeId);
    this.cached.set(storeId, { rows, at: now });
    return rows;
  }

  async forStore(input: OptionsRequest): Promise<PaymentOptions> {
    return paymentOptions(await this.ofStore(input.storeId), this.wallets, this.policy, this.orders, input);
  }

  /** SPEC §5: whether the chain lets the wallet pay at all now (remote config), for the confirm's own check. */
  async walletHidden(): Promise<boolean> {
    return (await this.policy.remote()).walletHidden;
  }

  /** Whether the store takes this way to pay for this order type now. */
  async isEnabled(storeId: number, type: DeliveryType, methodCode: string): Promise<boolean> {
    const rows = await this.ofStore(storeId);
    return rows.some(
      (o) => o.methodCode === methodCode && o.status === 'E' && o.deliveryTypes.includes(type),
    );
  }

  /** The gateway code (providerCode) of the store's option for this way to pay and order type; null: none. */
  async providerOf(storeId: number, type: DeliveryType, methodCode: string): Promise<string | null> {
    const rows = await this.ofStore(storeId);
    return (
      rows.find((o) => o.methodCode === methodCode && o.deliveryTypes.includes(type))?.providerCode ?? null
    );
  }

  /** Forgets one store's options: they were changed, and the next read takes them from the database. */
  invalidate(storeId: number): void {
    this.cached.delete(storeId);
  }

  clear(): void {
    this.cached.clear();
  }
}
