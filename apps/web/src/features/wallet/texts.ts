import { MESSAGES } from '@crust/domain/messages';
import { defineTexts } from '../../shared/i18n/index.ts';

/** Texts of /wallet and /postorder-ui/wallet. */
export const wt = defineTexts({
  somethingWentWrong: MESSAGES.somethingWentWrongRetry,
  title: 'My Wallet',
  balanceLabel: 'Wallet balance',
  balanceHint: 'Use it at checkout to pay for your next order.',
  partsTitle: 'What your wallet holds',
  'Pizza Pals Points': 'Pizza Pals Points',
  'Promo Points': 'Promo Points',
  'Refund Points': 'Refund Points',
  points: '{n} points',
  pizzaPalsHint: 'Points buy free pizzas',
  historyTitle: 'Wallet history',
  added: 'Added {amount}',
  spent: 'Spent {amount}',
  viewOrder: 'View order',
  viewOrderFor: 'View the order of {title} at {time}',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  allLoaded: 'That is all of your wallet history.',
  emptyTitle: 'No wallet activity yet',
  emptyBody: 'Refunds and late-delivery credits will show here, with the order they are for.',
  orderNow: 'Order now',
  loadFailed: 'We could not load your wallet.',
  retry: 'Retry',
});
