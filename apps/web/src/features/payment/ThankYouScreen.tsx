import { track } from '../../shared/analytics/track.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from '../../shared/router/index.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderSummary } from '@crust/contract/orders';
import { assertNever, deliveryTypeLabel, type DeliveryType } from '@crust/domain/delivery-types';
import { MESSAGES } from '@crust/domain/messages';
import { paths } from '../../config/paths.ts';
import { OrderUpdatesLater } from '../../shared/notifications/OrderUpdatesLater.tsx';
import { ExtraPaymentsNote } from '../../shared/payment/ExtraPaymentsNote.tsx';
import { SurpriseGiftLine } from '../../shared/order/SurpriseGiftLine.tsx';
import { billAmount, rupees } from '../../shared/format.ts';
import { formatSlot } from '../../shared/time-format.ts';
import { etaText } from '../../shared/location/eta-texts.ts';
import { PointsNote } from '../../shared/loyalty/PointsNote.tsx';
import { t } from '../../shared/i18n/index.ts';
import { trackingPath } from '../../shared/tracking/paths.ts';
import { RAILWAY_TRANSACTION, railwayTransaction } from '../../shared/payment/thank-you.ts';
import type { PaymentErrorState } from '../../shared/payment/pending.ts';
import { TrainCard } from '../../shared/train/TrainCard.tsx';
import { endTrainOrder } from '../../shared/state/location-store.ts';
import { fetchOrderSummary, fetchOrderTrain, isTransactionId, orderKey, orderTrainKey } from './api.ts';
import { clearCheckoutOnce, recordPurchasedProducts } from './clear-checkout.ts';
import { useFollowPayment, useOrderStatusPolling, type OrderStatusOutcome } from './polling.ts';
import { pt } from './texts.ts';
import './payment.css';

type View = { kind: 'checking' } | OrderStatusOutcome;

/**
 * /thankYou?transactionId= (SPEC §4 thank-you status polling), or ?transactionId=IRCTC after a train order's
 * payment (SPEC §2; shared/payment/thank-you.ts). NA: the order was not confirmed. Otherwise the
 * status is asked until it is known: SUCCESS shows the order (and records its product ids), FAILED the
 * refund message, WAIT past apiHitTime the status-awaited message, which then goes on following the payment
 * (issue 28 §3, decision 019) and shows the order or the failure when the server knows. Each of the three clears
 * the cart and the checkout, once per transaction.
 */
export default function ThankYouScreen() {
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const raw = params.get('transactionId');
  // a train order's page names no transaction (SPEC §2's railway literal): the tab knows which it was
  const [railway] = useState(() => (raw === RAILWAY_TRANSACTION ? railwayTransaction() : null));
  const transactionId = raw === RAILWAY_TRANSACTION ? railway : isTransactionId(raw) ? raw : null;
  const [view, setView] = useState<View>({ kind: 'checking' });
  // a mini-app payment that failed (shared/partner/pay.ts) comes with the reason to show
  const paymentError = (useLocation().state as Partial<PaymentErrorState> | null)?.paymentError;

  useOrderStatusPolling(view.kind === 'checking' ? transactionId : null, (outcome) => {
    if (transactionId && outcome.kind !== 'notFound') clearCheckoutOnce(qc, transactionId);
    // a placed train order gives the customer back their own store: "Back to menu" opens its menu
    if (raw === RAILWAY_TRANSACTION && outcome.kind === 'success') endTrainOrder();
    setView(outcome);
  });
  // status awaited is not given up on (issue 28 §3): followed slower, a success asked again for its order
  useEffect(() => {
    if (view.kind === 'unknown') track('thank_you_unknown');
  }, [view.kind]);
  useFollowPayment(view.kind === 'unknown' ? transactionId : null, (outcome) =>
    setView(outcome.kind === 'success' ? { kind: 'checking' } : { kind: 'failed' }),
  );

  if (!transactionId || view.kind === 'notFound')
    return (
      <Result
        icon={<CrossIcon />}
        title={pt('orderStatus')}
        message={typeof paymentError === 'string' ? paymentError : MESSAGES.orderNotConfirmed}
      >
        <Link className="btn btn-primary btn-block" to={paths.cart()} replace>
          {pt('backToCart')}
        </Link>
      </Result>
    );
  switch (view.kind) {
    case 'checking':
      return (
        <div className="pay-screen">
          <main className="screen screen-column pay-result">
            <span className="spinner pay-pending-spinner" aria-hidden="true" />
            <h1 className="pay-result-title">{pt('orderStatus')}</h1>
            <p className="pay-result-message" role="status">
              {pt('confirming')}
            </p>
          </main>
        </div>
      );
    case 'failed':
      return (
        <Result icon={<CrossIcon />} title={pt('orderStatus')} message={MESSAGES.orderFailedRefund}>
          <BackToMenu />
        </Result>
      );
    case 'unknown':
      return (
        <Result icon={<ClockIcon />} title={pt('orderStatus')} message={MESSAGES.statusAwaited}>
          <p className="pay-result-message" role="status">
            {pt('stillConfirming')}
          </p>
          <BackToMenu />
        </Result>
      );
    case 'success':
      return <OrderPlaced orderId={view.orderId} transactionId={transactionId} />;
  }
}

