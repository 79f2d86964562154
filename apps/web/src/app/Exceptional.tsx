import { setApiError, useApiError } from '../shared/api/api-error.ts';
import { t } from '../shared/i18n/index.ts';
import { Dialog } from '../shared/ui/Dialog.tsx';

export { OfflineBanner } from './OfflineBanner.tsx';

/** SPEC §8: the API error flag (a refused token refresh logs the customer out) as the 'Ops' dialog. */
export function ApiErrorDialog() {
  const message = useApiError();
  if (!message) return null;
  return (
    <Dialog title={t('genericHeader')} actionLabel={t('genericButton')} onAction={() => setApiError(null)}>
      <p>{message}</p>
    </Dialog>
  );
}
