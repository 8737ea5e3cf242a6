// The author space in the browser: an author proposes a file (the upload's progress bar moves) and a book with a
// cover, sees the field errors the API names, finds them in My products and opens one; a customer is invited to
// become an author, an editor sent to the editorial queue. Every screen looked at in both languages, phone and
// desktop widths.
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { type APIRequestContext, type Page } from '@playwright/test';
import { demo, expect, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  logInThroughApi,
  newAccount,
  newCustomer,
  openIn,
  pageAs,
  registerThroughApi,
  toast,
} from './flows.ts';

/** A real PDF; `noise` embeds an incompressible picture of about that many megapixels to make it large. */
async function makePdf(title: string, { noise = 0 } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([420, 595]);
  page.drawText(title, { x: 40, y: 540, size: 14, font });
  if (noise > 0) {
    const side = Math.round(Math.sqrt(noise * 1_000_000));
    const pixels = randomBytes(side * side * 3);
    const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const image = await pdf.embedPng(png);
    page.drawImage(image, { x: 40, y: 100, width: 340, height: 340 });
  }
  return Buffer.from(await pdf.save());
}

/** A small raster cover. */
function makeCover(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 29, g: 78, b: 137 } } })
    .png()
    .toBuffer();
}

/** A new author, registered through the API and logged in on `page`. */
async function newAuthor(page: Page, request: APIRequestContext, language: 'en' | 'fr' = 'en') {
  const account = newAccount(uniqueEmail('author'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, account, 'author', { language });
  await logInThroughApi(page, request, account.email, account.password);
  return account;
}

/** Screenshots at the desktop width and at a 360 px phone width. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, `${name}-360`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Records every value the page's `<progress>` elements take (React sets them as attributes), to tell a bar that
 * moved from one that only appeared full.
 */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { value: number; max: number }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target;
        if (target instanceof HTMLProgressElement) seen.push({ value: target.value, max: target.max });
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const bar of node.querySelectorAll('progress'))
              seen.push({ value: bar.value, max: bar.max });
      }
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['value', 'max'],
    });
  });
}

