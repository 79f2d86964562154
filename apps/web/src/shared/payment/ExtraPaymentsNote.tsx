import type { ExtraPayment } from '@crust/contract/orders';
import { rupees } from '../format.ts';
import { ppt } from './texts.ts';
import './extra-payments.css';

/**
 * Money the gateway took for the order beyond its own payment, and that it is being (or has been) given back
 * (issue 28 §1): the customer who sees two debits learns that the second one comes back, and when.
 */
export function ExtraPaymentsNote({ payments = [] }: { payments?: readonly ExtraPayment[] | undefined }) {
  if (payments.length === 0) return null;
  return (
    <div className="extra-pay" role="status" data-testid="extra-payments">
      {payments.map((p, i) => (
        <p key={i}>
          {p.refund === 'DONE'
            ? ppt('paidTwiceRefunded', { amount: rupees(p.amountPaise) })
            : ppt('paidTwiceRefunding', { amount: rupees(p.amountPaise) })}
        </p>
      ))}
    </div>
  );
}
