import type { APIRequestContext, Page } from '@playwright/test';
import { consentTexts } from '@hls/contract';
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
  shopWords,
} from './flows.ts';

// Paying with the demo provider's test cards (SPEC §7 Orders and checkout): refusals keep the order payable, the
// bank's confirmation step is a dialog, and the paid order's confirmation e-mail is the durable record of the
// digital-goods consents, with the PDF invoice attached.

/** The customer's newest order, as the API tells it. */
async function latestOrder(request: APIRequestContext, access: string): Promise<Order> {
  const order = (await callApiAs<OrderPage>(request, access, 'get', '/api/order/commande')).results[0];
  if (!order) throw new Error('The customer has no order');
  return order;
}

/** A professional file in the cart, checked out, both statements ticked: /checkout ready for the card. */
async function readyToPay(page: Page, request: APIRequestContext): Promise<void> {
  const file = await professionalFile(request, 'excel');
  await addToCart(page, { id: file.id, kind: 'file' });
  await checkOutCart(page);
  await giveDigitalConsents(page, consentTexts.en);
}

test('a declined card shows the reason and leaves the order payable; 4242… then pays it', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(page, request, uniqueEmail('declined'));
  await readyToPay(page, request);

  await payWithDemoCard(page, '4000 0000 0000 0002');
  const refusal = page.getByRole('alert').filter({ hasText: 'The payment was refused' });
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('decline-reason')).toHaveText(/declined/i);
  await expect(refusal).toContainText('Your order is still waiting');
  // A file only: the order is kept until its expiry, with no books set aside.
  await expect(page.getByText(/^Your order is kept for you until .+\.$/)).toBeVisible();
  await expect(page.getByText(/set aside/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole('complementary', { name: 'Your order' });
  await expect(summary).toContainText('Awaiting payment');
  await expect(page.getByRole('button', { name: shopWords.en.pay })).toBeEnabled();
  await screenshot(page, 'checkout-declined-en');
  expect((await latestOrder(request, customer.access)).status).toBe('pending_payment');

  // Insufficient funds says so too.
  await payWithDemoCard(page, '4000 0000 0000 9995');
  await expect(page.getByTestId('decline-reason')).toHaveText(/insufficient funds/i);

  // The same order, paid with a good card.
  await payWithDemoCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(page.getByText(shopWords.en.thanks)).toBeVisible();
  const order = await latestOrder(request, customer.access);
  expect(order.status).toBe('paid');
  const kinds = order.history.map((event) => event.kind);
  expect(kinds.filter((kind) => kind === 'payment_failed')).toHaveLength(2);
  expect(kinds.filter((kind) => kind === 'paid')).toHaveLength(1);
});

test('the authentication card opens the bank’s confirmation dialog; refusing declines, approving pays', async ({
  page,
  request,
}) => {
  const customer = await newCustomer(page, request, uniqueEmail('3ds'));
  await readyToPay(page, request);
  const total = (await page.locator('.payment__amount strong').textContent())?.trim() ?? '';
  expect(total).toMatch(/€/);

  await payWithDemoCard(page, '4000 0025 0000 3155');
  let dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Your bank asks you to confirm the payment of ${total}.`);
  await expect(dialog).toContainText('Demo payment — no money is taken.');
  await expect(dialog.getByRole('button', { name: 'Confirm payment' })).toBeFocused();
  await screenshot(page, 'checkout-authentication-en', { fullPage: false });

  // Refused at the "bank": the order is still waiting.
  await dialog.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('decline-reason')).toHaveText(/authenticat/i);
  expect((await latestOrder(request, customer.access)).status).toBe('pending_payment');

  // Asked again, and approved.
  await payWithDemoCard(page, '4000 0025 0000 3155');
  dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(page.getByText(shopWords.en.thanks)).toBeVisible();
  expect((await latestOrder(request, customer.access)).status).toBe('paid');
});

test('a French consumer’s confirmation e-mail repeats the consents and attaches the invoice: 5.5 % on the ebook, 20 % on the Excel file', async ({
  page,
  request,
}) => {
  const [ebook, file] = await Promise.all([bookIn(request, 'ebook'), professionalFile(request, 'excel')]);
  const customer = await newCustomer(page, request, uniqueEmail('recu'), {
    language: 'fr',
    firstName: 'Héloïse',
    lastName: 'Dubœuf',
  });
  const words = shopWords.fr;
  await addToCart(page, { id: ebook.id, kind: 'book' }, { format: 'ebook', lng: 'fr' });
  await addToCart(page, { id: file.id, kind: 'file' }, { lng: 'fr' });
  await checkOutCart(page, 'fr');
  await expect(
    page.getByRole('heading', { name: 'Livraison immédiate des fichiers numériques' }),
  ).toBeVisible();
  // Digital goods only: kept until the expiry, with no books set aside.
  await expect(page.getByText(/^Votre commande vous est réservée jusqu’au .+\.$/)).toBeVisible();
  await expect(page.getByText(/mis de côté/)).toHaveCount(0);
  await giveDigitalConsents(page, consentTexts.fr);
  await expect(page.getByText(words.demoBanner)).toBeVisible();
  await screenshot(page, 'checkout-digital-fr');
  const startedAt = new Date();
  await payWithDemoCard(page, '4242 4242 4242 4242', 'fr');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(page.getByText(words.thanks)).toBeVisible();
  const order = await latestOrder(request, customer.access);

  const mail = await readLatestMail(customer.email, {
    after: startedAt,
    subject: `Confirmation de votre commande ${order.number}`,
  });
  expect(mail.text).toContain('Bonjour Héloïse');
  // The consents, word for word, as recorded with the order (Art. 8(7): on a durable medium).
  expect(mail.text).toContain(`✓ ${consentTexts.fr.immediateDelivery}`);
  expect(mail.text).toContain(`✓ ${consentTexts.fr.withdrawalWaiver}`);
  expect(mail.html).toContain(consentTexts.fr.immediateDelivery);
  expect(order.consent).toMatchObject({ ...consentTexts.fr, language: 'fr' });
  // The lines and the links to the downloads and to the order.
  expect(mail.text).toContain(ebook.title);
  expect(mail.text).toContain(file.title);
  expect(mail.links.some((link) => new URL(link).pathname === '/download')).toBe(true);
  expect(mail.links.some((link) => new URL(link).pathname === '/customer-commande')).toBe(true);
  // No paper book: no delivery line, no withdrawal right for books.
  expect(mail.text).not.toContain('Livraison');
  expect(mail.text).not.toContain('Livres papier');

  // The invoice: a PDF attachment numbered in the unbroken sequence, naming the order and its lines with the
  // French rates (the buyer lives in France): 5.5 % on the ebook, 20 % on the Excel file.
  const invoices = mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
  expect(invoices).toHaveLength(1);
  const invoice = invoices[0]!;
  expect(invoice.filename).toMatch(/^invoice-INV-\d{4}-\d{6}\.pdf$/);
  expect(invoice.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = (await extractPdfText(invoice.content)).join('\n');
  expect(text).toContain('Facture');
  expect(text).toContain(order.number);
  expect(text).toContain(ebook.title);
  expect(text).toContain(file.title);
  expect(text).toContain('5,5\u202f%');
  expect(text).toContain('20\u202f%');
  expect(order.lines.map((line) => [line.format, line.tax?.rateBp])).toEqual(
    expect.arrayContaining([
      ['ebook', 550],
      ['file', 2000],
    ]),
  );
});
