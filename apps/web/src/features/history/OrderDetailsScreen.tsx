import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderDetailsView, Reorder } from '@crust/contract/history';
import { deliveryTypeLabel, isPickupType } from '@crust/domain/delivery-types';
import { isFinalStage } from '@crust/domain/order-lifecycle';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { getLocationState, setDeliveryType, setStore } from '../../shared/state/location-store.ts';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { rupees } from '../../shared/format.ts';
import { PointsNote } from '../../shared/loyalty/PointsNote.tsx';
import { ExtraPaymentsNote } from '../../shared/payment/ExtraPaymentsNote.tsx';
import { SurpriseGiftLine } from '../../shared/order/SurpriseGiftLine.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { replaceCartId } from '../../shared/cart/api.ts';
import { fetchStoreInfo } from '../../shared/location/store-info.ts';
import {
  fetchInvoice,
  reorder,
  saveFile,
  toggleItemFavourite,
  toggleOrderFavourite,
  useOrderDetails,
} from './api.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { useFavouriteCodes } from '../../shared/menu/favourites.ts';
import { orderDate } from './format.ts';
import { TrainCard } from '../../shared/train/TrainCard.tsx';
import { FavouriteHeart, LabelBadge, TrainBadge } from './parts.tsx';
import { ht } from './texts.ts';
import './history.css';

const ORDER_ID = /^O[0-9A-F]{20}$/;

/**
 * /postorder-ui/orderDetails?orderId= (also /orderDetails): one order's items, bill, status and address, with
 * its invoice, a reorder, and hearts for the order and for each item (the menu's favourites).
 */
