import { useId, type ReactNode } from 'react';
import { Link } from '../../shared/router/index.ts';
import type { RecentLocation } from '../../shared/state/location-store.ts';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import type { City } from '@crust/contract';
import { ChevronIcon, CityIcon, HistoryIcon } from '../../shared/location/icons.tsx';
import { lt } from './texts.ts';

interface RowBody {
  icon: ReactNode;
  title: string;
  hint?: string | null;
}

function Body({ icon, title, hint, hintId }: RowBody & { hintId: string }) {
  return (
    <>
      <span className="option-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="option-text">
        <span className="option-title">{title}</span>
        {hint ? (
          <span className="option-hint" id={hintId}>
            {hint}
          </span>
        ) : null}
      </span>
      <span className="option-chevron" aria-hidden="true">
        <ChevronIcon />
      </span>
    </>
  );
}

/** A full-width row in an option list: its accessible name is the title, the hint describes it. */
export function OptionLink({ to, ...body }: RowBody & { to: string }) {
  const hintId = useId();
  return (
    <Link
      className="option-row"
      to={to}
      aria-label={body.title}
      aria-describedby={body.hint ? hintId : undefined}
    >
      <Body {...body} hintId={hintId} />
    </Link>
  );
}

export function OptionButton({
  onClick,
  disabled,
  busy,
  ...body
}: RowBody & { onClick: () => void; disabled?: boolean; busy?: boolean }) {
  const hintId = useId();
  return (
    <button
      type="button"
      className="option-row"
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-label={body.title}
      aria-describedby={body.hint ? hintId : undefined}
    >
      <Body {...body} hintId={hintId} />
    </button>
  );
}

/** The recent locations (SPEC §9: at most 3, newest first). */
export function RecentLocations({
  recent,
  onPick,
  headingId,
}: {
  recent: RecentLocation[];
  onPick: (r: RecentLocation) => void;
  headingId?: string;
}) {
  const fallbackId = useId();
  const id = headingId ?? fallbackId;
  if (recent.length === 0) return null;
  return (
    <section className="loc-section" aria-labelledby={id}>
      <h2 className="loc-section-title" id={id}>
        {lt('recentLocations')}
      </h2>
      <ul className="option-list card">
        {recent.map((r) => {
          const detail = r.location.address?.formatted_address;
          return (
            <li key={r.location.placeId ?? `${r.location.latitude},${r.location.longitude}`}>
              <OptionButton
                icon={<HistoryIcon />}
                title={r.location.label}
                hint={detail && detail !== r.location.label ? detail : null}
                onClick={() => onPick(r)}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** An inline message with an optional action (empty states, load failures). */
export function Notice({
  title,
  children,
  action,
}: {
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="loc-notice" role="status">
      {title ? <p className="loc-notice-title">{title}</p> : null}
      {children ? <div className="loc-notice-body">{children}</div> : null}
      {action ? <div className="loc-notice-action">{action}</div> : null}
    </div>
  );
}

/** A spinner with its text visible too (the spinner's own label is for screen readers). */
export function Loading({ label }: { label: string }) {
  return (
    <div className="loc-loading">
      <Spinner label={label} />
      <p aria-hidden="true">{label}</p>
    </div>
  );
}

/** The cities we serve, one row each: the first step of both city pickers. */
export function CityList({
  cities,
  hint,
  onChoose,
}: {
  cities: City[];
  hint: (c: City) => string;
  onChoose: (id: string) => void;
}) {
  const titleId = useId();
  return (
    <section className="loc-section" aria-labelledby={titleId}>
      <h2 className="loc-section-title" id={titleId}>
        {lt('chooseCity')}
      </h2>
      <ul className="option-list card">
        {cities.map((c) => (
          <li key={c.id}>
            <OptionButton icon={<CityIcon />} title={c.name} hint={hint(c)} onClick={() => onChoose(c.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
