import { isStale, problemOf, type FieldProblem } from './back-office-api.ts';
import { messageOf } from './console-api.ts';
import { mt } from './menu-texts.ts';

/** A refusal shown above a list: the server's words, and Reload when someone saved first. */
export type Refusal = FieldProblem & { stale: boolean };
export const refusalOf = (err: unknown): Refusal => ({
  ...problemOf(err, messageOf(err)),
  stale: isStale(err),
});

export function RefusalNotice({
  refusal,
  busy,
  onReload,
}: {
  refusal: Refusal | null;
  busy: boolean;
  onReload: () => void;
}) {
  if (!refusal) return null;
  return (
    <div className="sc-notice bo-problem" role="alert">
      <span>{refusal.message}</span>
      {refusal.stale ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onReload}>
          {mt('reload')}
        </button>
      ) : null}
    </div>
  );
}
