import type { APIRequestContext, Locator } from '@playwright/test';
import type { BookDetail, StockList } from '@hls/contract';
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
  activePanel,
  bookDetail,
  confirmEmailThroughMail,
  newAccount,
  newCustomer,
  openIn,
  pageAs,
  registerThroughApi,
  toast,
} from './flows.ts';

// Back-in-stock requests (issue: a customer could not be told when a paper book out of stock is back): customers
// ask on the book's page, in English at 1280 px and in French at 360 px, a guest is sent to sign in and back; an
// editor counts a delivery in the back office, and each customer gets one e-mail in their language.

/**
 * A demo book with a paper edition and an ebook, not the one with the most copies (other journeys buy that one),
 * put out of stock through the back office's API; its paper edition's id.
 */
async function bookOutOfStock(request: APIRequestContext, editor: string) {
  const headers = { authorization: `Bearer ${editor}` };
  const list = await request.get('/api/admin/stock', { headers });
  expect(list.ok(), await list.text()).toBe(true);
  const rows = ((await list.json()) as StockList).results
    .filter((row) => row.status === 'published' && row.stock > 0)
    .sort((a, b) => a.stock - b.stock);
  for (const row of rows.slice(0, -3)) {
    const book: BookDetail = await bookDetail(request, row.productId);
    if (!book.editions.some((edition) => edition.format === 'ebook' && edition.inStock)) continue;
    const emptied = await request.post(`/api/admin/stock/${row.editionId}`, {
      headers,
      data: { stock: 0, reason: 'count', note: 'Stock alerts journey' },
    });
    expect(emptied.ok(), await emptied.text()).toBe(true);
    return { book, editionId: row.editionId };
  }
  throw new Error('The demo catalogue has no paper book with an ebook to put out of stock');
}

/** Chooses the paper edition (the ebook, which can be bought, may be chosen first). */
async function choosePaper(scope: Locator, name: RegExp) {
  const radio = scope.getByRole('radio', { name });
  await expect(async () => {
    await radio.check();
    await expect(radio).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

test('customers ask to be told when a paper book is back, and each gets one e-mail in their language', async ({
  browser,
  page,
  request,
}) => {
  const { book } = await bookOutOfStock(request, await accessToken(request, demo.editor, demo.password));
  const path = `/product/${book.id}`;

  // A guest is offered a sign-in that comes back to the book.
  await openIn(page, path);
  const buy = page.locator('.product-buy');
  await choosePaper(buy, /^Paper book/);
  await expect(buy.getByText('Out of stock', { exact: true })).toBeVisible();
  await expect(buy.getByText('The ebook is available meanwhile, to download at once.')).toBeVisible();
  const ann = newAccount(uniqueEmail('alert-en'));
  await registerThroughApi(request, ann, 'customer', { language: 'en' });
  await confirmEmailThroughMail(request, ann.email);
  await buy.getByRole('link', { name: 'Sign in to be told when it is back in stock' }).click();
  await expect(page).toHaveURL(/\/login-register/);
  const login = activePanel(page);
  await login.getByLabel(/^E-mail address/).fill(ann.email);
  await login.getByLabel(/^Password/).fill(ann.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  // Back on the book, its paper edition chosen.
  await expect(page).toHaveURL(new RegExp(`${path}\\?edition=paper$`));
  await expect(buy.getByRole('radio', { name: /^Paper book/ })).toBeChecked();
  await buy.getByRole('button', { name: 'Tell me when it is back in stock' }).click();
  await expect(
    buy.getByText('We will e-mail you once, as soon as this paper book is back in stock.'),
  ).toBeVisible();
  // Cancelled, then asked again: one request stays.
  await buy.getByRole('button', { name: 'Cancel the alert' }).click();
  await buy.getByRole('button', { name: 'Tell me when it is back in stock' }).click();
  await expect(buy.getByRole('button', { name: 'Cancel the alert' })).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'stock-alert-en-1280');

  // The request is kept: a new visit shows it.
  await page.reload();
  await choosePaper(buy, /^Paper book/);
  await expect(buy.getByRole('button', { name: 'Cancel the alert' })).toBeVisible();

  // A French customer on a phone.
  const phone = waitingForApp(
    await (await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'fr-FR' })).newPage(),
  );
  await phone.setViewportSize({ width: 360, height: 740 });
  const zoe = await newCustomer(phone, request, uniqueEmail('alert-fr'), { language: 'fr' });
  await openIn(phone, path, 'fr');
  const achat = phone.locator('.product-buy');
  await choosePaper(achat, /^Livre papier/);
  await expect(
    achat.getByText('En attendant, le livre numérique est disponible', { exact: false }),
  ).toBeVisible();
  await expect(achat.getByRole('button', { name: 'Me prévenir de son retour en stock' })).toBeVisible();
  await expectNoA11yViolations(phone);
  await screenshot(phone, 'stock-alert-ask-fr-360');
  await achat.getByRole('button', { name: 'Me prévenir de son retour en stock' }).click();
  await expect(achat.getByRole('button', { name: 'Annuler l’alerte' })).toBeVisible();
  await expect(
    achat.getByRole('status').filter({ hasText: 'Nous vous écrirons une seule fois' }),
  ).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(phone, 'stock-alert-fr-360');

  // An editor counts a delivery in the back office.
  const restockedAt = new Date();
  const editor = await pageAs(browser, request, demo.editor);
  await openIn(editor, '/back-office/stock');
  const search = editor.getByRole('search', { name: 'Find a paper book' });
  await search.getByLabel('Title').fill(book.title);
  await search.getByRole('button', { name: 'Show' }).click();
  const item = editor.getByRole('listitem').filter({ hasText: book.title });
  await item.getByRole('button', { name: `Change the stock of ${book.title}` }).click();
  const form = editor.getByRole('form', { name: `Stock of ${book.title}` });
  await form.getByLabel(/^Copies in stock/).fill('6');
  await form.getByLabel(/^Reason/).selectOption({ label: 'Delivery received' });
  await form.getByRole('button', { name: 'Save the count' }).click();
  await expect(toast(editor, 'stock saved')).toBeVisible();
  await editor.context().close();

  // One e-mail each, in their language, with the book's link.
  const english = await readLatestMail(ann.email, { subject: /^Back in stock/, after: restockedAt });
  expect(english.subject).toBe(`Back in stock: “${book.title}”`);
  expect(english.links).toContain(`${test.info().project.use.baseURL}${path}`);
  const french = await readLatestMail(zoe.email, { subject: /^De retour en stock/, after: restockedAt });
  expect(french.subject).toBe(`De retour en stock\u202f: «\u202f${book.title}\u202f»`);
  expect(french.text).toContain('est de retour en stock');
  expect(french.links).toContain(`${test.info().project.use.baseURL}${path}`);

  // Following the link: the book is on sale, and no request is left to cancel.
  await phone.goto(french.links.find((link) => link.endsWith(path))!);
  await choosePaper(achat, /^Livre papier/);
  await expect(achat.getByText('En stock', { exact: true })).toBeVisible();
  await expect(achat.getByRole('button', { name: 'Annuler l’alerte' })).toHaveCount(0);
  await phone.context().close();
});
