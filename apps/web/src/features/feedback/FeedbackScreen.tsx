import { useEffect, useState, type FormEvent } from 'react';
import type { FeedbackOrder } from '@crust/contract/feedback';
import {
  FEEDBACK_LIMITS,
  isLowRating,
  RATING_TAGS,
  TOPIC_TAGS,
  type CsatScore,
} from '@crust/domain/feedback';
import { mobileError } from '@crust/domain/mobile';
import { paths } from '../../config/paths.ts';
import { useSessionLoaded } from '../../shared/account/api.ts';
import { ApiError, messageOf } from '../../shared/api/errors.ts';
import { useSession } from '../../shared/api/session.ts';
import { notify } from '../../shared/cart/toasts.ts';
import { saveFeedbackParams } from '../../shared/feedback-params.ts';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from '../../shared/router/index.ts';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { MobileField } from '../../shared/ui/form/MobileField.tsx';
import { RadioGroup, type RadioOption } from '../../shared/ui/form/RadioGroup.tsx';
import { TextAreaField } from '../../shared/ui/form/TextField.tsx';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { submitFeedback, useFeedbackOrder } from './api.ts';
import { bodyOf, clearDraft, draftErrors, loadDraft, saveDraft, withTag, type Draft } from './draft.ts';
import { ft } from './texts.ts';
import './feedback.css';

const CSAT_OPTIONS: RadioOption<number>[] = ([1, 2, 3, 4, 5] as CsatScore[]).map((score) => ({
  value: score,
  label: (
    <span className="fb-star">
      <span aria-hidden="true">{score}★</span>
      <span className="fb-star-label">{RATING_TAGS[score]}</span>
    </span>
  ),
  className: 'fb-chip',
  inputProps: { 'aria-label': `${score} – ${RATING_TAGS[score]}` },
}));
const NPS_OPTIONS: RadioOption<number>[] = Array.from({ length: 11 }, (_, score) => ({
  value: score,
  label: <span>{score}</span>,
  className: 'fb-chip fb-nps-chip',
}));

/**
 * /uf?orderId= (SPEC §2, §4, §5 Feedback; docs/feedback.md): a logged-in customer rates a delivered order: overall
 * CSAT, each product, the delivery, value for money, topic tags, the NPS and a comment. Every change is kept on
 * the device until it is sent; then home, with a thank-you. A guest logs in first and comes back here.
 */
export default function FeedbackScreen() {
  const loaded = useSessionLoaded();
  const loggedIn = useSession()?.isLoggedIn === true;
  const { search } = useLocation();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  // an offline order is opened with the mobile number it was placed with
  const [openedWith, setOpenedWith] = useState('');
  const view = useFeedbackOrder(orderId, openedWith, loaded && loggedIn);

  if (loaded && !loggedIn) {
    // SPEC §4 Login: back here, with this query, after the login
    saveFeedbackParams(search);
    return <Navigate to={paths.login({ redirectUrl: paths.feedback.pattern })} replace />;
  }
  const code = view.error instanceof ApiError ? view.error.code : undefined;
  return (
    <div className="feedback-screen">
      <ScreenHeader title={ft('title')} />
      <main className="screen feedback-main">
        {!orderId ? (
          <Notice text={ft('noOrder')} />
        ) : view.data ? (
          <Ready order={view.data} mobile={openedWith} />
        ) : code === 'OFFLINE' || code === 'MOBILE_NOT_MATCHED' ? (
          <OpenOffline
            error={code === 'MOBILE_NOT_MATCHED' ? view.error?.message : undefined}
            onOpen={setOpenedWith}
          />
        ) : view.isError ? (
          <div className="fb-notice">
            <ErrorText text={`${ft('loadFailed')} ${messageOf(view.error)}`} />
            <button type="button" className="btn btn-secondary" onClick={() => void view.refetch()}>
              {ft('retry')}
            </button>
          </div>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <div className="fb-notice card">
      <p>{text}</p>
      <Link className="btn btn-primary" to={paths.home()}>
        {ft('goHome')}
      </Link>
    </div>
  );
}

/** SPEC §5 "Offline flows need a phone number": a guest's order is opened with the number it was placed with. */
function OpenOffline({ error, onOpen }: { error: string | undefined; onOpen: (mobile: string) => void }) {
  const [mobile, setMobile] = useState('');
  const [tried, setTried] = useState(false);
  const rule = mobileError(mobile);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!rule) onOpen(mobile.trim());
  };
  return (
    <form className="card fb-offline" onSubmit={submit} noValidate>
      <h2>{ft('offlineTitle')}</h2>
      <MobileField
        label={ft('mobileLabel')}
        value={mobile}
        error={(tried && rule) || error}
        onChange={setMobile}
      />
      <button type="submit" className="btn btn-primary btn-block">
        {ft('continue')}
      </button>
    </form>
  );
}

function Ready({ order, mobile }: { order: FeedbackOrder; mobile: string }) {
  if (order.rated) return <Notice text={ft('alreadyRated')} />;
  if (order.rateability === 'NOT_DELIVERED') return <Notice text={ft('notDelivered')} />;
  if (order.rateability === 'WINDOW_CLOSED') return <Notice text={ft('windowClosed')} />;
  return <RatingForm order={order} mobile={mobile} />;
}

