import { t } from '../../shared/i18n/index.ts';
import { messageOf } from './console-api.ts';
import { sc } from './texts.ts';

/** A list that did not load: what went wrong, and Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <p className="sc-notice" role="alert">
      {sc('loadFailed')}
      {messageOf(error)}{' '}
      <button type="button" className="sc-link-btn" onClick={onRetry}>
        {t('retry')}
      </button>
    </p>
  );
}
