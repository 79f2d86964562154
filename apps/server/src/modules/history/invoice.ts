import type { CalcEntry, Cart } from '@crust/contract/cart';
import type { OrderSummary } from '@crust/contract/orders';
import { deliveryTypeLabel, isDeliveryType, isPickupType } from '@crust/domain/delivery-types';
import { gstinFor } from './gstin.ts';
import type { OrderRow, StoreForInvoice } from './repo.ts';

/** The chain's name as it trades (the invoice's heading). */
export const CHAIN_NAME = 'Crust Pizza';
/** SAC of restaurant service, as the menu's taxation names it. */
export const RESTAURANT_SAC = '996331';
/** Restaurant GST, 5 %: half is central (CGST), half the state's (SGST). */
const GST_HALF_RATE = '2.5%';

export interface InvoiceLine {
  name: string;
  /** "Medium | Hand Tossed", the toppings changed */
  description: string;
  quantity: number;
  ratePaise: number;
  amountPaise: number;
}

export interface InvoiceData {
  chainName: string;
  store: { name: string; address: string; phone: string; gstin: string };
  /** the order's number (dominosOrderId): the file is invoice-{number}.pdf */
  invoiceNumber: string;
  orderId: string;
  /** the order time in Asia/Kolkata, as printed */
  date: string;
  orderType: string;
  customer: { name: string; mobile: string; addressLabel: string; address: string };
  lines: InvoiceLine[];
  /** Item Total … Grand Total, in print order */
  totals: { label: string; valuePaise: number; strong?: boolean }[];
  paidBy: { label: string; valuePaise: number }[];
  sac: string;
}

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** A cartCalculations value by key, children included; 0 when the entry is not there. */
function calc(entries: readonly CalcEntry[], key: string): number {
  for (const e of entries) {
    if (e.key === key) return e.value;
    const inner = e.children ? calc(e.children, key) : 0;
    if (inner !== 0) return inner;
  }
  return 0;
}

/**
 * The invoice of a placed order, from the priced cart it was confirmed with (orders.snapshot), so every figure is
 * the one the customer was charged. The snapshot's GST (5 % per line, rounded per line) is split into CGST and
 * SGST halves; an odd paisa goes to CGST so the two always add up to the GST charged.
 */
export function invoiceOf(order: OrderRow, summary: OrderSummary, store: StoreForInvoice): InvoiceData {
  const { cart } = order.snapshot as { cart: Cart };
  const entries = cart.cartCalculations;
  const gst = calc(entries, 'tax');
  const sgst = Math.floor(gst / 2);
  const cgst = gst - sgst;
  const subTotal = calc(entries, 'sub_total');
  const discount = calc(entries, 'discount');
  const optional = entries.find((e) => e.key === 'optional_charge');
  const tip = calc(entries, 'tip');
  const totals: InvoiceData['totals'] = [{ label: 'Item Total', valuePaise: subTotal }];
  if (discount > 0) totals.push({ label: 'Discount', valuePaise: -discount });
  totals.push(
    { label: 'Taxable Value', valuePaise: subTotal - discount },
    { label: 'Delivery Charge', valuePaise: calc(entries, 'delivery_charge') },
    { label: 'Packaging Charge', valuePaise: calc(entries, 'packaging_charge') },
    { label: `CGST @ ${GST_HALF_RATE}`, valuePaise: cgst },
    { label: `SGST @ ${GST_HALF_RATE}`, valuePaise: sgst },
  );
  if (tip > 0) totals.push({ label: 'Delivery Tip', valuePaise: tip });
  if (optional && optional.value > 0) totals.push({ label: optional.label, valuePaise: optional.value });
  totals.push({ label: 'Grand Total', valuePaise: order.totalPaise, strong: true });

  const type = isDeliveryType(order.deliveryType) ? order.deliveryType : 'D';
  const u = order.userDetails as { firstName?: string; lastName?: string; mobile?: string };
  return {
    chainName: CHAIN_NAME,
    store: { name: store.name, address: store.address, phone: store.phone, gstin: gstinFor(store) },
    invoiceNumber: summary.dominosOrderId,
    orderId: order.id,
    date: dateFormat.format(order.placedAt ?? order.createdAt),
    orderType: deliveryTypeLabel(type),
    customer: {
      name: `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim(),
      mobile: u.mobile ?? '',
      addressLabel: isPickupType(type) ? 'Collect from' : 'Deliver to',
      address: order.deliverTo,
    },
    lines: cart.validItems.map((i) => ({
      name: i.product.name,
      description: i.summary,
      quantity: i.quantity,
      ratePaise: i.pricePerQty,
      amountPaise: i.totalPrice,
    })),
    totals,
    // the summary's lines after the cart's own are how it was paid (wallet, then the method)
    paidBy: summary.paymentSummary
      .slice(entries.length)
      .map((p) => ({ label: p.label, valuePaise: p.value })),
    sac: RESTAURANT_SAC,
  };
}
