import { Dialog } from '../../shared/ui/Dialog.tsx';
import { ck } from './texts.ts';
import type { OrderDialog } from './use-place-order.ts';

/**
 * The popups a refused order shows (SPEC §8): the duplicate-order question, "review your cart", 'Ops', and
 * REMOVE_PROMO's reason with "Remove coupon" and "Change payment method".
 */
export function OrderDialogView(props: {
  dialog: OrderDialog;
  onClose: () => void;
  onContinue: () => void;
  onReviewCart: () => void;
  /** REMOVE_PROMO's two ways on */
  onRemovePromo: (promoCode: string) => void;
  onChangeMethod: () => void;
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
    case 'removePromo':
      return (
        <Dialog
          title={ck('removePromoTitle')}
          actionLabel={ck('removeCoupon')}
          onAction={() => props.onRemovePromo(dialog.promoCode)}
          secondaryLabel={ck('changePaymentMethod')}
          onSecondary={props.onChangeMethod}
          onDismiss={props.onChangeMethod}
        >
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