function Result(props: { icon: ReactNode; title: string; message: string; children: ReactNode }) {
  return (
    <div className="pay-screen">
      <main className="screen screen-column pay-result">
        {props.icon}
        <h1 className="pay-result-title">{props.title}</h1>
        <p className="pay-result-message" role="alert">
          {props.message}
        </p>
        {props.children}
      </main>
    </div>
  );
}

function BackToMenu({ secondary = false }: { secondary?: boolean }) {
  return (
    <Link className={`btn ${secondary ? 'btn-secondary' : 'btn-primary'} btn-block`} to={paths.menu()}>
      {pt('backToMenu')}
    </Link>
  );
}

function OrderPlaced({ orderId, transactionId }: { orderId: string; transactionId: string }) {
  const order = useQuery({
    queryKey: orderKey(orderId),
    queryFn: async ({ signal }) => {
      const summary = await fetchOrderSummary(orderId, signal);
      // SPEC §4: SUCCESS records the purchased product ids (the same ids again change nothing)
      recordPurchasedProducts(summary.items.map((i) => i.productId));
      // SPEC §4: SUCCESS fires analytics
      track('purchase', { orderId, items: summary.items.length });
      return summary;
    },
    staleTime: Infinity,
  });
  return (
    <div className="pay-screen">
      <main className="screen screen-column pay-result">
        <TickIcon />
        <h1 className="pay-result-title">{pt('orderPlaced')}</h1>
        {order.data ? (
          <>
            <Eta order={order.data} />
            {/* the next thing to do, above the fold on a phone (issue 31 item 7) */}
            <Link
              className="btn btn-primary btn-block"
              to={trackingPath({ ...order.data, orderId: order.data.id })}
            >
              {t('trackOrder')}
            </Link>
            <OrderUpdatesLater orderId={order.data.id} />
            <OrderDetails order={order.data} />
          </>
        ) : (
          <>
            <dl className="card pay-facts">
              <Fact label={pt('transactionId')} testId="transaction-id">
                {transactionId}
              </Fact>
            </dl>
            {order.isError ? (
              <div className="pay-details-failed">
                <p role="alert">{pt('detailsFailed')}</p>
                <button type="button" className="btn btn-secondary" onClick={() => void order.refetch()}>
                  {t('retry')}
                </button>
              </div>
            ) : (
              <span className="spinner pay-pending-spinner" role="status" aria-label={t('loading')} />
            )}
          </>
        )}
        <BackToMenu secondary={order.data !== undefined} />
      </main>
    </div>
  );
}

/**
 * "Delivery in 30 min" / "Ready in 20 min" as the server counted it when the order was placed; a scheduled order
 * shows its slot instead.
 */
function Eta({ order }: { order: OrderSummary }) {
  const text = order.advanceOrder ? null : etaText(order.deliveryType, order.eta);
  return text ? (
    <p className="pay-eta" data-testid="order-eta">
      {text}
    </p>
  ) : null;
}

/** What the place line is called: where it goes for a delivery, where the customer comes for the rest. */
function placeLabel(type: DeliveryType): string {
  switch (type) {
    case 'D':
    case 'IRCTC':
      return pt('deliverTo');
    case 'T':
      return pt('pickupFrom');
    case 'P':
      return pt('pickupOrDineInAt');
    case 'DINEIN':
      return pt('dineInAt');
    case 'CURB':
      return pt('driveInAt');
    default:
      return assertNever(type);
  }
}

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div className="pay-fact">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A train order's train (issue 16); nothing is asked for any other order. */
function useOrderTrain(order: OrderSummary) {
  return useQuery({
    queryKey: orderTrainKey(order.id),
    queryFn: ({ signal }) => fetchOrderTrain(order.id, signal),
    enabled: order.deliveryType === 'IRCTC',
    staleTime: 60_000,
  });
}

