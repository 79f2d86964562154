import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { InvoiceData } from './invoice.ts';

/**
 * The invoice as an A4 PDF (pdfkit). pdfkit's built-in Helvetica has no ₹ and no minus sign (it printed
 * "Rs." and a quote), so the invoice embeds DejaVu Sans from ./fonts (pdfkit keeps only the glyphs used, with
 * a ToUnicode map so the text can be copied and searched). Content streams are left uncompressed
 * (`compress: false`): an invoice is one page of text, a few kilobytes either way, and plain streams let tests
 * and support tools read it without inflating anything.
 */

/** The minus sign (U+2212), not a hyphen: what the invoice's negative amounts and removed toppings print. */
export const MINUS = '\u2212';

/** ₹ with Indian digit grouping (₹1,23,456.78) from whole paise, without going through floating point. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? MINUS : '';
  const abs = Math.abs(paise);
  const whole = new Intl.NumberFormat('en-IN').format(Math.floor(abs / 100));
  return `${sign}₹${whole}.${String(abs % 100).padStart(2, '0')}`;
}

const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** Read once per process: every invoice embeds the same two fonts. */
function fontData(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(new URL(`./fonts/${FONT_FILES.regular}`, import.meta.url)),
    bold: readFileSync(new URL(`./fonts/${FONT_FILES.bold}`, import.meta.url)),
  };
  return fonts;
}

const PAGE_MARGIN = 48;
const GREY = '#555555';

export function renderInvoicePdf(inv: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    compress: false,
    info: { Title: `Invoice ${inv.invoiceNumber}`, Author: inv.chainName, Subject: `Order ${inv.orderId}` },
  });
  const { regular, bold } = fontData();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE_MARGIN;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const right = left + width;

  // the seller
  doc.font(BOLD).fontSize(20).text(inv.chainName, left, PAGE_MARGIN);
  doc.font(REGULAR).fontSize(10).fillColor(GREY);
  doc
    .text(inv.store.name)
    .text(inv.store.address, { width: width * 0.6 })
    .text(`Phone: ${inv.store.phone}`);
  doc.fillColor('black').font(BOLD).text(`GSTIN: ${inv.store.gstin}`);
  const afterSeller = doc.y;

  // the invoice, top right
  doc.font(BOLD).fontSize(14).text('TAX INVOICE', left, PAGE_MARGIN, { width, align: 'right' });
  doc.font(REGULAR).fontSize(10);
  for (const line of [
    `Invoice No: ${inv.invoiceNumber}`,
    `Date: ${inv.date}`,
    `Order type: ${inv.orderType}`,
    `Order ID: ${inv.orderId}`,
  ])
    doc.text(line, { width, align: 'right' });

  // the customer
  doc.y = Math.max(afterSeller, doc.y) + 16;
  doc.font(BOLD).text('Billed to', left);
  doc.font(REGULAR).text(inv.customer.name || '-');
  if (inv.customer.mobile) doc.text(`Mobile: ${inv.customer.mobile}`);
  if (inv.customer.address)
    doc.text(`${inv.customer.addressLabel}: ${inv.customer.address}`, { width: width * 0.7 });

  // the items
  const col = { qty: left + width * 0.55, rate: left + width * 0.65, amount: left + width * 0.82 };
  const colWidth = { qty: width * 0.1, rate: width * 0.17, amount: width * 0.18 };
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999999').lineWidth(0.5).stroke();
    doc.y += 4;
  };
  doc.y += 16;
  rule();
  let y = doc.y;
  doc.font(BOLD);
  doc.text('Item', left, y, { width: width * 0.53 });
  doc.text('Qty', col.qty, y, { width: colWidth.qty, align: 'right' });
  doc.text('Rate', col.rate, y, { width: colWidth.rate, align: 'right' });
  doc.text('Amount', col.amount, y, { width: colWidth.amount, align: 'right' });
  doc.y += 4;
  rule();
  doc.font(REGULAR);
  for (const line of inv.lines) {
    y = doc.y;
    doc.text(line.name, left, y, { width: width * 0.53 });
    const below = doc.y;
    doc.text(String(line.quantity), col.qty, y, { width: colWidth.qty, align: 'right' });
    doc.text(rupeesText(line.ratePaise), col.rate, y, { width: colWidth.rate, align: 'right' });
    doc.text(rupeesText(line.amountPaise), col.amount, y, { width: colWidth.amount, align: 'right' });
    doc.y = below;
    if (line.description)
      doc
        .fontSize(8)
        .fillColor(GREY)
        .text(line.description, left, doc.y, { width: width * 0.53 });
    doc.fontSize(10).fillColor('black');
    doc.y += 6;
  }
  rule();

  // the totals, right-aligned under the amounts
  for (const total of inv.totals) {
    y = doc.y;
    doc.font(total.strong ? BOLD : REGULAR);
    doc.text(total.label, col.qty - width * 0.2, y, { width: width * 0.4, align: 'right' });
    doc.text(rupeesText(total.valuePaise), col.amount, y, { width: colWidth.amount, align: 'right' });
    doc.y += 2;
  }
  doc.font(REGULAR);
  if (inv.paidBy.length) {
    doc.y += 10;
    doc.font(BOLD).text('Payment', left);
    doc.font(REGULAR);
    for (const p of inv.paidBy) doc.text(`${p.label}: ${rupeesText(p.valuePaise)}`, left);
  }

  doc.y += 24;
  doc.fontSize(8).fillColor(GREY);
  doc.text(
    `SAC ${inv.sac} (restaurant service). GST 5% (CGST 2.5% + SGST 2.5%) on the taxable value.`,
    left,
    doc.y,
    { width },
  );
  doc.text('This is a computer-generated invoice and needs no signature.', { width });
  doc.end();
  return done;
}
