import { Dialog } from '../shared/ui/Dialog.tsx';
import { t } from '../shared/i18n/index.ts';

/** SPEC §2: a render error shows "Something went wrong!" / "Please try again." with Refresh, which reloads. */
export function RouteError() {
  return (
    <Dialog
      title={t('renderErrorTitle')}
      actionLabel={t('refresh')}
      onAction={() => window.location.reload()}
    >
      <p>{t('renderErrorBody')}</p>
    </Dialog>
  );
}
