import type { TrainTrack } from '@crust/contract/train-orders';
import { ORDER_LABELS } from '@crust/domain/order-lifecycle';
import { trainStatusName } from '../../shared/train/texts.ts';
import { useOneCallAtATime } from '../../shared/use-one-call.ts';
import { messageOf } from '../../shared/api/errors.ts';

/**
 * A heart that is pressed when the thing is a favourite (a toggle button, aria-pressed). It waits while its
 * change is sent; what went wrong goes to `onFailed`.
 */
export function FavouriteHeart({
  pressed,
  label,
  onToggle,
  onFailed,
}: {
  pressed: boolean;
  label: string;
  onToggle: () => Promise<unknown>;
  onFailed: (message: string) => void;
}) {
  const { busy, run } = useOneCallAtATime();
  return (
    <button
      type="button"
      className={pressed ? 'icon-btn hist-heart hist-heart-on' : 'icon-btn hist-heart'}
      aria-label={label}
      aria-pressed={pressed}
      disabled={busy}
      onClick={() => void run(onToggle, (e) => onFailed(messageOf(e)))}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.6 8.4 3.4 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.4 0 5.2 3.4 4.1 6.3-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={pressed ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/** SPEC §4 order labels, coloured by how the order ended (or that it has not yet). */
export function LabelBadge({ label }: { label: string }) {
  const tone =
    label === ORDER_LABELS.FAILED || label === ORDER_LABELS.CANCELLED
      ? 'hist-badge-bad'
      : label === ORDER_LABELS.DELIVERED || label === ORDER_LABELS.PICKED
        ? 'hist-badge-done'
        : 'hist-badge-live';
  return <span className={`hist-badge ${tone}`}>{label}</span>;
}

/** A train order's SPEC §4 train status in place of its label, coloured the same way. */
export function TrainBadge({ status }: { status: TrainTrack['status'] }) {
  const tone =
    status === 'UNDELIVERED' || status === 'CANCELLED'
      ? 'hist-badge-bad'
      : status === 'DELIVERED'
        ? 'hist-badge-done'
        : 'hist-badge-live';
  return (
    <span className={`hist-badge ${tone}`} data-testid="train-status">
      {trainStatusName(status)}
    </span>
  );
}
