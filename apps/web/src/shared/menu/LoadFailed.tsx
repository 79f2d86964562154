import { t } from '../i18n/index.ts';

/** SPEC §8: a failed menu or topping call is not an alarm: a calm inline note and a way to retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="load-failed">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
