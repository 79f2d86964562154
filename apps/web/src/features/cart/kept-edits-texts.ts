import { defineTexts } from '../../shared/i18n/index.ts';

/**
 * The edits kept offline, as the cart lists them (./KeptEdits.tsx, issue 31 item 2). Apart from ./texts.ts because
 * that list loads only when there are such edits: the cart's first download does not carry them (issue 32 §1).
 */
export const keptEditsT = defineTexts({
  keptTitle: 'Waiting for the connection',
  keptHint: 'Kept on this phone; sent to your cart in this order when you are back online.',
  keptAdd: '{name}: add 1',
  keptMore: '{name}: {step} more',
  keptFewer: '{name}: {step} fewer',
  keptRemove: '{name}: remove',
  refusedTitle: 'Not changed in your cart',
  refusedLine: '{edit}. {reason}',
  refusedOk: 'OK',
});
