import { defineTexts } from '../i18n/index.ts';

/** The thank-you page's opt-in to order notifications (issue 31 §14); SPEC has no words for it. */
export const nt = defineTexts({
  title: 'Order updates',
  offHint: 'We will tell you when your order is being baked, out for delivery and delivered.',
  turnOn: 'Get updates on this order',
  turningOn: 'Turning on updates…',
  on: 'Updates on this order are on.',
  turnOff: 'Turn off',
  blocked: 'Notifications are blocked for this site in your browser settings. We will text you instead.',
  unsupported: 'This browser cannot show notifications. We will text you instead.',
  failed: 'We could not turn on updates. Please try again.',
});
