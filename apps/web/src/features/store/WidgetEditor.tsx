import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AdminWidget, WidgetInput } from '@crust/contract/content';
import {
  parseMarkup,
  refusedLinks,
  WIDGET_DELIVERY_TYPES,
  WIDGET_KINDS,
  WIDGET_PLACEMENTS,
  type WidgetKind,
  type WidgetPlacement,
} from '@crust/domain/content';
import { deliveryTypeLabel, type DeliveryType } from '@crust/domain/delivery-types';
import { Markup } from '../../shared/content/Markup.tsx';
import { ErrorText } from '../../shared/ui/ErrorText.tsx';
import { Checkbox } from '../../shared/ui/form/Checkbox.tsx';
import { SelectField } from '../../shared/ui/form/SelectField.tsx';
import { TextAreaField, TextField } from '../../shared/ui/form/TextField.tsx';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { ConsoleError, messageOf } from './console-api.ts';
import { createWidget, retireWidget, updateWidget, widgetProblem } from './content-api.ts';
import { cc } from './content-texts.ts';
import { consoleKeys } from './queries.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** An instant as a datetime-local value on India's clock ("2026-11-27T10:00"); '' for none. */
export const toIstInput = (iso: string | null): string =>
  iso === null ? '' : new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 16);

/** A datetime-local value read on India's clock, whatever the device's zone; null when empty. */
export const fromIstInput = (value: string): string | null => (value === '' ? null : `${value}:00+05:30`);

interface Form {
  placement: WidgetPlacement;
  kind: WidgetKind;
  title: string;
  subtitle: string;
  body: string;
  image: string;
  startsAt: string;
  endsAt: string;
  deliveryTypes: DeliveryType[];
  lang: string;
  platform: string;
  page: string;
  site: string;
}

