import { demo, expect, readLatestMail, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  addToCart,
  bookIn,
  checkOutCart,
  newCustomer,
  openIn,
  pageAs,
  payWithDemoCard,
  toast,
} from './flows.ts';

// A paper book from the cart to the customer's door and back (SPEC §7 Orders and checkout; DESIGN §5): the
// delivery address, the back office's shipment and delivery, the tracking on /customer-commande, and the
// two-step "Withdraw from contract here" (Directive 2011/83/EU Art. 11a) seen by the back office.

test('a paper book: address, payment, shipment with tracking, delivery and a withdrawal', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const book = await bookIn(request, 'paper');
  const customer = await newCustomer(page, request, uniqueEmail('paper'));
  const trackingNumber = `LP${Date.now()}FR`;

  // The cart's paper book, checked out: the address comes first, the pay button waits for it.
  await addToCart(page, { id: book.id, kind: 'book' }, { format: 'paper' });
  await checkOutCart(page);
  const pay = page.getByRole('button', { name: 'Order with obligation to pay' });
  await expect(pay).toBeDisabled();
  await expect(page.getByText('Confirm your delivery address above to pay.')).toBeVisible();
  const address = page.getByRole('form', { name: 'Delivery address' });
  await address.getByLabel(/^Full name/).fill('Camille Durand');
  await address
    .getByLabel(/^Address/)
    .first()
    .fill('12 rue des Lilas');
  await address.getByLabel(/^Postal code/).fill('75011');
  await address.getByLabel(/^City/).fill('Paris');
  const country = address.getByLabel(/^Country/);
  await expect(country.locator('option', { hasText: 'Belgium' })).toHaveCount(1);
  await country.selectOption({ label: 'France' });
  await address.getByRole('button', { name: 'Save address' }).click();
  await expect(toast(page, 'address saved')).toBeVisible();
  const saved = page.getByRole('region', { name: 'Delivery address' });
  await expect(saved).toContainText('12 rue des Lilas');
  await expect(saved).toContainText('France');
  // No digital goods: no consents to give.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await screenshot(page, 'checkout-paper-en');
  await payWithDemoCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Nothing to download in this order' })).toBeVisible();

  // The customer's orders: paid, the parcel being prepared.
  await openIn(page, '/customer-commande');
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Paid');
  await expect(card).toContainText(book.title);
  await expect(card).toContainText('Your parcel is being prepared at our shipping centre.');
  const number = (await card.getByRole('heading', { level: 2 }).textContent())?.match(/HLS-[\w-]+/)?.[0];
  if (!number) throw new Error('The order card has no number');

  // The editor finds it among the orders to ship, and ships it.
  const editor = await pageAs(browser, request, demo.editor);
  await openIn(editor, '/back-office/orders');
  await editor.getByLabel(/^Customer or order number/).fill(customer.email);
  await editor.getByRole('button', { name: 'Apply filters' }).click();
  await expect(editor).toHaveURL(/customer=/);
  const row = editor.getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('To ship');
  await expect(row).toContainText(customer.email);
  await row.getByRole('link', { name: number }).click();
  await expect(editor).toHaveURL(/\/back-office\/orders\/[\w-]+$/);
  const shipForm = editor.getByRole('form', { name: 'Mark as shipped' });
  await shipForm.getByLabel(/^Carrier/).fill('La Poste');
  await shipForm.getByLabel(/^Tracking number/).fill(trackingNumber);
  await shipForm
    .getByLabel(/^Tracking page/)
    .fill(`https://www.laposte.fr/outils/suivre-vos-envois?code=${trackingNumber}`);
  const shippedAt = new Date();
  await shipForm.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(toast(editor, 'The order is marked as shipped')).toBeVisible();
  await expect(editor.locator('.bo-detail__state')).toContainText('Shipped');
  await expect(editor.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();

  // The customer sees the tracking, and is e-mailed it.
  await page.reload();
  await expect(card).toContainText('Shipped');
  await expect(card).toContainText('La Poste');
  await expect(card.getByRole('link', { name: new RegExp(trackingNumber) })).toHaveAttribute(
    'href',
    `https://www.laposte.fr/outils/suivre-vos-envois?code=${trackingNumber}`,
  );
  const shippedMail = await readLatestMail(customer.email, {
    after: shippedAt,
    subject: `Your order ${number} has shipped`,
  });
  expect(shippedMail.text).toContain('La Poste');
  expect(shippedMail.text).toContain(trackingNumber);

  // Delivered: the 14-day withdrawal period starts.
  await editor.getByRole('button', { name: 'Mark as delivered' }).click();
  await expect(toast(editor, 'The order is marked as delivered.')).toBeVisible();
  await expect(editor.locator('.bo-detail__state')).toContainText('Delivered');

  await page.reload();
  await expect(card).toContainText('Delivered');
  await expect(card).toContainText(/You may withdraw from this purchase until \d+ \w+ \d{4}\./);

  // Withdrawal, step 1: the request opens the confirmation; nothing is sent yet.
  await card.getByRole('button', { name: 'Withdraw from contract here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `You are withdrawing from the contract for these books of order ${number}:`,
  );
  await expect(dialog).toContainText(`${book.title} (1 copy)`);
  await screenshot(page, 'orders-withdrawal-dialog-en', { fullPage: false });
  // Step 2: the confirmation sends it, and says what and when.
  const requestedAt = new Date();
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog).toBeHidden();
  const acknowledged = card.getByRole('status').filter({ hasText: 'Your withdrawal is received' });
  await expect(acknowledged).toContainText(`We received your withdrawal from order ${number} on`);
  await expect(acknowledged).toContainText(`${book.title} (1 copy)`);
  await screenshot(page, 'orders-withdrawn-en');

  const ackMail = await readLatestMail(customer.email, {
    after: requestedAt,
    subject: `Withdrawal from your order ${number} received`,
  });
  expect(ackMail.text).toContain(`We acknowledge your withdrawal from order ${number}, received on`);
  expect(ackMail.text).toContain(`• ${book.title} × 1`);
  expect(ackMail.text).toContain('Please send these items back within 14 days to:');

  // The back office sees the request, in the list (its filter) and on the order.
  await openIn(
    editor,
    `/back-office/orders?withdrawal=requested&customer=${encodeURIComponent(customer.email)}`,
  );
  const requested = editor.getByRole('row', { name: new RegExp(number) });
  await expect(requested).toContainText('Withdrawal');
  await requested.getByRole('link', { name: number }).click();
  await expect(
    editor.getByRole('status').filter({ hasText: 'The customer withdrew from this order' }),
  ).toContainText('Refund the withdrawn books once they are back.');
  await expect(editor.getByRole('region', { name: 'History' })).toContainText('Withdrawal requested');
  await screenshot(editor, 'back-office-order-withdrawal-en');
  await editor.context().close();
});
