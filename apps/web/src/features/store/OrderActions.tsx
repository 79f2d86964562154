import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleOrder } from '@crust/contract/store-console';
import { rupees } from '../../shared/format.ts';
import { TextAreaField, TextField } from '../../shared/ui/form/TextField.tsx';
import { acknowledge } from './arrivals.ts';
import { isDeliveryCode, TRAIN_ORDER_TEXTS } from '@crust/domain/train';
import { cancelOrder, ConsoleError, moveOrder } from './console-api.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { nextLabel } from './order-format.ts';
import { applyOrder } from './queries.ts';
import { sc } from './texts.ts';

const REASON_MIN = 3;
const REASON_MAX = 200;
const RIDER_MAX = 60;
const CODE_LENGTH = 4;

/** The server's refusals of a delivery code, shown beside the code rather than above the queue. */
const isCodeRefusal = (e: unknown): e is ConsoleError =>
  e instanceof ConsoleError && (e.code?.startsWith('DELIVERY_CODE_') ?? false);

/**
 * The card's one primary button (the order's `next` stage, as the server named it: a screen that has gone
 * stale is refused with a 409 rather than moving the order twice), the rider's name before a dispatch, the
 * passenger's delivery code before a train order's hand-over (issue 16; a wrong one is refused beside it), and
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
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  /** bumped by a refused code: the field takes the focus once the call is over and it is enabled again */
  const [codeRefusals, setCodeRefusals] = useState(0);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);

  const { next } = order;
  const needsRider = next === 'DISPATCHED';
  const needsCode = next === 'DELIVERED' && order.deliveryType === 'IRCTC';
  const refundPaise = order.totalPaise - order.payment.toCollectPaise;

  // a second tap before the first call's answer must not send a second move
  const run = (action: () => Promise<ConsoleOrder>, failed: (error: unknown) => void = onFailed) =>
    once(async () => {
      onStart();
      acknowledge(order.storeId, order.id);
      applyOrder(qc, await action());
      setCancelling(false);
    }, failed);

  const codeRefused = (e: unknown) => {
    if (!isCodeRefusal(e)) {
      onFailed(e);
      return;
    }
    setCodeProblem(e.message);
    setCodeRefusals((n) => n + 1);
  };

  useEffect(() => {
    if (codeRefusals === 0 || busy) return;
    codeRef.current?.focus();
    codeRef.current?.select();
  }, [codeRefusals, busy]);

  const moveOn = () => {
    if (!next) return;
    const name = rider.trim();
    if (needsRider && !name) {
      setRiderProblem(sc('riderNeeded'));
      riderRef.current?.focus();
      return;
    }
    setRiderProblem(null);
    const typed = code.trim();
    if (needsCode && !isDeliveryCode(typed)) {
      setCodeProblem(typed ? sc('deliveryCodeShape') : TRAIN_ORDER_TEXTS.codeRequired);
      codeRef.current?.focus();
      return;
    }
    setCodeProblem(null);
    if (needsCode) void run(() => moveOrder(order.id, next, { deliveryCode: typed }), codeRefused);
    else void run(() => moveOrder(order.id, next, needsRider ? { riderName: name } : {}));
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
      {needsCode ? (
        <TextField
          className="sc-code"
          label={sc('deliveryCode')}
          hint={sc('deliveryCodeHint')}
          hintClassName="sc-code-hint"
          errorReplacesHint
          inputRef={codeRef}
          numeric
          autoComplete="off"
          maxLength={CODE_LENGTH}
          value={code}
          disabled={busy}
          error={codeProblem}
          onChange={(value) => {
            setCode(value);
            setCodeProblem(null);
          }}
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