const formOf = (w: AdminWidget | null): Form => ({
  placement: w?.placement ?? 'LANDING',
  kind: w?.kind ?? 'none',
  title: w?.title ?? '',
  subtitle: w?.subtitle ?? '',
  body: w?.body ?? '',
  image: w?.image ?? '',
  startsAt: toIstInput(w?.startsAt ?? null),
  endsAt: toIstInput(w?.endsAt ?? null),
  deliveryTypes: w?.deliveryTypes ?? [...WIDGET_DELIVERY_TYPES],
  lang: w?.lang ?? '',
  platform: w?.platform ?? '',
  page: w?.page ?? '',
  site: w?.site ?? '',
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

function inputOf(f: Form): WidgetInput {
  const cart = f.placement === 'CART';
  return {
    placement: f.placement,
    kind: f.kind,
    title: f.title,
    subtitle: f.subtitle,
    body: f.body,
    image: orNull(f.image),
    startsAt: fromIstInput(f.startsAt),
    endsAt: fromIstInput(f.endsAt),
    deliveryTypes: f.deliveryTypes,
    lang: cart ? orNull(f.lang) : null,
    platform: cart ? orNull(f.platform) : null,
    page: cart ? orNull(f.page) : null,
    site: cart ? orNull(f.site) : null,
  };
}

/**
 * One widget's form (a new one when `widget` is null), with a live preview drawn by the customers' own renderer
 * from the same parse. An edit is sent with the version it was begun on: if someone saved meanwhile, the server
 * refuses it (409) and the form says so, keeping what was typed, with a way to load their version.
 */
export function WidgetEditor({ widget, onDone }: { widget: AdminWidget | null; onDone: () => void }) {
  const id = useId();
  const qc = useQueryClient();
  const [base, setBase] = useState(widget);
  const [form, setForm] = useState(() => formOf(widget));
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const { busy, run } = useOneCallAtATime();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);
  const stale = widget !== null && base !== null && widget.version !== base.version;

  const saved = async () => {
    await qc.invalidateQueries({ queryKey: consoleKeys.content });
    onDone();
  };
  const refused = (err: unknown) => {
    setProblem({ field: '', message: messageOf(err) });
    // a stale edit: the list learns the newer version, and the form offers it
    if (err instanceof ConsoleError && err.status === 409)
      void qc.invalidateQueries({ queryKey: consoleKeys.content });
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = inputOf(form);
    const invalid = widgetProblem(input);
    setProblem(invalid);
    if (invalid) return;
    void run(async () => {
      if (base) await updateWidget(base.id, base.version, input);
      else await createWidget(input);
      await saved();
    }, refused);
  };

  const retire = () =>
    run(async () => {
      if (base) await retireWidget(base.id, base.version);
      await saved();
    }, refused);

  const loadLatest = () => {
    setBase(widget);
    setForm(formOf(widget));
    setProblem(null);
  };

  const tree = parseMarkup(form.body);
  const unsafe = refusedLinks(form.body);

  return (
    <main className="sc-main sc-content">
      <h1 className="sc-heading">{base ? cc('editHeading') : cc('newHeading')}</h1>
      {stale ? (
        <p className="sc-notice" role="status">
          {cc('staleNotice')}{' '}
          <button type="button" className="sc-link-btn" onClick={loadLatest}>
            {cc('loadLatest')}
          </button>
        </p>
      ) : null}
      <div className="sc-editor">
        <form className="sc-editor-form card" onSubmit={onSubmit} noValidate>
          <SelectField
            label={cc('placement')}
            value={form.placement}
            onChange={(v) => set('placement', v as WidgetPlacement)}
            options={WIDGET_PLACEMENTS.map((p) => ({ value: p, label: cc(`placement${p}`) }))}
            error={errorOf('placement')}
          />
          <SelectField
            label={cc('kind')}
            value={form.kind}
            onChange={(v) => set('kind', v as WidgetKind)}
            options={WIDGET_KINDS.map((k) => ({ value: k, label: cc(`kind_${k}`) }))}
            error={errorOf('kind')}
          />
          <TextField
            label={cc('title')}
            value={form.title}
            onChange={(v) => set('title', v)}
            maxLength={80}
            error={errorOf('title')}
          />
          <TextField
            label={cc('subtitle')}
            value={form.subtitle}
            onChange={(v) => set('subtitle', v)}
            maxLength={160}
            error={errorOf('subtitle')}
          />
          <TextAreaField
            label={cc('body')}
            hint={cc('bodyHint')}
            value={form.body}
            onChange={(v) => set('body', v)}
            rows={7}
            maxLength={4000}
            error={errorOf('body')}
          />
          <TextField
            label={cc('image')}
            hint={cc('imageHint')}
            value={form.image}
            onChange={(v) => set('image', v)}
            error={errorOf('image')}
          />
          <div className="sc-editor-row">
            <TextField
              label={cc('startsAt')}
              type="datetime-local"
              value={form.startsAt}
              onChange={(v) => set('startsAt', v)}
              error={errorOf('startsAt')}
            />
            <TextField
              label={cc('endsAt')}
              type="datetime-local"
              value={form.endsAt}
              onChange={(v) => set('endsAt', v)}
              error={errorOf('endsAt')}
            />
          </div>
          <p className="sc-muted">{cc('scheduleHint')}</p>
          <fieldset className="sc-editor-types">
            <legend>{cc('deliveryTypesLegend')}</legend>
            {WIDGET_DELIVERY_TYPES.map((type) => (
              <Checkbox
                key={type}
                className="sc-editor-check"
                label={deliveryTypeLabel(type)}
                checked={form.deliveryTypes.includes(type)}
                onChange={(on) =>
                  set(
                    'deliveryTypes',
                    on
                      ? WIDGET_DELIVERY_TYPES.filter((t) => t === type || form.deliveryTypes.includes(t))
                      : form.deliveryTypes.filter((t) => t !== type),
                  )
                }
              />
            ))}
            <ErrorText text={errorOf('deliveryTypes')} />
          </fieldset>
          {form.placement === 'CART' ? (
            <fieldset className="sc-editor-types">
              <legend>{cc('cartKeys')}</legend>
              <div className="sc-editor-row">
                <TextField label={cc('lang')} value={form.lang} onChange={(v) => set('lang', v)} />
                <TextField
                  label={cc('platform')}
                  value={form.platform}
                  onChange={(v) => set('platform', v)}
                />
                <TextField label={cc('page')} value={form.page} onChange={(v) => set('page', v)} />
                <TextField label={cc('site')} value={form.site} onChange={(v) => set('site', v)} />
              </div>
              <ErrorText
                text={errorOf('lang') ?? errorOf('platform') ?? errorOf('page') ?? errorOf('site')}
              />
            </fieldset>
          ) : null}
          <ErrorText text={problem && !(problem.field in form) ? problem.message : null} />
          <div className="sc-editor-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? cc('saving') : cc('save')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={onDone} disabled={busy}>
              {cc('cancel')}
            </button>
            {base && base.state !== 'retired' ? (
              <button
                type="button"
                className="btn btn-secondary sc-retire"
                onClick={() => void retire()}
                disabled={busy}
              >
                {cc('retire')}
              </button>
            ) : null}
          </div>
          {base && base.state !== 'retired' ? <p className="sc-muted">{cc('retireHint')}</p> : null}
        </form>
        <section className="sc-preview card" aria-labelledby={`${id}-preview`}>
          <h2 id={`${id}-preview`} className="sc-stock-category">
            {cc('preview')}
          </h2>
          <div className="sc-preview-body">
            <strong className="sc-preview-title">{form.title}</strong>
            {form.subtitle ? <span className="sc-muted">{form.subtitle}</span> : null}
            <Markup tree={tree} />
          </div>
          {unsafe.map((href) => (
            <p key={href} className="sc-muted sc-refused">
              {cc('refusedLink', { href })}
            </p>
          ))}
        </section>
      </div>
    </main>
  );
}
