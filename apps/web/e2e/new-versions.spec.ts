// A new version of a file reaches its buyers: a customer buys an author's PDF, the author sends a corrected version
// of it, an editor publishes it; the buyer is e-mailed in their language, downloads the new version (stamped for
// them) and the earlier one from /download, and turns these e-mails off from the link.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { consentTexts, type ReviewSubmission } from '@hls/contract';
import { extractPdfText } from '../../api/src/lib/pdf/pdf-text.ts';
import {
  demo,
  expect,
  expectNoA11yViolations,
  readLatestMail,
  screenshot,
  test,
  uniqueEmail,
  waitingForApp,
} from './fixtures.ts';
import {
  accessToken,
  addToCart,
  callApiAs,
  checkOutCart,
  giveDigitalConsents,
  logInThroughApi,
  newAccount,
  newCustomer,
  openIn,
  pageAs,
  payWithDemoCard,
  registerThroughApi,
  toast,
} from './flows.ts';
import { makePdf, openReview, proposeFile } from './editorial-flows.ts';

/** Clicks a download button: the name the browser saves the file under, and the text of the PDF saved. */
async function downloadFrom(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(await download.failure()).toBeNull();
  const path = test.info().outputPath(`downloads/${download.suggestedFilename()}`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), text: (await extractPdfText(await readFile(path))).join(' ') };
}

test('a buyer is told of a new version of their file and downloads it and the earlier one', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Cash flow planner ${Date.now().toString(36)}`;

  // An author's PDF, published.
  const author = newAccount(uniqueEmail('author'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, author, 'author', { language: 'fr' });
  const authorAccess = await accessToken(request, author.email, author.password);
  const editorAccess = await accessToken(request, demo.editor, demo.password);
  const proposed = await proposeFile(
    request,
    authorAccess,
    {
      title,
      description: 'A cash flow planner for small shops: twelve months, VAT and reorder points.',
      priceCents: '1500',
    },
    'professional',
  );
  const path = `/api/editorial/submissions/${proposed.id}`;
  await callApiAs(request, editorAccess, 'post', `${path}/claim`, {});
  const published = await callApiAs<ReviewSubmission>(request, editorAccess, 'post', `${path}/decision`, {
    decision: 'publish',
    comment: 'Welcome to the catalogue.',
  });
  const productId = published.productId!;

  // A customer who reads French buys it with the demo card.
  const buyer = await newCustomer(page, request, uniqueEmail('buyer'), { language: 'fr' });
  await addToCart(page, { id: productId, kind: 'file' });
  await checkOutCart(page);
  await giveDigitalConsents(page, consentTexts.en);
  await payWithDemoCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(page.getByText('Version 1, published on').first()).toBeVisible();

  // The author sends a corrected file from their product's page.
  const authorPage = waitingForApp(await browser.newPage());
  await logInThroughApi(authorPage, request, author.email, author.password);
  await openIn(authorPage, `/author-product?id=${proposed.id}`, 'en');
  await authorPage.getByRole('button', { name: 'Submit a new version' }).click();
  await authorPage.getByLabel(/^File \*?$/).setInputFiles({
    name: 'planner-v2.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf(`${title} v2`, 4),
  });
  await expect(authorPage.getByText(/^planner-v2\.pdf received \(/)).toBeVisible({ timeout: 30_000 });
  await authorPage.getByLabel(/^Note to the editors/).fill('VAT formulas corrected.');
  await authorPage.getByRole('button', { name: 'Send the new version' }).click();
  await expect(toast(authorPage, /./)).toBeVisible();
  await authorPage.close();

  const mailedAfter = new Date();
  const editor = await pageAs(browser, request, demo.editor);
  await openReview(editor, proposed.id);
  await editor.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(editor.getByText('You claimed this submission.')).toBeVisible();
  // The editor publishes it with a note for its buyers.
  const decision = editor.getByRole('form', { name: 'Your decision' });
  await decision.getByRole('radio', { name: /^Publish/ }).check();
  await decision.getByLabel(/^What changed, for its buyers/).fill('VAT formulas corrected.');
  await decision.getByLabel(/^Comment to the author/).fill('Corrected version published.');
  await decision.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(editor).toHaveURL(/\/back-office\/editorial$/);
  await editor.context().close();

  // The buyer's e-mail, in French: the new version, a link to /download and one to stop these e-mails.
  const mail = await readLatestMail(buyer.email, { after: mailedAfter, subject: /^Nouvelle version de/ });
  expect(mail.subject).toBe(`Nouvelle version de «\u202f${title}\u202f» (version 2)`);
  const downloads = mail.links.find((url) => new URL(url).pathname === '/download');
  const optOut = mail.links.find((url) => new URL(url).pathname.startsWith('/email/versions-off/'));
  expect(mail.text).toContain('VAT formulas corrected.');
  expect(downloads).toBeTruthy();
  expect(optOut).toBeTruthy();

  // /download: the new version by default, the earlier one kept; both download, stamped for the buyer.
  await openIn(page, new URL(downloads!).pathname, 'fr');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(row.getByText(/^Version 2, publiée le/)).toBeVisible();
  await expect(row.getByText('Ce qui a changé\u202f: VAT formulas corrected.')).toBeVisible();
  const earlier = row.getByRole('region', { name: 'Versions précédentes' });
  await expect(earlier.getByText(/^Version 1, publiée le/)).toBeVisible();
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  const v2 = await downloadFrom(page, () =>
    row.getByRole('button', { name: `Télécharger ${title}` }).click(),
  );
  expect(v2.name).toBe(`${slug}-v2.pdf`);
  expect(v2.text).toContain(`${title} v2`);
  expect(v2.text, 'stamped for the buyer').toContain(buyer.email);
  const v1 = await downloadFrom(page, () =>
    earlier.getByRole('button', { name: `Télécharger la version 1 ${title}` }).click(),
  );
  expect(v1.name).toBe(`${slug}-v1.pdf`);
  expect(v1.text).not.toContain(`${title} v2`);
  expect(v1.text).toContain(buyer.email);
  await expect(row.getByText(/Téléchargé 2 fois/)).toBeVisible();

  for (const lng of ['fr', 'en'] as const) {
    await openIn(page, '/download', lng);
    await expect(row).toBeVisible();
    await screenshot(page, `download-versions-desktop-${lng}`);
    await expectNoA11yViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(row).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'nothing wider than the phone').toBeLessThanOrEqual(360);
    await screenshot(page, `download-versions-360-${lng}`);
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // The opt-out link, opened without a session: one press turns these e-mails off.
  const guest = waitingForApp(await browser.newPage());
  await openIn(guest, new URL(optOut!).pathname, 'fr');
  await screenshot(guest, 'version-emails-off-fr');
  await expectNoA11yViolations(guest);
  await guest.getByRole('button', { name: 'Ne plus recevoir ces e-mails' }).click();
  await expect(guest.getByText(/plus d’e-mails sur les nouvelles versions$/)).toBeVisible();
  await screenshot(guest, 'version-emails-off-done-fr');
  await guest.close();
  const preferences = await callApiAs<{ versionEmails: boolean }>(
    request,
    buyer.access,
    'get',
    '/api/account/email-preferences',
  );
  expect(preferences.versionEmails).toBe(false);
});