test('an author proposes a file: the upload’s progress bar moves, and the proposal is in My products as submitted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await newAuthor(page, request);
  await openIn(page, '/file-proposed');
  await page.getByRole('radio', { name: /^Pro files/ }).check();
  await page.getByLabel(/^Title/).fill('Monthly budget dashboard');
  await expect(page.getByText('Draft saved')).toBeVisible();
  // The draft's id is in the address: a reload continues it.
  await expect(page).toHaveURL(/[?&]draft=[0-9a-f-]{36}/);
  await expect(page.getByRole('radio', { name: /^Student files/ })).toBeDisabled();
  await page.getByLabel(/^Description/).fill('A monthly budget dashboard for small teams, with its charts.');
  await page.getByLabel(/^Language of the content/).selectOption('en');
  await page.getByLabel(/^File type/).selectOption('pdf');
  const category = page.getByLabel(/^Category/);
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel(/^Price \(EUR\)/).fill('19');
  await expect(
    page.getByText(/^Customers pay €\d+\.\d\d, you earn €\d+\.\d\d per sale \(\d+(\.\d+)?%\)\.$/),
  ).toBeVisible();

  // A large file sent at 2 MB/s: the bar has time to move.
  const pdf = await makePdf('Monthly budget dashboard', { noise: 1.5 });
  expect(pdf.length).toBeGreaterThan(3_000_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2_000_000,
  });
  await recordProgress(page);
  await page
    .getByLabel(/^File \*?$/)
    .setInputFiles({ name: 'budget.pdf', mimeType: 'application/pdf', buffer: pdf });
  const bar = page.getByRole('progressbar', { name: 'Upload progress: File' });
  await expect(bar).toBeVisible();
  await bar.scrollIntoViewIfNeeded();
  await screenshot(page, 'authoring-upload-progress', { fullPage: false });
  await expect(page.getByText(/^budget\.pdf received \(/)).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  const seen = await page.evaluate(
    () => (window as unknown as { progressSeen: { value: number; max: number }[] }).progressSeen,
  );
  const max = Math.max(...seen.map((s) => s.max));
  expect(max).toBeGreaterThanOrEqual(pdf.length);
  expect(
    seen.some((s) => s.value > 0 && s.value < s.max),
    JSON.stringify(seen),
  ).toBe(true);
  expect(
    seen.some((s) => s.value >= s.max && s.max === max),
    JSON.stringify(seen),
  ).toBe(true);

  await page
    .getByLabel(/^Cover/)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makeCover() });
  await expect(page.getByText(/^cover\.png received/)).toBeVisible();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(toast(page, 'file saved')).toBeVisible();
  await expect(page).toHaveURL(/\/file-book$/);

  const row = page.getByRole('listitem').filter({ hasText: 'Monthly budget dashboard' });
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText('Pro file');
  await expect(row.getByRole('img', { name: 'Cover of Monthly budget dashboard' })).toBeVisible();

  // The proposal's own page: its first version with the files to download, and the history.
  await row.getByRole('link', { name: 'Monthly budget dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Monthly budget dashboard' })).toBeVisible();
  await expect(page.getByText('Version 1', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download budget.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('budget.pdf');
  await expect(page.getByText('Sent for review')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw this proposal' })).toBeVisible();
});

test('a book proposal: the API’s field errors, then the book with its cover in My products', async ({
  page,
  request,
}) => {
  await newAuthor(page, request);
  await openIn(page, '/book-proposed');
  await page.getByLabel(/^Title/).fill('Le droit des contrats');
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(toast(page, 'operation failed')).toBeVisible();
  await expect(page.getByText('Some fields need your attention.')).toBeVisible();
  await expect(page.getByLabel(/^Description/)).toHaveAccessibleDescription('Write a description.');
  await expect(page.getByLabel(/^Category/)).toHaveAccessibleDescription('Choose a category.');
  await expect(page.getByText('Offer the paper book, the ebook, or both, with a price.')).toBeVisible();
  await expect(page.getByText('Add the file.')).toBeVisible();
  await bothWidths(page, 'authoring-book-errors-en');

  await page
    .getByLabel(/^Description/)
    .fill('Contract law for first-year students, with exercises and answers.');
  await page.getByLabel(/^Language of the content/).selectOption('fr');
  const category = page.getByLabel(/^Category/);
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByRole('checkbox', { name: 'Ebook' }).check();
  await page.getByLabel(/^Ebook price/).fill('9.99');
  await expect(page.getByText(/^Customers pay €9\.99, you earn/)).toBeVisible();
  await page.getByLabel(/^ISBN/).fill('123');
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(page.getByLabel(/^ISBN/)).toHaveAccessibleDescription('Enter a valid ISBN-10 or ISBN-13.');
  await page.getByLabel(/^ISBN/).fill('978-2-07-036822-8');
  await page
    .getByLabel(/^Manuscript/)
    .setInputFiles({ name: 'contrats.pdf', mimeType: 'application/pdf', buffer: await makePdf('Contrats') });
  await expect(page.getByText(/^contrats\.pdf received/)).toBeVisible();
  await page
    .getByLabel(/^Cover/)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await makeCover() });
  await expect(page.getByText(/^cover\.png received/)).toBeVisible();
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(toast(page, 'book saved')).toBeVisible();
  await expect(page).toHaveURL(/\/file-book$/);
  const row = page.getByRole('listitem').filter({ hasText: 'Le droit des contrats' });
  await expect(row).toContainText('Submitted');
  const cover = row.getByRole('img', { name: 'Cover of Le droit des contrats' });
  await expect(cover).toBeVisible();
  await expect(cover).toHaveJSProperty('tagName', 'IMG');
  expect(await cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a refused upload says why, on the field', async ({ page, request }) => {
  await newAuthor(page, request);
  await openIn(page, '/file-proposed');
  await page.getByRole('radio', { name: /^Pro files/ }).check();
  await page.getByLabel(/^File type/).selectOption('word');
  // A PDF declared as a Word document: the content decides.
  await page
    .getByLabel(/^File \*?$/)
    .setInputFiles({ name: 'notes.docx', mimeType: 'application/pdf', buffer: await makePdf('Notes') });
  await expect(page.getByText('The file’s content does not match the file type chosen.')).toBeVisible();
  await page.getByLabel(/^Cover/).setInputFiles({
    name: 'cover.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.locator('[data-slot="cover"] .field__error')).toBeVisible();
});

test('a customer is invited to become an author; an editor is sent to the editorial queue', async ({
  page,
  request,
}) => {
  await newCustomer(page, request, uniqueEmail('customer'));
  await openIn(page, '/file-book');
  await expect(page.getByRole('heading', { level: 2, name: 'Become an author' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Read the publishing guide' })).toHaveAttribute(
    'href',
    '/publish',
  );
  await bothWidths(page, 'authoring-invitation-en');
  await page.getByRole('button', { name: 'Become an author' }).click();
  await expect(toast(page, 'Welcome to your author space.')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'You have not proposed anything yet' }),
  ).toBeVisible();
  await bothWidths(page, 'authoring-empty-en');
  // The new role is in the stored token: a reload keeps the author space.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Add book' }).first()).toBeVisible();

  const editor = await pageAs(page.context().browser()!, request, demo.editor);
  await openIn(editor, '/book-proposed', 'fr');
  await expect(
    editor.getByRole('heading', { level: 2, name: 'L’espace auteur est réservé aux auteurs' }),
  ).toBeVisible();
  await expect(editor.getByRole('link', { name: 'Ouvrir la file éditoriale' })).toHaveAttribute(
    'href',
    '/back-office/editorial',
  );
  await editor.context().close();
});

test('the author screens at 360 px and 1280 px, in French and English', async ({ page, request }) => {
  test.setTimeout(120_000);
  await newAuthor(page, request, 'fr');
  // A proposal to show: made through the form, left as a draft.
  await openIn(page, '/book-proposed');
  await page.getByLabel(/^Title/).fill('Histoire de la Méditerranée');
  await expect(page.getByText('Draft saved')).toBeVisible();
  const draftUrl = new URL(page.url());
  const id = draftUrl.searchParams.get('draft');
  expect(id).toBeTruthy();
  for (const lng of ['fr', 'en'] as const) {
    await openIn(page, '/file-book', lng);
    await expect(page.getByRole('listitem').filter({ hasText: 'Histoire de la Méditerranée' })).toBeVisible();
    await bothWidths(page, `authoring-file-book-${lng}`);
    await openIn(page, `/book-proposed?draft=${id}`, lng);
    await expect(page.getByLabel(lng === 'en' ? /^Title/ : /^Titre/)).toHaveValue(
      'Histoire de la Méditerranée',
    );
    await page.getByRole('checkbox', { name: lng === 'en' ? 'Paper book' : 'Livre papier' }).check();
    await page
      .getByLabel(lng === 'en' ? /^Paper book price/ : /^Prix du livre papier/)
      .fill(lng === 'en' ? '24.90' : '24,90');
    await expect(page.locator('.royalty-quote').first()).not.toBeEmpty();
    await bothWidths(page, `authoring-book-proposed-${lng}`);
    await openIn(page, '/file-proposed', lng);
    await page.getByRole('radio', { name: lng === 'en' ? /^Student files/ : /^Fichiers étudiants/ }).check();
    await expect(page.getByRole('group', { name: /Licence/ })).toBeVisible();
    await bothWidths(page, `authoring-file-proposed-${lng}`);
    await openIn(page, `/author-product?id=${id}`, lng);
    await expect(page.getByRole('heading', { level: 2, name: 'Histoire de la Méditerranée' })).toBeVisible();
    await bothWidths(page, `authoring-author-product-${lng}`);
  }
});
