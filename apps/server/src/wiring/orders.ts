import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config/app-config.ts';
import type { Db } from '../db/client.ts';
import type { RemoteConfigService } from '../modules/config/service.ts';
import { DeliveryCodes } from '../modules/orders/delivery-codes.ts';
import { OrderEvents } from '../modules/orders/events.ts';
import { OrderLifecycle } from '../modules/orders/lifecycle.ts';
import { PaymentFlow } from '../modules/orders/payment-flow.ts';
import { OrderService } from '../modules/orders/service.ts';
import { TrainOrders } from '../modules/orders/train-orders.ts';
import { TrainWatch } from '../modules/orders/train-watch.ts';
import type { PaymentOptionsService } from '../modules/payments/service.ts';
import { PaytmService } from '../modules/paytm/service.ts';
import { RailService } from '../modules/rail/service.ts';
import type { OrderNotifications } from '../modules/notifications/service.ts';
import type { TrackingBus } from '../modules/tracking/bus.ts';
import type { WalletService } from '../modules/wallet/service.ts';
import type { Deps } from './deps.ts';
import { subscribeOrderFollowers } from './order-subscribers.ts';
import type { Providers } from './providers.ts';
import type { Shop } from './shop.ts';

export interface OrderInputs {
  db: Db;
  log: FastifyBaseLogger;
  clock: () => number;
  shop: Shop;
  providers: Providers;
  paymentOptions: PaymentOptionsService;
  wallets: WalletService;
  remote: RemoteConfigService;
  bus: TrackingBus;
  /** order status notifications by Web Push or SMS (issue 31 §14) */
  notifications: OrderNotifications;
}

export type OrderSide = Pick<
  Deps,
  'orders' | 'lifecycle' | 'railService' | 'trainWatch' | 'trainOrders' | 'paytm'
> & { flow: PaymentFlow };

/** Checkout and everything after it: the order's events and their followers, its stages, train orders, Paytm. */
export function orderServices(config: AppConfig, i: OrderInputs): OrderSide {
  const { db, log, clock } = i;
  // the one point an order's side effects hang off (decision 014): money inside its transaction, the rest after
  const events = new OrderEvents(log);
  const flow = new PaymentFlow(db, i.providers.gateways, log, events, clock);
  const deliveryCodes = new DeliveryCodes(db, i.providers.sms, config.sessionSecret, clock);
  subscribeOrderFollowers(events, {
    db,
    bus: i.bus,
    flow,
    sms: i.providers.sms,
    deliveryCodes,
    notifications: i.notifications,
    clock,
  });
  const lifecycle = new OrderLifecycle(db, flow, events, deliveryCodes, clock);
  // PNR status and booking a train order (issue 16): the rail provider read against the chain's stations
  const railService = new RailService(i.providers.rail, i.shop.stores, clock);
  // a train order follows its train: its promise moves, and it ends undelivered if the train leaves first
  const trainWatch = new TrainWatch(db, railService, events, lifecycle);
  const trainOrders = new TrainOrders(db, lifecycle, deliveryCodes, clock);
  return {
    flow,
    lifecycle,
    railService,
    trainWatch,
    trainOrders,
    ...checkout(config, i, { events, flow, railService }),
  };
}

/** The order service and the Paytm wallet's, which each call the other (Paytm goes on with an order it took). */
function checkout(
  config: AppConfig,
  { db, log, clock, shop, providers, paymentOptions, wallets, remote }: OrderInputs,
  { events, flow, railService }: { events: OrderEvents; flow: PaymentFlow; railService: RailService },
): Pick<Deps, 'orders' | 'paytm'> {
  const { paytmWallet } = providers;
  let paytm: PaytmService | null = null;
  const orders = new OrderService({
    db,
    carts: shop.carts,
    stores: shop.stores,
    gateways: providers.gateways,
    paytm: paytmWallet && {
      gateway: paytmWallet.gateway,
      nextFor: (order) => {
        if (!paytm) throw new Error('the Paytm service is not built yet');
        return paytm.nextFor(order);
      },
    },
    trains: railService,
    loyaltyOf: (customerId, orderId) => shop.loyalty.orderView(customerId, orderId),
    paymentOptions,
    flow,
    events,
    wallets,
    sms: providers.sms,
    secret: config.sessionSecret,
    codOtpAbovePaise: config.codOtpAbovePaise,
    log,
    clock,
    partnerPrimary: async (vendor) => (await remote.current()).vendorConfig[vendor]?.primaryPaymentId ?? null,
  });
  if (paytmWallet)
    paytm = new PaytmService({
      db,
      wallet: paytmWallet.wallet,
      orders,
      secret: config.sessionSecret,
      publicUrl: config.payments.publicUrl,
      merchantVpa: config.paytm.merchantVpa,
      log,
      clock,
    });
  return { orders, paytm };
}
