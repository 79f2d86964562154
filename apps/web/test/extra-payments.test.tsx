import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ConsoleOrder } from '@crust/contract/store-console';
import { OrderCard } from '../src/features/store/OrderCard.tsx';
import { ExtraPaymentsNote } from '../src/shared/payment/ExtraPaymentsNote.tsx';

/** Issue 28 §1: a second payment that Crust refunds is told to the customer and to the store. */
describe('the customer is told of a second payment', () => {
  it('while it is refunded: "₹534.50 paid twice; the second payment is being refunded, 4–10 business days."', () => {
    render(<ExtraPaymentsNote payments={[{ amountPaise: 53_450, refund: 'PENDING' }]} />);
    expect(screen.getByRole('status').textContent).toBe(
      '₹534.50 paid twice; the second payment is being refunded, 4–10 business days.',
    );
  });

  it('once refunded', () => {
    render(<ExtraPaymentsNote payments={[{ amountPaise: 53_450, refund: 'DONE' }]} />);
    expect(screen.getByRole('status').textContent).toBe(
      '₹534.50 paid twice; the second payment has been refunded. Your bank shows it within 4–10 business days.',
    );
  });

  it('nothing for an order paid once', () => {
    const { container } = render(<ExtraPaymentsNote payments={[]} />);
    expect(container.innerHTML).toBe('');
    expect(render(<ExtraPaymentsNote />).container.innerHTML).toBe('');
  });
});

const ORDER: ConsoleOrder = {
  id: 'O00000000000000000001',
  dominosOrderId: '4001',
  storeId: 1001,
  deliveryType: 'D',
  train: null,
  status: 'PLACED',
  stage: 'DELIVERED',
  next: null,
  advanceWaiting: false,
  slotAt: null,
  placedAt: '2025-01-10T13:30:00.000Z',
  promisedAt: '2025-01-10T14:00:00.000Z',
  stageAt: '2025-01-10T13:50:00.000Z',
  customerName: 'Asha Rao',
  mobile: '98xxxxxx10',
  deliverTo: '12B, 80 Feet Road, Indiranagar, Bengaluru',
  instructions: null,
  zeroContact: false,
  items: [{ name: 'Margherita', quantity: 2, description: 'Medium · Hand Tossed' }],
  surpriseGift: null,
  totalPaise: 53_450,
  payment: { method: 'UPI', state: 'paid', toCollectPaise: 0 },
  riderName: null,
  cancelReason: null,
};

const card = (order: ConsoleOrder) =>
  render(
    <OrderCard
      order={order}
      now={Date.parse('2025-01-10T14:00:00Z')}
      isNew={false}
      onStart={() => {}}
      onFailed={() => {}}
    />,
  );

describe('the store console tells staff of a second payment', () => {
  it('on the order card, being refunded and refunded', () => {
    card({
      ...ORDER,
      payment: {
        ...ORDER.payment,
        extraPayments: [
          { amountPaise: 53_450, refund: 'DONE' },
          { amountPaise: 10_000, refund: 'PENDING' },
        ],
      },
    });
    expect(screen.getAllByTestId('paid-twice').map((p) => p.textContent)).toEqual([
      'Paid twice: ₹534.50 refunded to the customer',
      'Paid twice: ₹100 being refunded to the customer',
    ]);
  });

  it('nothing on an order paid once', () => {
    card(ORDER);
    expect(screen.queryByTestId('paid-twice')).toBeNull();
  });
});
