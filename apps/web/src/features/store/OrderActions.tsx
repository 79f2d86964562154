import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleOrder } from '@crust/contract/store-console';
import { rupees } from '../../shared/format.ts';
import { TextAreaField, TextField } from '../../shared/ui/form/TextField.tsx';
import { acknowledge } from './arrivals.ts';
import { cancelOrder, moveOrder } from './console-api.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { nextLabel } from './order-format.ts';
import { applyOrder } from './queries.ts';
import { sc } from './texts.ts';

const REASON_MIN = 3;
const REASON_MAX = 200;
const RIDER_MAX = 60;

/**
 * The card's one primary button (the order's `next` stage, as the server named it: a screen that has gone
 * stale is refused with a 409 rather than moving the order twice), the rider's name before a dispatch, and
 * Cancel with its reason. Every button waits while a call is out.
 */
export function OrderActions({
  order,
  onStart,
  onFailed,
}: {
  order: ConsoleOrder;
  onStart: () => void;
  onFailed: (error: unknown) => void;
}) {
  const qc = useQueryClient();
  const riderRef = useRef<HTMLInputElement>(null);
  const { busy, run: once } = useOneCallAtATime();
  const [rider, setRider] = useState('');
  const [riderProblem, setRiderProblem] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);

  const { next } = order;
  const needsRider = next === 'DISPATCHED';
  const refundPaise = order.totalPaise - order.payment.toCollectPaise;

  // a second tap before the first call's answer must not send a second move
  const run = (action: () => Promise<ConsoleOrder>) =>
    once(async () => {
      onStart();
      acknowledge(order.storeId, order.id);
      applyOrder(qc, await action());
      setCancelling(false);
    }, onFailed);

  const moveOn = () => {
    if (!next) return;
    const name = rider.trim();
    if (needsRider && !name) {
      setRiderProblem(sc('riderNeeded'));
      riderRef.current?.focus();
      return;
    }
    setRiderProblem(null);
    void run(() => moveOrder(order.id, next, needsRider ? name : undefined));
  };

  const confirmCancel = () => {
    if (reason.trim().length < REASON_MIN) {
      setReasonProblem(sc('cancelReasonShort'));
      return;
    }
    setReasonProblem(null);
    void run(() => cancelOrder(order.id, reason));
  };

  return (
    <div className="sc-actions">
      {needsRider ? (
        <TextField
          className="sc-rider"
          label={sc('riderName')}
          inputRef={riderRef}
          autoComplete="off"
          maxLength={RIDER_MAX}
          value={rider}
          disabled={busy}
          error={riderProblem}
          onChange={setRider}
        />
      ) : null}
      <div className="sc-action-row">
        {next ? (
          <button type="button" className="btn btn-primary sc-next" disabled={busy} onClick={moveOn}>
            {busy && !cancelling ? sc('working') : nextLabel(next, order.deliveryType)}
          </button>
        ) : null}
        {cancelling ? null : (
          <button
            type="button"
            className="btn btn-secondary sc-cancel"
            disabled={busy}
            onClick={() => setCancelling(true)}
          >
            {sc('cancelOrder')}
          </button>
        )}
      </div>
      {cancelling ? (
        <div className="sc-cancel-panel" role="group" aria-label={sc('cancelOrder')}>
          <TextAreaField
            label={sc('cancelReason')}
            inputClassName="sc-reason"
            rows={2}
            maxLength={REASON_MAX}
            value={reason}
            disabled={busy}
            autoFocus
            error={reasonProblem}
            onChange={setReason}
          />
          <p className="sc-refund-note">
            {refundPaise > 0 ? sc('refundNote', { amount: rupees(refundPaise) }) : sc('nothingToRefund')}
          </p>
          <div className="sc-action-row">
            <button type="button" className="btn sc-danger" disabled={busy} onClick={confirmCancel}>
              {busy ? sc('working') : refundPaise > 0 ? sc('confirmCancel') : sc('confirmCancelNoRefund')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => {
                setCancelling(false);
                setReasonProblem(null);
              }}
            >
              {sc('keepOrder')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