/**
 * The order placed. A train order leads with its train card (the seat, the station, when the train gets there, and
 * the delivery code the passenger will be asked for at the coach); until its train is known, the summary's
 * one-line "deliver to" says where.
 */
function OrderDetails({ order }: { order: OrderSummary }) {
  const train = useOrderTrain(order).data ?? null;
  return (
    <>
      {train ? <TrainCard train={train} codeNote /> : null}
      <dl className="card pay-facts">
        <Fact label={pt('orderNumber')} testId="order-number">
          {order.dominosOrderId}
        </Fact>
        <Fact label={pt('transactionId')} testId="transaction-id">
          {order.transactionId}
        </Fact>
        <Fact label={pt('orderType')} testId="order-type">
          {deliveryTypeLabel(order.deliveryType)}
        </Fact>
        {train ? null : (
          <Fact label={placeLabel(order.deliveryType)} testId="order-where">
            {/* the server writes the store's name and address for pickup orders, the address for deliveries */}
            {order.deliverTo}
          </Fact>
        )}
        {order.vehicleNumber ? (
          <Fact label={pt('vehicle')} testId="order-vehicle">
            {order.vehicleNumber}
          </Fact>
        ) : null}
      </dl>
      {order.advanceOrder && order.advancedTime ? (
        <p className="pay-scheduled" data-testid="order-scheduled">
          {pt('scheduledFor', { time: formatSlot(order.advancedTime * 1000) })}
        </p>
      ) : null}
      <section className="card pay-order" aria-labelledby="pay-items-h">
        <h2 id="pay-items-h" className="pay-order-h">
          {pt('items')}
        </h2>
        <ul className="pay-items">
          {order.items.map((item, i) => (
            <li key={`${i}-${item.productId}`} className="pay-item">
              <div className="pay-item-main">
                <span className="pay-item-name">
                  {pt('itemLine', { quantity: item.quantity, name: item.name })}
                </span>
                {item.description ? <span className="pay-item-desc">{item.description}</span> : null}
              </div>
              <span className="pay-item-price">{rupees(item.pricePaise)}</span>
            </li>
          ))}
        </ul>
        <SurpriseGiftLine gift={order.surpriseGift} />
      </section>
      <section className="card pay-order" aria-labelledby="pay-summary-h">
        <h2 id="pay-summary-h" className="pay-order-h">
          {pt('paymentSummary')}
        </h2>
        <dl className="pay-lines">
          {order.paymentSummary.map((line, i) => (
            <div key={`${i}-${line.label}`} className="pay-line">
              <dt>{line.label}</dt>
              <dd>{billAmount(line.key, line.value)}</dd>
            </div>
          ))}
          <div className="pay-line pay-total">
            <dt>{pt('total')}</dt>
            <dd data-testid="order-total">{rupees(order.netPrice)}</dd>
          </div>
        </dl>
        <PointsNote earnedPoints={order.loyaltyEarnedPoints} earnableBurnable={order.earnableBurnable} />
        <ExtraPaymentsNote payments={order.extraPayments} />
      </section>
    </>
  );
}

/** The outcome's round badge: a white mark on a disc in the outcome's colour (pay-icon-ok, -bad, -wait). */
function OutcomeIcon({ tone, children }: { tone: 'ok' | 'bad' | 'wait'; children: ReactNode }) {
  return (
    <svg
      className={`pay-icon pay-icon-${tone}`}
      viewBox="0 0 72 72"
      width="72"
      height="72"
      aria-hidden="true"
    >
      <circle cx="36" cy="36" r="34" fill="currentColor" />
      <g fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
        {children}
      </g>
    </svg>
  );
}

const TickIcon = () => (
  <OutcomeIcon tone="ok">
    <path d="M21 37l10 10 20-22" />
  </OutcomeIcon>
);

const CrossIcon = () => (
  <OutcomeIcon tone="bad">
    <path d="M25 25l22 22M47 25L25 47" />
  </OutcomeIcon>
);

const ClockIcon = () => (
  <OutcomeIcon tone="wait">
    <path d="M36 18v19l12 7" />
  </OutcomeIcon>
);
