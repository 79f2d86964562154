import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminWidget } from '@crust/contract/content';
import {
  moveId,
  WIDGET_DELIVERY_TYPES,
  WIDGET_PLACEMENTS,
  type WidgetPlacement,
} from '@crust/domain/content';
import { assertNever, deliveryTypeLabel } from '@crust/domain/delivery-types';
import { formatDayTime } from '../../shared/format.ts';
import { useSearchParams } from '../../shared/router/index.ts';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { messageOf } from './console-api.ts';
import { fetchAdminWidgets, reorderWidgets } from './content-api.ts';
import { cc } from './content-texts.ts';
import { LoadFailed } from './LoadFailed.tsx';
import { consoleKeys } from './queries.ts';
import { WidgetEditor } from './WidgetEditor.tsx';

const PLACEMENT_TEXT = {
  LANDING: 'placementLANDING',
  ALERT: 'placementALERT',
  CART: 'placementCART',
} as const satisfies Record<WidgetPlacement, string>;

function stateText(state: AdminWidget['state']): string {
  switch (state) {
    case 'live':
      return cc('stateLive');
    case 'scheduled':
      return cc('stateScheduled');
    case 'ended':
      return cc('stateEnded');
    case 'retired':
      return cc('stateRetired');
    default:
      return assertNever(state);
  }
}

/** "27 Nov, 10:00 am – 4 Dec, 10:00 am", on India's clock; "Always on" without a schedule. */
export function scheduleText(w: Pick<AdminWidget, 'startsAt' | 'endsAt'>): string {
  if (w.startsAt && w.endsAt)
    return cc('fromUntil', { start: formatDayTime(w.startsAt), end: formatDayTime(w.endsAt) });
  if (w.startsAt) return cc('from', { start: formatDayTime(w.startsAt) });
  if (w.endsAt) return cc('until', { end: formatDayTime(w.endsAt) });
  return cc('always');
}

/** The order an admin sees and moves: a placement's widgets by position, retired ones last. */
const inOrder = (list: AdminWidget[], placement: WidgetPlacement) =>
  list
    .filter((w) => w.placement === placement)
    .sort(
      (a, b) =>
        Number(a.state === 'retired') - Number(b.state === 'retired') ||
        a.position - b.position ||
        (a.id < b.id ? -1 : 1),
    );

/**
 * The Content view (`/store?view=content`, ADMIN logins): every widget by placement with its state and schedule,
 * moved up and down within its placement, and the editor (`&widget=<id>` or `&widget=new`) for one.
 */
export function ContentDesk() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const editing = params.get('widget');
  const widgets = useQuery({
    queryKey: consoleKeys.content,
    queryFn: ({ signal }) => fetchAdminWidgets(signal),
    staleTime: 0,
  });
  const { busy, run } = useOneCallAtATime();
  const [problem, setProblem] = useState<string | null>(null);

  const open = (widget: string | null) =>
    setParams((p) => {
      p.set('view', 'content');
      if (widget === null) p.delete('widget');
      else p.set('widget', widget);
      return p;
    });

  if (widgets.isPending) return <Spinner />;
  if (widgets.isError) return <LoadFailed error={widgets.error} onRetry={() => void widgets.refetch()} />;

  if (editing !== null) {
    const widget = editing === 'new' ? null : (widgets.data.find((w) => w.id === editing) ?? null);
    return (
      // keyed by the widget alone: a newer version arriving keeps what was typed (the editor offers it)
      <WidgetEditor key={editing} widget={widget} onDone={() => open(null)} />
    );
  }

  const move = (w: AdminWidget, direction: 'up' | 'down') =>
    run(
      async () => {
        setProblem(null);
        const ids = inOrder(widgets.data, w.placement)
          .filter((x) => x.state !== 'retired')
          .map((x) => x.id);
        qc.setQueryData(consoleKeys.content, await reorderWidgets(w.placement, moveId(ids, w.id, direction)));
      },
      (err) => {
        setProblem(messageOf(err));
        void widgets.refetch();
      },
    );

  return (
    <main className="sc-main sc-content">
      <div className="sc-content-head">
        <h1 className="sc-heading">{cc('heading')}</h1>
        <button type="button" className="btn btn-primary" onClick={() => open('new')}>
          {cc('newWidget')}
        </button>
      </div>
      <p className="sc-muted">{cc('intro')}</p>
      <ErrorText text={problem} />
      {WIDGET_PLACEMENTS.map((placement) => {
        const list = inOrder(widgets.data, placement);
        const movable = list.filter((w) => w.state !== 'retired');
        return (
          <section key={placement} className="sc-content-group card" aria-labelledby={`cc-${placement}`}>
            <h2 id={`cc-${placement}`} className="sc-stock-category">
              {cc(PLACEMENT_TEXT[placement])}
            </h2>
            {list.length === 0 ? <p className="sc-muted">{cc('nothing')}</p> : null}
            <ul className="sc-widgets">
              {list.map((w) => {
                const at = movable.indexOf(w);
                return (
                  <li key={w.id} className={`sc-widget is-${w.state}`}>
                    <div className="sc-widget-text">
                      <span className="sc-widget-title">{w.title}</span>
                      <span className="sc-muted">{scheduleText(w)}</span>
                      <span className="sc-muted">
                        {w.deliveryTypes.length === WIDGET_DELIVERY_TYPES.length
                          ? cc('everyOrderType')
                          : w.deliveryTypes.map((type) => deliveryTypeLabel(type)).join(', ')}
                      </span>
                    </div>
                    <span className={`sc-pill sc-state-${w.state}`}>{stateText(w.state)}</span>
                    <div className="sc-widget-actions">
                      {at >= 0 ? (
                        <>
                          <button
                            type="button"
                            className="sc-chip-btn sc-move"
                            aria-label={cc('moveUp', { title: w.title })}
                            disabled={busy || at === 0}
                            onClick={() => void move(w, 'up')}
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="sc-chip-btn sc-move"
                            aria-label={cc('moveDown', { title: w.title })}
                            disabled={busy || at === movable.length - 1}
                            onClick={() => void move(w, 'down')}
                          >
                            ↓
                          </button>
                        </>
                      ) : null}
                      <button
                        type="button"
                        className="sc-chip-btn"
                        aria-label={`${cc('edit')}: ${w.title}`}
                        onClick={() => open(w.id)}
                      >
                        {cc('edit')}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </main>
  );
}
