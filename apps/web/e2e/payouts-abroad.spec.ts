import type { Page } from '@playwright/test';
import { demo, expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import { makePdf } from './editorial-flows.ts';
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
  selectTab,
  shipThroughApi,
  toast,
} from './flows.ts';
import { expectNoOverflow } from './overflow.ts';
import { downloadOf, moveClock, newAuthorAccount, publishedBook } from './royalties-flows.ts';

// Paying an author abroad (issue 24): a Tunisian author gives a TN IBAN, the holder's address and residence on the
// payment screen (in English) and files a treaty form; an admin (in French) sets Tunisia's withholding rate, sees
// the author due with the form, runs the payout, and downloads the international transfer file naming the author's
// account. The sales are set up through the API.

const TN_IBAN = 'TN5910006035183598478831';

/** The screen at a desktop's and a phone's width: nothing sticks out; a picture of each when asked. */
async function atBothWidths(page: Page, name: string) {
  // Measured once its content is in, not its spinner.
  await expect(page.locator('main .page-spinner')).toHaveCount(0);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await expectNoOverflow(page, `${name} at ${width}px`);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('payouts abroad: a Tunisian author’s IBAN and treaty form, withholding, the international transfer file', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await newAuthorAccount(request);
  const book = await publishedBook(request, author.access);

  // A customer buys the book as paper and as ebook (through the API); the paper book is delivered.
  const customer = newAccount(uniqueEmail('abroad-buyer'));
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
  await shipThroughApi(request, await accessToken(request, demo.editor, demo.password), order.id, {
    delivered: true,
  });

  // The author gives a Tunisian IBAN, the bank and the holder's address in Tunis; the residence follows.
  await logInThroughApi(page, request, author.email, author.password);
  await openIn(page, '/author-payment');
  const bank = page.getByRole('region', { name: 'Bank details' });
  const form = bank.getByRole('form', { name: 'Bank details' });
  await form.getByLabel(/^Account holder/).fill('Amira Ben Salah');
  await form.getByLabel(/^IBAN/).fill('tn59 1000 6035 1835 9847 8831');
  await form.getByLabel(/^BIC/).fill('STBKTNTT');
  await form.getByLabel(/^Bank name/).fill('Société Tunisienne de Banque');
  await expect(form.getByLabel(/^Bank country/)).toHaveValue('TN');
  await form.getByLabel(/^Street and number/).fill('12 rue de Marseille');
  await form.getByLabel(/^Postcode/).fill('1000');
  await form.getByLabel(/^City/).fill('Tunis');
  await form.getByLabel(/^Country(?! of)/).selectOption({ label: 'Tunisia' });
  await expect(form.getByLabel(/^Country of tax residence/)).toHaveValue('TN');
  await atBothWidths(page, 'abroad-author-form-en');
  await form.getByRole('button', { name: 'Save bank details' }).click();
  await expect(toast(page, 'data saved')).toBeVisible();
  await expect(bank).toContainText('TN59 •••• •••• 8831');
  await expect(bank).toContainText('12 rue de Marseille, 1000 Tunis, Tunisia');
  await expect(page.locator('body')).not.toContainText(TN_IBAN);
  await expect(page.locator('.roy-how-paid')).toContainText('By international transfer in euros');

  // The treaty form, a PDF, filed with the residence.
  const treaty = bank.getByRole('form', { name: 'Treaty form' });
  await treaty.getByLabel('Treaty form (PDF)').setInputFiles({
    name: 'attestation-residence.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('Attestation de résidence fiscale', 1),
  });
  await treaty.getByRole('button', { name: 'Upload the treaty form' }).click();
  await expect(toast(page, 'Your treaty form is on file.')).toBeVisible();
  await expect(bank).toContainText('attestation-residence.pdf, uploaded on');
  await expect(bank).toContainText('(residence: Tunisia)');
  await expectNoA11yViolations(page);
  await atBothWidths(page, 'abroad-author-en');
  await openIn(page, '/author-payment', 'fr');
  await expect(page.getByRole('region', { name: 'Coordonnées bancaires' })).toContainText('Reçu');
  await atBothWidths(page, 'abroad-author-fr');

  // The admin, in French, withholds 10 % for residents of Tunisia from today.
  const admin = await pageAs(browser, request, demo.admin);
  await openIn(admin, '/back-office/payouts?tab=withholding', 'fr');
  const rateForm = admin.getByRole('form', { name: 'Ajouter un taux' });
  await rateForm.getByRole('button', { name: 'Ajouter le taux' }).click();
  await expect(rateForm).toContainText('Choisissez un pays');
  await rateForm.getByLabel(/^Pays de résidence/).selectOption({ label: 'Tunisie' });
  await rateForm.getByLabel(/^Taux \(%\)/).fill('10');
  await rateForm.getByRole('button', { name: 'Ajouter le taux' }).click();
  await expect(toast(admin, /Retenue de 10\s%\spour les résidents de Tunisie/)).toBeVisible();
  const rates = admin.getByRole('table', { name: 'Taux de retenue en vigueur aujourd’hui' });
  await expect(rates.getByRole('row').filter({ hasText: 'Tunisie' })).toContainText(/10\s%/);
  await expectNoA11yViolations(admin);
  await atBothWidths(admin, 'abroad-admin-withholding-fr');
  await selectTab(admin, 'Propositions');
  await expect(admin.getByRole('tabpanel')).toBeVisible();
  await atBothWidths(admin, 'abroad-admin-proposals-fr');

  // Fifteen days later the royalties are available: the author is due, by international transfer, with the form.
  await moveClock(request, 15);
  await selectTab(admin, 'À payer');
  const due = admin.getByRole('table', { name: 'Auteurs ayant un solde impayé' });
  const authorRow = due.getByRole('row').filter({ hasText: author.email });
  await expect(authorRow).toContainText('TN59 •••• •••• 8831');
  await expect(authorRow).toContainText('International');
  await expect(authorRow).toContainText(/retenue 10\s%/);
  const form2 = await downloadOf(admin, () =>
    authorRow
      .getByRole('button', { name: `Formulaire fiscal (PDF) de ${author.firstName} ${author.lastName}` })
      .click(),
  );
  expect(form2.name).toBe('attestation-residence.pdf');
  expect(form2.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await atBothWidths(admin, 'abroad-admin-due-fr');

  // This journey pays its own author only.
  for (const row of await due.locator('tbody tr').all()) {
    if ((await row.textContent())?.includes(author.email)) continue;
    const box = row.getByRole('checkbox');
    if (await box.isChecked()) await box.uncheck();
  }
  await expect(authorRow.getByRole('checkbox')).toBeChecked();
  await admin.getByRole('button', { name: 'Lancer les versements' }).click();
  const dialog = admin.getByRole('dialog', { name: /^Lancer les versements/ });
  // The server's clock runs ahead of the browser's: the run is dated the server's day.
  await dialog.getByLabel(/^Date d’exécution/).fill(await moveClock(request, 0));
  await dialog.getByRole('button', { name: 'Lancer les versements' }).click();
  const result = admin.getByRole('region', { name: /^Versement HLS-RUN-/ });
  const payoutRow = result.getByRole('row').filter({ hasText: author.email });
  await expect(payoutRow).toContainText('TN59 •••• •••• 8831');
  await expect(payoutRow).toContainText('STBKTNTT');
  await expect(payoutRow).toContainText('International');
  await expect(payoutRow).toContainText('Retenu');
  const reference = (await payoutRow.textContent())?.match(/HLS-PO-\d{4}-\d{6}/)?.[0];
  if (!reference) throw new Error('The payout has no reference');
  await atBothWidths(admin, 'abroad-admin-run-fr');

  // The international file (pain.001.001.09) names the author's account and the payout.
  const file = await downloadOf(admin, () =>
    result.getByRole('button', { name: /^Fichier international \(pain\.001\)/ }).click(),
  );
  expect(file.name).toMatch(/-international\.xml$/);
  const xml = file.bytes.toString('utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain(`<IBAN>${TN_IBAN}</IBAN>`);
  expect(xml).toContain('Amira Ben Salah');
  expect(xml).toContain('STBKTNTT');
  expect(xml).toContain('Tunis');
  expect(xml).toContain(reference);

  // The month's proposal, as the job makes it on the 1st, of whoever else is payable (other journeys' authors, the
  // demo's): its payees and totals are shown, and this journey dismisses it rather than pay them.
  const proposed = await request.post('/api/test/payouts/propose');
  expect(proposed.ok(), await proposed.text()).toBe(true);
  if ((await proposed.json()).proposal) {
    await selectTab(admin, 'Propositions');
    const proposal = admin.getByRole('region', { name: /^Versement proposé de/ });
    await expect(proposal.getByRole('table', { name: /^Auteurs que le versement de/ })).toBeVisible();
    await expect(proposal).toContainText(/Approuver verse/);
    await expect(proposal.getByRole('button', { name: 'Approuver le versement' })).toBeVisible();
    await expectNoA11yViolations(admin);
    await atBothWidths(admin, 'abroad-admin-proposal-fr');
    await proposal.getByRole('button', { name: 'Écarter' }).click();
    await expect(toast(admin, /a été écartée/)).toBeVisible();
    await expect(admin.getByRole('table', { name: /^Propositions décidées/ })).toContainText('Écartée');
  }
  // The same screens in English.
  await openIn(admin, '/back-office/payouts?tab=withholding');
  await expect(admin.getByRole('form', { name: 'Add a rate' })).toBeVisible();
  await atBothWidths(admin, 'abroad-admin-withholding-en');
  await selectTab(admin, 'Proposals');
  await atBothWidths(admin, 'abroad-admin-proposals-en');
  await admin.context().close();
});
