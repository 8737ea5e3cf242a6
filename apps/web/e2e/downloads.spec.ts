import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { consentTexts } from '@hls/contract';
import { extractPdfText } from '../../api/src/lib/pdf/pdf-text.ts';
import { expect, originalDemoFile, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  academicFile,
  addToCart,
  bookIn,
  checkOutCart,
  giveDigitalConsents,
  newCustomer,
  openIn,
  payWithDemoCard,
  professionalFile,
  shopWords,
} from './flows.ts';

// Delivery of what is digital (SPEC §7 Files): bought files on /download, the buyer's stamped PDF, free academic
// files from their page. The bytes saved by the browser are compared with the files the seed stored.

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Clicks a download button and returns what the browser saved: its suggested name and its bytes. */
async function downloadFrom(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: download.suggestedFilename(), bytes: await saved(download) };
}

async function saved(download: Download): Promise<Buffer> {
  const failure = await download.failure();
  expect(failure, `download of ${download.suggestedFilename()} failed`).toBeNull();
  const path = test.info().outputPath(`downloads/${download.suggestedFilename()}`);
  await download.saveAs(path);
  return readFile(path);
}

test('buy an ebook and a professional file with the demo card, then download both from /download', async ({
  page,
  request,
}) => {
  test.slow();
  const [ebook, file, kept] = await Promise.all([
    bookIn(request, 'ebook'),
    professionalFile(request, 'excel'),
    professionalFile(request, 'word'),
  ]);
  // A buyer whose name needs a Unicode font on the stamped pages.
  const buyer = await newCustomer(page, request, uniqueEmail('buyer'), {
    firstName: 'Zoë',
    lastName: 'Łukasz',
  });

  await addToCart(page, { id: ebook.id, kind: 'book' }, { format: 'ebook' });
  await addToCart(page, { id: file.id, kind: 'file' });
  await checkOutCart(page);
  // A file put in the cart after the order was made is not part of it: it stays in the cart once the order is paid.
  await addToCart(page, { id: kept.id, kind: 'file' });
  await openIn(page, '/checkout');

  // Digital goods: no address, the two statements unticked, the demo provider labelled as such.
  await expect(page.getByRole('heading', { name: 'Delivery address' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: shopWords.en.pay })).toBeDisabled();
  await expect(page.getByText('Tick both boxes above to pay.')).toBeVisible();
  await giveDigitalConsents(page, consentTexts.en);
  await expect(page.getByText(shopWords.en.demoBanner)).toBeVisible();
  await screenshot(page, 'checkout-digital-en');
  await payWithDemoCard(page, '4242 4242 4242 4242');

  // Paid: the bought lines leave the cart and /download shows this order's two files.
  await expect(page).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(page.getByText(shopWords.en.thanks)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The 2 files of this order' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  const row = (title: string) =>
    page.locator('.download-row').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const fileRow = row(file.title);
  const ebookRow = row(ebook.title);
  await expect(fileRow).toContainText('Excel file');
  await expect(fileRow).toContainText('Not downloaded yet');
  const orderNumber = /Order (HLS-[\w-]+)/.exec((await fileRow.textContent()) ?? '')?.[1];
  expect(orderNumber, 'the row names the order').toBeTruthy();

  // The professional file: the very bytes the seed stored.
  const excel = await downloadFrom(page, () =>
    fileRow.getByRole('button', { name: `Download ${file.title}` }).click(),
  );
  expect(excel.name).toMatch(/\.xlsx$/);
  const original = originalDemoFile(excel.name);
  expect(excel.bytes.length).toBe(original.length);
  expect(sha256(excel.bytes)).toBe(sha256(original));

  // The ebook: the buyer's own copy, stamped in the background (the page says so until it is ready).
  const ebookButton = ebookRow.getByRole('button', { name: `Download ${ebook.title}` });
  await expect(ebookButton).toBeEnabled({ timeout: 30_000 });
  await expect(ebookRow).toContainText('PDF document');
  const pdf = await downloadFrom(page, () => ebookButton.click());
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const unstamped = originalDemoFile(pdf.name);
  expect(sha256(pdf.bytes)).not.toBe(sha256(unstamped));
  expect(pdf.bytes.length).toBeGreaterThan(unstamped.length);
  // Still a PDF a reader opens: every page's text extracts, the original's and the buyer's line.
  const [pages, originalPages] = await Promise.all([extractPdfText(pdf.bytes), extractPdfText(unstamped)]);
  expect(pages).toHaveLength(originalPages.length);
  const licence = `Licensed to Zoë Łukasz <${buyer.email}> — order ${orderNumber}`;
  pages.forEach((text, index) => {
    expect(text, `page ${index + 1}`).toContain(licence);
    const firstOriginalLine = originalPages[index]!.split('\n').find((line) => line.trim().length > 3);
    if (firstOriginalLine) expect(text, `page ${index + 1}`).toContain(firstOriginalLine);
  });
  expect(pages.join('\n')).toContain(ebook.title);

  // Both downloads are counted (the terms: not refundable once downloaded); the page keeps the order after a reload.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'The 2 files of this order' })).toBeVisible();
  await expect(fileRow).toContainText(/Downloaded once, first on/);
  await expect(ebookRow).toContainText(/Downloaded once, first on/);
  await screenshot(page, 'downloads-order-en');

  // The bought lines left the cart; the one added afterwards is still there.
  await openIn(page, '/cart');
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.locator('.cart-line').getByRole('link', { name: kept.title })).toBeVisible();
});

test('a free academic file downloads from its page, logged in, as stored (in French)', async ({
  page,
  request,
}) => {
  const file = await academicFile(request, 'word');
  await newCustomer(page, request, uniqueEmail('etudiant'), { language: 'fr' });

  await openIn(page, `/prodoc/${file.id}`, 'fr');
  await expect(page.getByRole('heading', { level: 1, name: file.title })).toBeVisible();
  const got = await downloadFrom(page, () =>
    page.getByRole('button', { name: shopWords.fr.download, exact: true }).click(),
  );
  expect(got.name).toMatch(/\.docx$/);
  const original = originalDemoFile(got.name);
  expect(got.bytes.equals(original)).toBe(true);

  // It is now among the customer's downloads, as a free document.
  await openIn(page, '/download', 'fr');
  const row = page
    .locator('.download-row')
    .filter({ has: page.getByRole('heading', { name: file.title, exact: true }) });
  await expect(row).toContainText('Document gratuit');
  await expect(row).toContainText(/Téléchargé une fois/);
  await screenshot(page, 'downloads-all-fr');
});