/** The rating form; the first-time rider's is short (overall, NPS, an optional comment). */
export function RatingForm({ order, mobile = '' }: { order: FeedbackOrder; mobile?: string }) {
  const navigate = useNavigate();
  const short = order.firstTime;
  const [draft, setDraft] = useState<Draft>(() => {
    const saved = loadDraft(order.orderId);
    return { ...saved, mobileNo: saved.mobileNo || mobile };
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [mobileRefused, setMobileRefused] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // SPEC §4: the state is kept on the device on every change
  useEffect(() => saveDraft(order.orderId, draft), [order.orderId, draft]);

  const change = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const errors = draftErrors(draft, order, short);
  const shown = (field: keyof typeof errors) => (submitted ? errors[field] : undefined);
  const low = draft.overall !== null && isLowRating(draft.overall);
  const pickup = order.deliveryType !== 'D' && order.deliveryType !== 'IRCTC';

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (busy || Object.keys(errors).length > 0) return;
    setBusy(true);
    setMobileRefused(null);
    try {
      const done = await submitFeedback(
        bodyOf({ ...draft, raiseTicket: low && draft.raiseTicket }, order, short),
        short,
      );
      clearDraft(order.orderId);
      notify(done.message);
      void navigate(paths.home());
    } catch (err) {
      setBusy(false);
      // SPEC §8: MOBILE_NOT_MATCHED is shown in the form; other refusals in a dialog
      if (err instanceof ApiError && err.code === 'MOBILE_NOT_MATCHED') setMobileRefused(err.message);
      else setFailure(messageOf(err));
    }
  };

  return (
    <form className="fb-form" onSubmit={(e) => void send(e)} noValidate aria-busy={busy}>
      {short ? (
        <section className="card fb-welcome">
          <h2>{ft('welcomeTitle')}</h2>
          <p>{ft('welcomeBody')}</p>
        </section>
      ) : null}
      <p className="fb-order" data-testid="fb-order">
        {ft('orderLine', { number: order.dominosOrderId, store: order.storeName })}
      </p>

      <RadioGroup
        id="fb-overall"
        className="card fb-group"
        legend={ft('overallLegend')}
        options={CSAT_OPTIONS}
        optionsClassName="fb-chips"
        value={draft.overall}
        onChange={(overall) => change({ overall })}
        error={shown('overall')}
      />

      {short ? null : (
        <>
          {order.items.length > 0 ? (
            <section className="card fb-group" aria-labelledby="fb-food-h">
              <h2 id="fb-food-h" className="fb-legend">
                {ft('foodTitle')}
              </h2>
              {order.items.map((item) => (
                <RadioGroup
                  key={item.productId}
                  name={`food-${item.productId}`}
                  className="fb-item"
                  legend={item.productName}
                  legendClassName="fb-item-name"
                  options={CSAT_OPTIONS}
                  optionsClassName="fb-chips fb-chips-small"
                  value={draft.food[item.productId] ?? null}
                  onChange={(rating) => change({ food: { ...draft.food, [item.productId]: rating } })}
                />
              ))}
            </section>
          ) : null}
          <RadioGroup
            className="card fb-group"
            legend={pickup ? ft('pickupLegend') : ft('deliveryLegend')}
            options={CSAT_OPTIONS}
            optionsClassName="fb-chips"
            value={draft.delivery}
            onChange={(delivery) => change({ delivery })}
          />
          <RadioGroup
            className="card fb-group"
            legend={ft('valueLegend')}
            options={CSAT_OPTIONS}
            optionsClassName="fb-chips"
            value={draft.valueForMoney}
            onChange={(valueForMoney) => change({ valueForMoney })}
          />
          <fieldset className="card fb-group">
            <legend>{ft('tagsLegend')}</legend>
            <div className="fb-chips">
              {TOPIC_TAGS.map((tag) => (
                <button
                  key={tag}
                  type="button"
                  className={`fb-chip fb-tag${draft.tags.includes(tag) ? ' is-on' : ''}`}
                  aria-pressed={draft.tags.includes(tag)}
                  onClick={() => setDraft((d) => withTag(d, tag))}
                >
                  {tag}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}

      <RadioGroup
        id="fb-nps"
        className="card fb-group"
        legend={ft('npsLegend')}
        options={NPS_OPTIONS}
        optionsClassName="fb-chips fb-nps"
        value={draft.nps}
        onChange={(nps) => change({ nps })}
        error={shown('nps')}
        after={
          <div className="fb-nps-ends" aria-hidden="true">
            <span>{ft('npsLow')}</span>
            <span>{ft('npsHigh')}</span>
          </div>
        }
      />

      <div className="card fb-group">
        <TextAreaField
          id="fb-comment"
          label={short ? ft('commentOptionalLabel') : ft('commentLabel')}
          hint={ft('commentHint', { n: draft.comment.trim().length })}
          rows={4}
          maxLength={FEEDBACK_LIMITS.commentMax}
          value={draft.comment}
          onChange={(comment) => change({ comment })}
          error={shown('comment')}
        />
        {low ? (
          <Checkbox
            className="fb-ticket"
            label={ft('raiseTicket')}
            hint={ft('raiseTicketHint')}
            hintClassName="fb-hint"
            checked={draft.raiseTicket}
            onChange={(raiseTicket) => change({ raiseTicket })}
          />
        ) : null}
      </div>

      {order.orderMode === 'OFFLINE' ? (
        <div className="card fb-group">
          <MobileField
            id="fb-mobile"
            label={ft('mobileLabel')}
            value={draft.mobileNo}
            error={shown('mobileNo') ?? mobileRefused}
            onChange={(mobileNo) => {
              setMobileRefused(null);
              change({ mobileNo });
            }}
          />
        </div>
      ) : null}

      <button type="submit" className="btn btn-primary btn-block fb-submit" disabled={busy}>
        {busy ? ft('sending') : ft('submit')}
      </button>
      {failure ? (
        <Dialog title={ft('errorTitle')} actionLabel={ft('ok')} onAction={() => setFailure(null)}>
          <p>{failure}</p>
        </Dialog>
      ) : null}
    </form>
  );
}
