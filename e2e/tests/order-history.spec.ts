import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { placeGuestCardOrder } from '../support/checkout.ts';
import { freshMobile } from '../support/sms.ts';
import { readPdf } from '../../apps/server/test/pdf-text.ts';

/**
 * After the order: the guest finds it in their order history, downloads its GST invoice as a PDF, and reorders
 * it: the same pizza lands in a new cart.
 */
test('order history: the invoice PDF holds the order number and GST, and reorder fills the cart', async ({
  page,
}, info) => {
  const who = { firstName: 'Nikhil', lastName: 'Das', mobile: freshMobile() };
  const { orderNumber } = await placeGuestCardOrder(page, who, { house: '4', street: 'Janpath Road' });

  await page.goto('/orderHistory');
  const card = page.getByRole('article', { name: `Order #${orderNumber}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Farmhouse');
  await card.getByRole('link', { name: `View details of order #${orderNumber}` }).click();
  await expect(page).toHaveURL(/orderDetails\?orderId=O/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download invoice' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${orderNumber}.pdf`);
  const pdf = fs.readFileSync(await download.path());
  // kept beside the test's other output, to be looked at (pdftoppm -png invoice.pdf)
  fs.writeFileSync(info.outputPath('invoice.pdf'), pdf);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = readPdf(pdf);
  expect(text).toContain(orderNumber);
  // amounts in rupees with the ₹ sign (the invoice embeds a font that has it)
  expect(text).toMatch(/Grand Total\n₹[\d,]+\.\d{2}/);
  expect(text).toMatch(/GSTIN/);
  expect(text).toMatch(/CGST/);
  await expect(page.getByText('Invoice Downloaded')).toBeVisible();

  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('article', { name: 'Farmhouse', exact: true })).toBeVisible();
});
