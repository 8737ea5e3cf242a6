import type { Page } from '@playwright/test';
import { extractPdfText } from '../../api/src/lib/pdf/pdf-text.ts';
import {
  demo,
  expect,
  expectNoA11yViolations,
  readLatestMail,
  screenshot,
  test,
  uniqueEmail,
} from './fixtures.ts';
import {
  accessToken,
  confirmEmailThroughMail,
  logInThroughApi,
  newAccount,
  openIn,
  orderThroughApi,
  pageAs,
  payThroughApi,
  registerThroughApi,
  shipThroughApi,
  toast,
  type Lng,
} from './flows.ts';
import { downloadOf, moveClock, newAuthorAccount, publishedBook } from './royalties-flows.ts';

// An author's royalties from the sale to the bank (SPEC §2 /author-payment, §7 the bank routes, §8 the bank
// toasts; issue 11): a customer buys the author's book as paper and as ebook (through the API); the author sees two
// pending royalties at the two rates, saves and edits bank details (e-mailed, shown masked); once the holds are
// over an admin runs a payout and downloads its SEPA transfer file; the author sees the payment, the chart, and
// downloads the CSV and the monthly PDF statement.

/** Switches the language from the header's selector, as a visitor does: the page is not loaded again. */
async function chooseLanguage(page: Page, lng: Lng) {
  const selector = page.getByRole('banner').getByLabel(lng === 'fr' ? 'Language' : 'Langue');
  await selector.selectOption(lng === 'fr' ? 'fn' : 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
}

/**
 * The screen open on `page` (in English, 1280 px wide) at a desktop's and a phone's width, in both languages:
 * nothing sticks out sideways. The width changes with the window and the language from the header, so the screen
 * is loaded once; a screenshot of each for people to review. Ends as it began, in English at 1280 px.
 */
async function screensOf(page: Page, name: string, ready: (page: Page, lng: Lng) => Promise<void>) {
  for (const lng of ['en', 'fr'] as const) {
    if (lng !== 'en') await chooseLanguage(page, lng);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      await ready(page, lng);
      // Nothing sticks out sideways, at 360 px either: the elements that would are named. The layout follows the
      // new width within a frame or two (the chart redraws for it), hence the retries.
      await expect(async () => {
        const wide = await page.evaluate(
          (w) =>
            Array.from(document.querySelectorAll('main *'))
              // What is visually hidden is clipped: its rectangles may reach further, unseen.
              .filter((element) => !element.closest('.visually-hidden'))
              .filter((element) => element.getBoundingClientRect().right > w + 1)
              .slice(0, 8)
              .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}`),
          width,
        );
        expect(wide, `${name} ${width} ${lng}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      }).toPass({ timeout: 5_000 });
      await screenshot(page, `${name}-${width}-${lng}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await chooseLanguage(page, 'en');
}

test('royalties: two sales at two rates, bank details, the hold, a payout and its files, the statements', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const author = await newAuthorAccount(request);
  const book = await publishedBook(request, author.access);

  // A customer buys the book as paper and as ebook with the demo card, through the API (the checkout's screens
  // are the shop's and the orders' journeys).
  const customer = newAccount(uniqueEmail('royalty-buyer'));
  await registerThroughApi(request, customer);
  await confirmEmailThroughMail(request, customer.email);
  const customerAccess = await accessToken(request, customer.email, customer.password);
  const ordered = await orderThroughApi(
    request,
    customerAccess,
    [
      { productId: book.productId, edition: 'paper' },
      { productId: book.productId, edition: 'ebook' },
    ],
    {
      fullName: 'Camille Durand',
      line1: '12 rue des Lilas',
      postalCode: '75011',
      city: 'Paris',
      country: 'FR',
    },
  );
  const order = await payThroughApi(request, customerAccess, ordered);
  expect(order.status).toBe('paid');

  // The author's Paid products (the account menu's link to it is the account journeys'): two pending royalties,
  // 10 % of the paper book, 25 % of the ebook (the settings' rates), the paper one waiting for its delivery.
  const authorPage = page;
  await logInThroughApi(authorPage, request, author.email, author.password);
  await openIn(authorPage, '/author-payment');
  const report = authorPage.getByRole('table', { name: 'Royalty entries, newest first' });
  // This order's rows (other journeys running at the same time may buy the newest book too).
  const orderRows = report.getByRole('row').filter({ hasText: order.number });
  const paperRow = orderRows.filter({ hasText: 'Paper book' });
  const ebookRow = orderRows.filter({ hasText: 'Ebook' });
  await expect(paperRow).toContainText(order.number);
  await expect(paperRow).toContainText('10%');
  await expect(paperRow).toContainText('Pending');
  await expect(paperRow).toContainText('Payable 14 days after delivery');
  await expect(ebookRow).toContainText(order.number);
  await expect(ebookRow).toContainText('25%');
  await expect(ebookRow).toContainText(/PendingPayable from \d{1,2} \w+ \d{4}/);
  const summary = authorPage.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('You earn 10% of the net sale of a paper book, 25% of an ebook');
  await expect(summary).toContainText('Add your bank details so that we can pay you');

  // Bank details: saved, then edited; always shown masked; each change e-mailed.
  const bank = authorPage.getByRole('region', { name: 'Bank details' });
  const form = bank.getByRole('form', { name: 'Bank details' });
  await form.getByLabel(/^Account holder/).fill('Inès Moreau');
  await form.getByLabel(/^IBAN/).fill('fr76 3000 6000 0112 3456 7890 189');
  await form.getByLabel(/^BIC/).fill('BNPAFRPP');
  await form.getByLabel(/^Bank name/).fill('BNP Paribas');
  await expect(form.getByLabel(/^Bank country/)).toHaveValue('FR');
  // The holder's address and country of tax residence (a transfer names the payee's address; the residence
  // decides the withholding tax): the residence follows the address's country until chosen.
  await form.getByLabel(/^Street and number/).fill('12 rue des Lilas');
  await form.getByLabel(/^Postcode/).fill('75011');
  await form.getByLabel(/^City/).fill('Paris');
  await form.getByLabel(/^Country(?! of)/).selectOption({ label: 'France' });
  await expect(form.getByLabel(/^Country of tax residence/)).toHaveValue('FR');
  await form.getByRole('button', { name: 'Save bank details' }).click();
  await expect(toast(authorPage, 'data saved')).toBeVisible();
  await expect(bank).toContainText('FR76 •••• •••• 0189');
  await expect(bank).not.toContainText('30006000011234567890189');

  const editedAt = new Date();
  await bank.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByLabel(/^IBAN/)).toHaveValue('');
  await form.getByLabel(/^IBAN/).fill('DE89 3704 0044 0532 0130 00');
  await form.getByLabel(/^BIC/).fill('COBADEFFXXX');
  await form.getByLabel(/^Bank name/).fill('Commerzbank');
  await form.getByLabel(/^Bank country/).selectOption({ label: 'Germany' });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(authorPage, 'data edited')).toBeVisible();
  await expect(bank).toContainText('DE89 •••• •••• 3000');
  await expect(bank).toContainText('Commerzbank');
  await expect(bank.getByRole('button', { name: 'Edit' })).toBeFocused();
  const changed = await readLatestMail(author.email, {
    after: editedAt,
    subject: 'Your bank details were changed',
  });
  expect(changed.text).toContain('DE89 •••• •••• 3000');
  expect(changed.text).not.toContain('370400440532013000');

  // The parcel is shipped and delivered: the paper royalty's hold starts. After a reload, only the masked bank
  // details come back from the server.
  const editor = await accessToken(request, demo.editor, demo.password);
  await shipThroughApi(request, editor, order.id, { delivered: true });
  await authorPage.reload();
  await expect(paperRow).toContainText(/PendingPayable from \d{1,2} \w+ \d{4}/);
  await expect(bank).toContainText('DE89 •••• •••• 3000');
  await expect(authorPage.locator('body')).not.toContainText('370400440532013000');

  // Fifteen days later, both holds are over.
  const serverDay = await moveClock(request, 15);
  await authorPage.reload();
  await expect(paperRow).toContainText('Available');
  await expect(ebookRow).toContainText('Available');

  // An admin pays the author: preselected (payable, bank details saved), confirmed, and the transfer file.
  const admin = await pageAs(browser, request, demo.admin);
  await openIn(admin, '/back-office/payouts');
  const due = admin.getByRole('table', { name: 'Authors with an unpaid balance' });
  const authorRow = due.getByRole('row').filter({ hasText: author.email });
  await expect(authorRow).toContainText('Payable');
  await expect(authorRow).toContainText('DE89 •••• •••• 3000');
  await expect(authorRow.getByRole('checkbox')).toBeChecked();
  await expectNoA11yViolations(admin);
  await screensOf(admin, 'royalties-admin-due', async (p) => {
    await expect(p.getByRole('table').first()).toBeVisible();
  });
  // This journey pays its own author only.
  for (const row of await due.locator('tbody tr').all()) {
    if ((await row.textContent())?.includes(author.email)) continue;
    const box = row.getByRole('checkbox');
    if (await box.isChecked()) await box.uncheck();
  }
  await expect(authorRow.getByRole('checkbox')).toBeChecked();
  await expect(admin.getByText(/^1 author selected: /)).toBeVisible();
  await admin.getByRole('button', { name: 'Run payouts' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Run the payouts?' });
  await expect(dialog.getByLabel(/^Execution date/)).not.toHaveValue('');
  // Today by default; here the server's clock runs fifteen days ahead of the browser's.
  await dialog.getByLabel(/^Execution date/).fill(serverDay);
  await screenshot(admin, 'royalties-admin-confirm-1280-en', { fullPage: false });
  await dialog.getByRole('button', { name: 'Run the payouts' }).click();
  const result = admin.getByRole('region', { name: /^Run HLS-RUN-/ });
  await expect(result).toContainText('1 payout of');
  const payoutRow = result.getByRole('row').filter({ hasText: author.email });
  await expect(payoutRow).toContainText('DE89 •••• •••• 3000');
  await expect(payoutRow).toContainText('COBADEFFXXX');
  const reference = (await payoutRow.textContent())?.match(/HLS-PO-[\w-]+/)?.[0];
  if (!reference) throw new Error('The payout has no reference');
  await screenshot(admin, 'royalties-admin-run-1280-en');
  const pain = await downloadOf(admin, () =>
    result.getByRole('button', { name: /^SEPA file \(pain\.001\)/ }).click(),
  );
  expect(pain.name).toMatch(/\.xml$/);
  const xml = pain.bytes.toString('utf8');
  expect(xml).toContain('pain.001');
  expect(xml).toContain('DE89370400440532013000');
  expect(xml).toContain(reference);
  await expect(due.getByRole('row').filter({ hasText: author.email })).toHaveCount(0);

  // The run is in the list of runs, with its payouts.
  await admin.getByRole('tab', { name: 'Runs' }).click();
  await admin.getByRole('table', { name: 'Payout runs, newest first' }).getByRole('link').first().click();
  await expect(admin.getByRole('region', { name: /^Run HLS-RUN-/ })).toContainText(author.email);
  await screenshot(admin, 'royalties-admin-runs-1280-en');
  // The rates per format: today's, the defaults, and the form to schedule a new one.
  await admin.getByRole('tab', { name: 'Rates' }).click();
  const rates = admin.getByRole('table', { name: 'Royalty rates per format: today and by default' });
  await expect(rates.getByRole('row').filter({ hasText: 'Paper book' })).toContainText('10%');
  await expect(admin.getByRole('form', { name: 'Schedule a new rate' })).toBeVisible();
  await screenshot(admin, 'royalties-admin-rates-1280-en');
  await expectNoA11yViolations(admin);
  await admin.setViewportSize({ width: 360, height: 740 });
  await screenshot(admin, 'royalties-admin-rates-360-en');
  await admin.context().close();

  // The author sees the payment, the paid entries and the chart; downloads the CSV and the statement.
  await authorPage.reload();
  const payments = authorPage.getByRole('table', { name: 'Payments received, newest first' });
  await expect(payments).toContainText(reference);
  await expect(payments).toContainText('DE89 •••• •••• 3000');
  await expect(paperRow).toContainText('Paid on');
  await expect(ebookRow).toContainText(reference);
  const chart = authorPage.getByRole('region', { name: 'Monthly earnings by format' });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByRole('table', { includeHidden: true })).toContainText('Paper book');
  await expectNoA11yViolations(authorPage);

  const csv = await downloadOf(authorPage, () =>
    authorPage.getByRole('button', { name: 'Download CSV' }).click(),
  );
  expect(csv.name).toMatch(/\.csv$/);
  const csvText = csv.bytes.toString('utf8');
  expect(csvText.split(order.number)).toHaveLength(3);
  expect(csvText).toContain(book.title);

  const statementForm = authorPage.getByRole('form', { name: 'Monthly statement' });
  const month = order.createdAt.slice(0, 7);
  await statementForm.getByLabel('Month').selectOption(month);
  const pdf = await downloadOf(authorPage, () =>
    statementForm.getByRole('button', { name: 'Download the statement' }).click(),
  );
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pdfText = (await extractPdfText(pdf.bytes)).join('\n');
  expect(pdfText).toContain(order.number);

  await screensOf(authorPage, 'royalties-author', async (p, lng) => {
    await expect(
      p
        .getByRole('region', {
          name: lng === 'en' ? 'Monthly earnings by format' : 'Gains mensuels par format',
        })
        .locator('canvas')
        .first(),
    ).toBeVisible();
  });

  // The demo author's months of sales, refunds and payouts: the chart and the tables at their fullest.
  const demoAuthor = await pageAs(browser, request, demo.author);
  await openIn(demoAuthor, '/author-payment');
  await screensOf(demoAuthor, 'royalties-demo-author', async (p, lng) => {
    const title = lng === 'en' ? 'Monthly earnings by format' : 'Gains mensuels par format';
    await expect(p.getByRole('region', { name: title }).locator('canvas').first()).toBeVisible();
  });
  await demoAuthor.context().close();
});
