import type { SmsProvider } from '../../providers/sms/provider.ts';
import type { OrderSubscriber } from './events.ts';
import { ORDER_TEXTS } from './texts.ts';

/**
 * The SMS the thank-you page promises when it stops waiting ("Status awaited … an SMS will follow"): a payment
 * decided late (by the reconciler, long after the page's 80 s) is texted to the order's mobile, placed or not.
 */
export function outcomeTexts(sms: SmsProvider): OrderSubscriber {
  return {
    name: 'outcome texts',
    after: async (event) => {
      if (event.kind !== 'placed' && event.kind !== 'failed') return;
      if (!event.late) return;
      const text = event.kind === 'placed' ? ORDER_TEXTS.latePlacedSms : ORDER_TEXTS.lateFailedSms;
      await sms.send(event.order.mobile, text(event.order.number));
    },
  };
}
