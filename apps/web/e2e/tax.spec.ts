import { consentTexts, includedVat } from '@hls/contract';
import type { Order, OrderPage } from '@hls/contract';
import { extractPdfText } from '../../api/src/lib/pdf/pdf-text.ts';
import { expect, readLatestMail, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  addToCart,
  bookIn,
  callApiAs,
  checkOutCart,
  giveDigitalConsents,
  newCustomer,
  payWithDemoCard,
  professionalFile,
  saveBillingCountry,
  shopWords,
} from './flows.ts';

// VAT where the buyer lives (decision 0027): the checkout's "Your country" step, a business under the reverse
// charge, a UK consumer's zero-rated ebook. The French consumer's 5.5 % and 20 % are in checkout.spec.ts.

/** The text of the invoice attached to the confirmation e-mail of an order. */
async function invoiceText(email: string, subject: string, after: Date): Promise<string> {
  const mail = await readLatestMail(email, { after, subject });
  const invoice = mail.attachments.find((attachment) => attachment.contentType === 'application/pdf');
  if (!invoice) throw new Error('The confirmation has no invoice attached');
  expect(invoice.filename).toMatch(/^invoice-INV-/);
  return (await extractPdfText(invoice.content)).join('\n');
}

const FR_SUBJECT = 'Confirmation de votre commande {{orderNumber}}';

const newestOrder = async (request: Parameters<typeof callApiAs>[0], access: string): Promise<Order> =>
  (await callApiAs<OrderPage>(request, access, 'get', '/api/order/commande')).results[0]!;

test('a German business gives its VAT number: invoiced without VAT under the reverse charge', async ({
  page,
  request,
}) => {
  const file = await professionalFile(request, 'excel');
  const customer = await newCustomer(page, request, uniqueEmail('gmbh'));
  await addToCart(page, { id: file.id, kind: 'file' });
  await checkOutCart(page, 'en', { country: null });

  // Payment waits for the country; the VAT number field is offered for EU countries only.
  const pay = page.getByRole('button', { name: shopWords.en.pay });
  await expect(pay).toBeDisabled();
  await expect(page.getByText('Tell us which country you live in above to pay.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Your country' });
  await form.getByLabel(/^Country you live in/).selectOption({ label: 'United Kingdom' });
  await expect(form.getByLabel(/^EU VAT number/)).toHaveCount(0);
  await form.getByLabel(/^Country you live in/).selectOption({ label: 'Germany' });
  await form.getByLabel(/^EU VAT number/).fill('DE 123');
  await form.getByRole('button', { name: 'Save my country' }).click();
  await expect(form.getByLabel(/^EU VAT number/)).toHaveAccessibleDescription(/This VAT number is not valid/);
  await screenshot(page, 'checkout-vat-number-refused-en');

  await saveBillingCountry(page, 'Germany', 'en', 'DE136695976');
  const step = page.getByRole('region', { name: 'Your country' });
  await expect(step).toContainText('Business DE136695976: invoiced without VAT (reverse charge).');
  // The price less the German VAT it would have carried (19 %).
  const off = includedVat(file.price.finalPriceCents, 1900);
  const summary = page.getByRole('complementary');
  await expect(summary).toContainText('VAT not charged (reverse charge)');
  await expect(page.getByTestId('order-total')).toHaveText(
    new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' }).format(
      (file.price.finalPriceCents - off) / 100,
    ),
  );
  await screenshot(page, 'checkout-reverse-charge-en');

  await giveDigitalConsents(page, consentTexts.en);
  const startedAt = new Date();
  await payWithDemoCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  const order = await newestOrder(request, customer.access);
  const invoice = await invoiceText(customer.email, `Your order ${order.number} is confirmed`, startedAt);
  expect(invoice).toContain('DE136695976');
  expect(invoice).toContain('Reverse charge: VAT to be accounted for by the customer');
  expect(order).toMatchObject({
    status: 'paid',
    vatCents: 0,
    totalCents: file.price.finalPriceCents - off,
    billing: { country: 'DE', vatNumber: 'DE136695976', reverseCharge: true },
  });
  expect(order.lines[0]!.tax).toMatchObject({ treatment: 'reverse_charge', country: 'DE', vatCents: 0 });
});

test('a consumer in the United Kingdom buys an ebook: zero-rated, the same price (in French)', async ({
  page,
  request,
}) => {
  const ebook = await bookIn(request, 'ebook');
  const customer = await newCustomer(page, request, uniqueEmail('uk'), { language: 'fr' });
  await addToCart(page, { id: ebook.id, kind: 'book' }, { format: 'ebook', lng: 'fr' });
  await checkOutCart(page, 'fr', { country: 'Royaume-Uni' });
  await expect(page.getByRole('region', { name: 'Votre pays' })).toContainText('Vous vivez en');
  await expect(page.getByRole('region', { name: 'Votre pays' })).toContainText('Royaume-Uni');
  await screenshot(page, 'checkout-country-fr');
  await giveDigitalConsents(page, consentTexts.fr);
  const startedAt = new Date();
  await payWithDemoCard(page, '4242 4242 4242 4242', 'fr');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  const order = await newestOrder(request, customer.access);
  const invoice = await invoiceText(
    customer.email,
    FR_SUBJECT.replace('{{orderNumber}}', order.number),
    startedAt,
  );
  expect(invoice).toContain('Royaume-Uni');
  expect(invoice).toContain('0\u202f%');
  const price = ebook.editions.find((e) => e.format === 'ebook')!.price.finalPriceCents;
  expect(order).toMatchObject({ status: 'paid', totalCents: price, vatCents: 0 });
  expect(order.lines[0]!.tax).toMatchObject({ treatment: 'uk', country: 'GB', rateBp: 0, vatCents: 0 });
});
