import type { SmsProvider } from '../../providers/sms/provider.ts';
import type { OrderSubscriber } from './events.ts';

/**
 * The SMS the thank-you page promises when it stops waiting ("Status awaited … an SMS will follow"): a payment
 * decided late (by the reconciler, long after the page's 80 s) is texted to the order's mobile, placed or not.
 *
 * An after-commit subscriber: the order is decided whatever becomes of the text. When the provider does not
 * take it, the SmsError goes to OrderEvents, which logs it and moves on (the provider has logged it already,
 * number masked); nobody is waiting on a screen to be told, and the order's outcome stays in its history.
 */
export function outcomeTexts(sms: SmsProvider): OrderSubscriber {
  return {
    name: 'outcome texts',
    after: async (event) => {
      if (event.kind !== 'placed' && event.kind !== 'failed') return;
      if (!event.late) return;
      const vars = { orderNumber: event.order.number };
      await sms.send(
        event.order.mobile,
        event.kind === 'placed' ? { kind: 'LATE_PLACED', vars } : { kind: 'LATE_FAILED', vars },
      );
    },
  };
}
