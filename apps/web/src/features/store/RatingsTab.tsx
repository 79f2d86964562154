import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConsoleRating, ConsoleTicket } from '@crust/contract/feedback';
import { IST_OFFSET_MINUTES } from '@crust/domain/constants';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';
import { TextAreaField } from '../../shared/ui/form/TextField.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useNow } from '../../shared/use-now.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { closeTicket, messageOf } from './console-api.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { formatTime } from './order-format.ts';
import { consoleKeys, useRatings, useTickets } from './queries.ts';
import { sc } from './texts.ts';

const PERIODS = [
  { days: 1, text: 'periodToday' },
  { days: 7, text: 'period7' },
  { days: 30, text: 'period30' },
] as const;
const DAY_MS = 86_400_000;

/** An IST day, YYYY-MM-DD, `back` days before the one of `nowMs`. */
function istDay(nowMs: number, back = 0): string {
  return new Date(nowMs + IST_OFFSET_MINUTES * 60_000 - back * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The Ratings tab (issue 17 §1, docs/store-console.md): a period's CSAT average, NPS and its groups, the newest
 * ratings, and the tickets of low ratings whose customers asked to be called back, each closed with a reply.
 */
export function RatingsTab({ storeId }: { storeId: number }) {
  const [days, setDays] = useState<number>(7);
  const now = useNow(60_000);
  const from = istDay(now, days - 1);
  const to = istDay(now);
  const ratings = useRatings(storeId, from, to);
  return (
    <div className="sc-ratings">
      <RadioGroup
        className="sc-period"
        legend={sc('ratingsPeriod')}
        legendClassName="visually-hidden"
        optionsClassName="filter-chips"
        options={PERIODS.map((p) => ({
          value: p.days,
          className: 'filter-chip',
          inputProps: { className: 'filter-chip-input' },
          label: <span className="filter-chip-face">{sc(p.text)}</span>,
        }))}
        value={days}
        onChange={setDays}
      />
      {ratings.isPending ? <Spinner /> : null}
      {ratings.isError ? <LoadFailed error={ratings.error} onRetry={() => void ratings.refetch()} /> : null}
      {ratings.data ? (
        <>
          <dl className="sc-rating-numbers card" data-testid="ratings-summary">
            <Number label={sc('ratingsCsat')} value={ratings.data.summary.csatAverage?.toFixed(2)} />
            <Number label={sc('ratingsNps')} value={ratings.data.summary.nps?.toString()} />
            <Number label={sc('ratingsCount')} value={String(ratings.data.summary.count)} />
            <Number label={sc('ratingsPromoters')} value={String(ratings.data.summary.promoters)} />
            <Number label={sc('ratingsPassives')} value={String(ratings.data.summary.passives)} />
            <Number label={sc('ratingsDetractors')} value={String(ratings.data.summary.detractors)} />
          </dl>
          <section className="card sc-rating-list" aria-labelledby="sc-recent-h">
            <h2 id="sc-recent-h">{sc('ratingsRecent')}</h2>
            {ratings.data.recent.length === 0 ? (
              <p className="sc-muted">{sc('ratingsEmpty')}</p>
            ) : (
              <ul>
                {ratings.data.recent.map((r) => (
                  <RatingRow key={r.feedbackId} rating={r} nowMs={now} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
      <Tickets storeId={storeId} nowMs={now} />
    </div>
  );
}

function Number({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div className="sc-rating-number">
      <dt>{label}</dt>
      <dd>{value ?? sc('ratingsNone')}</dd>
    </div>
  );
}

function RatingRow({ rating, nowMs }: { rating: ConsoleRating; nowMs: number }) {
  return (
    <li className="sc-rating" data-testid="rating-row">
      <p className="sc-rating-head">
        {sc('ratingLine', {
          number: rating.dominosOrderId,
          name: rating.customerName || '–',
          when: formatTime(rating.createdAt, nowMs),
        })}
      </p>
      <p className="sc-rating-scores">
        {rating.nps === null
          ? sc('ratingScoresNoNps', { overall: rating.overall })
          : sc('ratingScores', { overall: rating.overall, nps: rating.nps })}
        {rating.tags.length > 0 ? ` · ${rating.tags.join(', ')}` : ''}
      </p>
      {rating.comment ? <p className="sc-rating-comment">{rating.comment}</p> : null}
    </li>
  );
}

function Tickets({ storeId, nowMs }: { storeId: number; nowMs: number }) {
  const tickets = useTickets(storeId);
  return (
    <section className="card sc-tickets" aria-labelledby="sc-tickets-h">
      <h2 id="sc-tickets-h">{sc('ticketsTitle')}</h2>
      {tickets.isPending ? <Spinner /> : null}
      {tickets.isError ? <LoadFailed error={tickets.error} onRetry={() => void tickets.refetch()} /> : null}
      {tickets.data?.length === 0 ? <p className="sc-muted">{sc('ticketsEmpty')}</p> : null}
      {tickets.data && tickets.data.length > 0 ? (
        <ul>
          {tickets.data.map((ticket) => (
            <TicketRow key={ticket.feedbackId} storeId={storeId} ticket={ticket} nowMs={nowMs} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function TicketRow({ storeId, ticket, nowMs }: { storeId: number; ticket: ConsoleTicket; nowMs: number }) {
  const qc = useQueryClient();
  const { busy, run } = useOneCallAtATime();
  const [reply, setReply] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = ticket.state === 'TICKET_OPEN';
  const close = () =>
    run(
      async () => {
        if (!reply.trim()) {
          setProblem(sc('ticketReplyRequired'));
          return;
        }
        setProblem(null);
        const closed = await closeTicket(ticket.feedbackId, reply);
        qc.setQueryData<ConsoleTicket[]>(consoleKeys.tickets(storeId), (list) =>
          list?.map((t) => (t.feedbackId === closed.feedbackId ? closed : t)),
        );
        await qc.invalidateQueries({ queryKey: consoleKeys.tickets(storeId) });
      },
      (e) => {
        setProblem(messageOf(e));
        void qc.invalidateQueries({ queryKey: consoleKeys.tickets(storeId) });
      },
    );
  return (
    <li className={`sc-ticket${open ? ' is-open' : ''}`} data-testid="ticket-row">
      <RatingRow rating={ticket} nowMs={nowMs} />
      <p className="sc-ticket-state">
        <strong>{open ? sc('ticketOpen') : sc('ticketClosed')}</strong>
        {open ? (
          <>
            {' · '}
            <a href={`tel:+91${ticket.mobile}`}>{sc('ticketCall', { mobile: ticket.mobile })}</a>
          </>
        ) : null}
      </p>
      {open ? (
        <form
          className="sc-ticket-form"
          onSubmit={(e) => {
            e.preventDefault();
            void close();
          }}
        >
          <TextAreaField
            label={sc('ticketReplyLabel')}
            rows={2}
            maxLength={500}
            value={reply}
            onChange={(v) => {
              setProblem(null);
              setReply(v);
            }}
            error={problem}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {sc('ticketClose')}
          </button>
        </form>
      ) : (
        <p className="sc-muted">
          {sc('ticketClosedBy', {
            when: ticket.closedAt ? formatTime(ticket.closedAt, nowMs) : '',
            reply: ticket.reply ?? '',
          })}
        </p>
      )}
    </li>
  );
}
