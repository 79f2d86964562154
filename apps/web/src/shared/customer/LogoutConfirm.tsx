import type { QueryClient } from '@tanstack/react-query';
import { defineTexts } from '../i18n/index.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { logout } from './logout.ts';

const lt = defineTexts({
  title: 'Log out of Crust?',
  body: 'Your cart will be emptied. Your delivery location and store stay chosen.',
  confirm: 'Log out',
  cancel: 'Cancel',
});

/**
 * Logout asks first: one tap on a 40 px header button next to the profile badge is easy to make by mistake, and it
 * empties the cart. Loaded only when the button is tapped (the header is part of the first screen).
 */
export function LogoutConfirm({ qc, onCancel }: { qc: QueryClient; onCancel: () => void }) {
  return (
    <Dialog
      title={lt('title')}
      actionLabel={lt('confirm')}
      onAction={() => void logout(qc)}
      secondaryLabel={lt('cancel')}
      onSecondary={onCancel}
      onDismiss={onCancel}
    >
      <p>{lt('body')}</p>
    </Dialog>
  );
}
