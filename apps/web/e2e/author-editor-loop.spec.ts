// The editorial loop as its people live it, every step in the browser: an author proposes a file with its upload,
// an editor asks for changes, the author reads the comment and sends a new version, the editor sees what changed
// and publishes; the product is then in the list and the search, and a customer buys it.
import { consentTexts, type ReviewSubmission } from '@hls/contract';
import { demo, expect, test, uniqueEmail, waitingForApp } from './fixtures.ts';
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
  shopWords,
  toast,
} from './flows.ts';
import { decide, makePdf, openReview } from './editorial-flows.ts';

test('an author proposes a file, revises it after the editor’s comment, and is published and sold', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const title = `Stock rotation planner ${Date.now().toString(36)}`;

  // The author proposes a professional file from the form, with its upload.
  const author = newAccount(uniqueEmail('author'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, author, 'author', { language: 'fr' });
  await logInThroughApi(page, request, author.email, author.password);
  await openIn(page, '/file-proposed', 'en');
  await page.getByRole('radio', { name: /^Pro files/ }).check();
  await page.getByLabel(/^Title/).fill(title);
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page
    .getByLabel(/^Description/)
    .fill('A planner for stock rotation in small shops, with monthly reorder points and alerts.');
  await page.getByLabel(/^Language of the content/).selectOption('en');
  await page.getByLabel(/^File type/).selectOption('pdf');
  const category = page.getByLabel(/^Category/);
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel(/^Price \(EUR\)/).fill('15');
  await page
    .getByLabel(/^File \*?$/)
    .setInputFiles({ name: 'planner.pdf', mimeType: 'application/pdf', buffer: await makePdf(title, 8) });
  await expect(page.getByText(/^planner\.pdf received \(/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Send for review' }).click();
  await expect(toast(page, 'file saved')).toBeVisible();
  await expect(page).toHaveURL(/\/file-book$/);
  const row = page.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Submitted');
  const href = await row.getByRole('link', { name: title, exact: true }).getAttribute('href');
  const id = new URL(href!, 'http://localhost').searchParams.get('id')!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // The editor claims it and asks for changes.
  const editor = await pageAs(browser, request, demo.editor);
  await openReview(editor, id);
  await editor.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(editor.getByText('You claimed this submission.')).toBeVisible();
  await decide(
    editor,
    /^Request changes/,
    'Please add a weekly view of the reorder points.',
    'Request changes',
  );

  // The author reads the comment, in French, and sends a new version with a note.
  await openIn(page, `/author-product?id=${id}`, 'fr');
  await expect(page.getByText('Please add a weekly view of the reorder points.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer une nouvelle version' }).click();
  await page
    .getByLabel(/^Description/)
    .fill('A planner for stock rotation in small shops, with weekly reorder points and alerts.');
  await page.getByLabel(/^Note aux éditeurs/).fill('Vue hebdomadaire ajoutée.');
  await page.getByRole('button', { name: 'Envoyer la nouvelle version' }).click();
  await expect(toast(page, 'Fichier enregistré')).toBeVisible();

  // The editor sees what changed, side by side, and publishes.
  await openReview(editor, id);
  const description = editor.getByRole('region', { name: 'Changes to the description' });
  await expect(description.locator('.ed-diff__text del')).toHaveText('[deleted: monthly]');
  await expect(description.locator('.ed-diff__text ins')).toHaveText('[inserted: weekly]');
  await expect(editor.getByText('Vue hebdomadaire ajoutée.').first()).toBeVisible();
  await editor.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(editor.getByText('You claimed this submission.')).toBeVisible();
  await decide(editor, /^Publish/, 'Welcome to the catalogue.', 'Publish');
  await editor.context().close();

  const published = await callApiAs<ReviewSubmission>(
    request,
    await accessToken(request, demo.editor, demo.password),
    'get',
    `/api/editorial/submissions/${id}`,
  );
  expect(published.status).toBe('published');
  const productId = published.productId!;

  // The author's list says so; the product is in the professional list and in the search at once.
  await openIn(page, '/file-book', 'en');
  await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('Published');
  await openIn(page, `/professionnel?search=${encodeURIComponent(title)}`, 'en');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await openIn(page, `/search?search=${encodeURIComponent(title)}`, 'fr');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  // A customer buys it with the demo card and downloads it.
  const buyer = waitingForApp(await browser.newPage());
  await newCustomer(buyer, request, uniqueEmail('buyer'));
  await addToCart(buyer, { id: productId, kind: 'file' });
  await checkOutCart(buyer);
  await giveDigitalConsents(buyer, consentTexts.en);
  await payWithDemoCard(buyer, '4242 4242 4242 4242');
  await expect(buyer).toHaveURL(/\/download$/, { timeout: 20_000 });
  await expect(buyer.getByText(shopWords.en.thanks)).toBeVisible();
  await expect(buyer.getByText(title).first()).toBeVisible();
  await buyer.close();
});