export default function OrderDetailsScreen() {
  const [params] = useSearchParams();
  const raw = params.get('orderId');
  const orderId = raw && ORDER_ID.test(raw) ? raw : null;
  const details = useOrderDetails(orderId);
  return (
    <div className="hist-screen">
      <ScreenHeader title={ht('detailsTitle')} />
      <main className="screen hist-main">
        {!orderId ? (
          <ErrorText text={ht('noOrderId')} />
        ) : details.data ? (
          <Details view={details.data} />
        ) : details.isError ? (
          <div className="hist-empty">
            <ErrorText text={messageOf(details.error)} />
            <button type="button" className="btn btn-secondary" onClick={() => void details.refetch()}>
              {ht('retry')}
            </button>
          </div>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

type Invoice = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'refused'; message: string };

function Details({ view }: { view: OrderDetailsView }) {
  const order = view.orderDetails;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const favourites = useFavouriteCodes(true);
  const [invoice, setInvoice] = useState<Invoice>({ kind: 'idle' });
  const reorderCall = useOneCallAtATime();
  const [failure, setFailure] = useState<string | null>(null);
  const [ask, setAsk] = useState<Reorder | null>(null);
  const [nothing, setNothing] = useState<Reorder | null>(null);
  const trackable = order.status === 'PLACED' && (order.stage === null || !isFinalStage(order.stage));

  const download = async () => {
    setInvoice({ kind: 'busy' });
    try {
      saveFile(await fetchInvoice(order.id, order.deliveryType), `invoice-${order.dominosOrderId}.pdf`);
      setInvoice({ kind: 'done' });
    } catch (e) {
      // SPEC §8 Invoice: a 400 shows the server's message; other failures the error dialog
      if (e instanceof ApiError && e.status === 400) setInvoice({ kind: 'refused', message: e.message });
      else {
        setInvoice({ kind: 'idle' });
        setFailure(messageOf(e));
      }
    }
  };

  /** Items into the cart, the chosen store following the reorder's store, then the cart. */
  const addAndGo = async () => {
    const result = await reorder(order.id, 'ADD');
    if (!result.cartId || result.added.length === 0) {
      setNothing(result);
      return;
    }
    const here = getLocationState();
    if (here.store?.id !== result.storeId || here.deliveryType !== result.deliveryType) {
      const info = await fetchStoreInfo(result.storeId);
      if (info.kind !== 'ok') throw new ApiError(200, [{ code: info.code, displayMsg: info.message }]);
      setDeliveryType(result.deliveryType);
      setStore({
        id: info.store.id,
        name: info.store.name,
        online: info.online,
        advanceOrderStoreId: info.advanceOrderStoreId,
        address: info.store.address,
      });
    }
    replaceCartId(qc, result.cartId);
    void navigate(paths.cart());
  };

  const run = (step: () => Promise<void>) => {
    setAsk(null);
    return reorderCall.run(step, (e) => setFailure(messageOf(e)));
  };

  /** CHECK first: when some items cannot be had now, the customer says whether to go on without them. */
  const startReorder = () =>
    run(async () => {
      const check = await reorder(order.id, 'CHECK');
      if (check.added.length === 0) setNothing(check);
      else if (check.unavailable.length > 0) setAsk(check);
      else await addAndGo();
    });

  return (
    <>
      <section className="card hist-section" aria-labelledby="hist-order-h">
        <div className="hist-card-top">
          <div>
            <h2 id="hist-order-h" className="hist-number">
              {ht('orderNumber', { number: order.dominosOrderId })}
            </h2>
            <p className="hist-date">
              {ht('placedOn', { date: orderDate(order.placedAt ?? order.createdAt) })}
            </p>
          </div>
          <FavouriteHeart
            pressed={order.favourite}
            label={ht('favouriteOrder', { number: order.dominosOrderId })}
            onToggle={() => toggleOrderFavourite(qc, order.id, !order.favourite)}
            onFailed={setFailure}
          />
        </div>
        <p className="hist-store">
          {order.storeName} · {deliveryTypeLabel(order.deliveryType)}
        </p>
        <div className="hist-card-foot">
          {order.train ? <TrainBadge status={order.train.status} /> : <LabelBadge label={order.label} />}
          {trackable ? <Link to={paths.trackOrder({ orderHistoryId: order.id })}>{ht('track')}</Link> : null}
        </div>
        {order.cancelReason ? (
          <p className="hist-note">
            <strong>{ht('cancelReason')}:</strong> {order.cancelReason}
          </p>
        ) : null}
      </section>

      <section className="card hist-section" aria-labelledby="hist-items-h">
        <h2 id="hist-items-h">{ht('items')}</h2>
        <ul className="hist-lines">
          {order.items.map((item, i) => (
            <li key={`${item.productId}-${i}`} className="hist-line">
              <div className="hist-line-text">
                <span className="hist-line-name">{item.name}</span>
                {item.description ? <span className="hist-line-desc">{item.description}</span> : null}
                <span className="hist-line-desc">{ht('quantity', { n: item.quantity })}</span>
              </div>
              <span className="hist-line-price">{rupees(item.pricePaise)}</span>
              <FavouriteHeart
                pressed={favourites.includes(item.productId)}
                label={ht('favouriteItem', { name: item.name })}
                onToggle={() => toggleItemFavourite(qc, item.productId, !favourites.includes(item.productId))}
                onFailed={setFailure}
              />
            </li>
          ))}
        </ul>
        <SurpriseGiftLine gift={order.surpriseGift} />
      </section>

      <section className="card hist-section" aria-labelledby="hist-bill-h">
        <h2 id="hist-bill-h">{ht('bill')}</h2>
        <dl className="hist-bill">
          {order.paymentSummary.map((line, i) => (
            <div key={`${line.label}-${i}`} className="hist-bill-row">
              <dt>{line.label}</dt>
              <dd>{rupees(line.value)}</dd>
            </div>
          ))}
        </dl>
        <PointsNote earnedPoints={order.loyaltyEarnedPoints} earnableBurnable={order.earnableBurnable} />
        <ExtraPaymentsNote payments={order.extraPayments} />
      </section>

      {order.train ? (
        <TrainCard train={order.train} onItsWay={trackable} codeNote={trackable} />
      ) : order.deliverTo ? (
        <section className="card hist-section" aria-labelledby="hist-where-h">
          <h2 id="hist-where-h">{isPickupType(order.deliveryType) ? ht('collectFrom') : ht('deliverTo')}</h2>
          <p>{order.deliverTo}</p>
          {order.vehicleNumber ? (
            <p className="hist-date">
              {ht('vehicle')}: {order.vehicleNumber}
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="hist-actions">
        <button
          type="button"
          className="btn btn-secondary btn-block"
          disabled={invoice.kind === 'busy'}
          onClick={() => void download()}
        >
          {invoice.kind === 'busy' ? ht('downloading') : ht('downloadInvoice')}
        </button>
        {invoice.kind === 'done' ? (
          <p className="hist-ok" role="status">
            {ht('invoiceDownloaded')}
          </p>
        ) : invoice.kind === 'refused' ? (
          <ErrorText text={invoice.message} />
        ) : view.invoiceMsg ? (
          <p className="hist-note">{view.invoiceMsg}</p>
        ) : null}
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={reorderCall.busy}
          onClick={() => void startReorder()}
        >
          {reorderCall.busy ? ht('reordering') : ht('reorder')}
        </button>
      </div>

      {ask ? (
        <Dialog
          title={ht('reorderTitle')}
          actionLabel={ht('placeWithRest')}
          onAction={() => void run(addAndGo)}
          secondaryLabel={ht('cancel')}
          onSecondary={() => setAsk(null)}
          onDismiss={() => setAsk(null)}
        >
          <p>{ht('someItemsUnavailable')}</p>
          <Unavailable items={ask.unavailable} />
        </Dialog>
      ) : null}
      {nothing ? (
        <Dialog
          title={ht('reorderTitle')}
          actionLabel={ht('genericButton')}
          onAction={() => setNothing(null)}
        >
          <p>{ht('nothingAvailable')}</p>
          <Unavailable items={nothing.unavailable} />
        </Dialog>
      ) : null}
      {failure ? (
        <Dialog
          title={ht('genericHeader')}
          actionLabel={ht('genericButton')}
          onAction={() => setFailure(null)}
        >
          <p>{failure}</p>
        </Dialog>
      ) : null}
    </>
  );
}

function Unavailable({ items }: { items: Reorder['unavailable'] }) {
  if (items.length === 0) return null;
  return (
    <ul className="hist-unavailable">
      {items.map((u) => (
        <li key={u.productId}>
          {u.name}: {u.reason}
        </li>
      ))}
    </ul>
  );
}
