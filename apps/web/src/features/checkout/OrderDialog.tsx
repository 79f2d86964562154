import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ck } from './texts.ts';
import type { OrderDialog } from './use-place-order.ts';

/** The popups a refused order shows (SPEC §8): the duplicate-order question, "review your cart", 'Ops'. */
export function OrderDialogView(props: {
  dialog: OrderDialog;
  onClose: () => void;
  onContinue: () => void;
  onReviewCart: () => void;
}) {
  const { dialog } = props;
  switch (dialog.kind) {
    case 'duplicate':
      return (
        <Dialog
          title={ck('duplicateTitle')}
          actionLabel={ck('continue')}
          onAction={props.onContinue}
          secondaryLabel={ck('cancel')}
          onSecondary={props.onClose}
          onDismiss={props.onClose}
        >
          <p>{dialog.message}</p>
        </Dialog>
      );
    case 'review':
      return (
        <Dialog title={ck('genericHeader')} actionLabel={ck('genericButton')} onAction={props.onReviewCart}>
          <p>{dialog.message}</p>
        </Dialog>
      );
    case 'generic':
      return (
        <Dialog title={ck('genericHeader')} actionLabel={ck('genericButton')} onAction={props.onClose}>
          <p>{dialog.message}</p>
        </Dialog>
      );
  }
}
