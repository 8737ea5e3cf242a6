// Steps several journeys share, written against what a user sees: roles, labels and visible text (English UI).
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { BookDetail, EditionFormat, FileType, Order, ProductPage, ProductSummary } from '@hls/contract';
import { demo, readLatestMail, strongPassword, test, waitingForApp } from './fixtures.ts';

export type Lng = 'en' | 'fr';

export type NewAccount = { firstName: string; lastName: string; email: string; password: string };

export function newAccount(email: string, overrides: Partial<NewAccount> = {}): NewAccount {
  return { firstName: 'Camille', lastName: 'Durand', email, password: strongPassword, ...overrides };
}

/** The visible tab panel of /login-register (login, forgot password, or register). */
export function activePanel(page: Page) {
  return page.locator('[role="tabpanel"]:not([hidden])');
}

/**
 * Selects a tab of /login-register and waits until it shows: the tab is part of the address, and the router
 * commits the change in a transition, so on a busy machine the previous panel can still be the visible one.
 */
export async function selectTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/**
 * Opens `path` in language `lng` (through `?lng=`) and waits for its main heading; product pages wait for the
 * API, which a busy machine can make slow.
 */
export async function openIn(page: Page, path: string, lng = 'en'): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** A toast (bottom left) showing `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text).first();
}

/** Opens /login-register in English and creates an account with the register tab. */
export async function registerThroughForm(
  page: Page,
  account: NewAccount,
  { author = false } = {},
): Promise<void> {
  await page.goto('/login-register?lng=en');
  await selectTab(page, 'Register');
  const form = activePanel(page);
  await form.getByLabel(/^First name/).fill(account.firstName);
  await form.getByLabel(/^Last name/).fill(account.lastName);
  await form.getByLabel(/^E-mail address/).fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel(/^Confirm password/).fill(account.password);
  if (author) await form.getByRole('checkbox', { name: 'I am an author' }).check();
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(toast(page, 'success register')).toBeVisible();
  // SPEC §4: a successful registration switches to the login tab, with the new address filled in.
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await expect(activePanel(page).getByLabel(/^E-mail address/)).toHaveValue(account.email);
}

/** Logs in with the login tab of /login-register; SPEC §4 then sends the user to /my-account. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login-register')) await page.goto('/login-register?lng=en');
  const form = activePanel(page);
  await form.getByLabel(/^E-mail address/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'success login')).toBeVisible();
  await expect(page).toHaveURL(/\/my-account$/);
}

/** Creates an account through the API, as the register form does (set-up for journeys about something else). */
export async function registerThroughApi(
  request: APIRequestContext,
  account: NewAccount,
  role: 'customer' | 'author' = 'customer',
  { language = 'en' }: { language?: Lng } = {},
): Promise<void> {
  const response = await request.post(`/api/register/${role}`, {
    multipart: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      language,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The newest link of a kind (`/email/confirm/`, `/email/report/`) in the mail last sent to `email` (its .eml). */
export async function linkFromMail(
  email: string,
  kind: '/email/confirm/' | '/email/report/',
  { subject, after }: { subject?: string | RegExp; after?: Date } = {},
): Promise<string> {
  const mail = await readLatestMail(email, { ...(subject ? { subject } : {}), ...(after ? { after } : {}) });
  const link = mail.links.find((url) => new URL(url).pathname.startsWith(kind));
  if (!link) throw new Error(`No ${kind} link in "${mail.subject}" to ${email}`);
  return link;
}

/**
 * Follows the confirmation link mailed to a new account (read from its .eml), as its owner does from the inbox:
 * the confirmation page posts the link's token, and the account may then order.
 */
export async function confirmEmailThroughMail(request: APIRequestContext, email: string): Promise<void> {
  const link = await linkFromMail(email, '/email/confirm/');
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);
  const response = await request.post('/api/email/confirm', { data: { token } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the header's account dropdown and returns its panel. */
export async function openAccountMenu(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const panelId = await button.getAttribute('aria-controls');
  return page.locator(`[id="${panelId}"]`);
}

/* ---------------------------------------------------------------- sessions */

/**
 * Logs in through the API and keeps the tokens where the app looks for them (set-up for journeys about something
 * else); the next page the app opens is logged in. Returns the access token for API calls.
 */
export async function logInThroughApi(
  page: Page,
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const { access, refresh } = (await response.json()) as { access: string; refresh: string };
  // Any address of the site gives the storage of its origin; the health check does not start the app.
  await page.goto('/api/health');
  await page.evaluate(
    ([a, r]) => {
      localStorage.setItem('hls.accessToken', a!);
      localStorage.setItem('hls.refreshToken', r!);
    },
    [access, refresh],
  );
  return access;
}

/**
 * A page of a browser context of its own, logged in as `email` (a demo editor beside the customer of the journey),
 * in English. Close it with `page.context().close()`.
 */
export async function pageAs(
  browser: Browser,
  request: APIRequestContext,
  email: string,
  password: string = demo.password,
): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-GB' });
  const page = waitingForApp(await context.newPage());
  await logInThroughApi(page, request, email, password);
  return page;
}

/**
 * A new customer, registered through the API (in `language`), who confirmed the address from the mail (orders
 * wait for it), logged in on `page`.
 */
export async function newCustomer(
  page: Page,
  request: APIRequestContext,
  email: string,
  { language = 'en', ...overrides }: Partial<NewAccount> & { language?: Lng } = {},
): Promise<NewAccount & { access: string }> {
  const account = newAccount(email, overrides);
  await registerThroughApi(request, account, 'customer', { language });
  await confirmEmailThroughMail(request, account.email);
  const access = await logInThroughApi(page, request, account.email, account.password);
  return { ...account, access };
}

/* ---------------------------------------------------------------- the demo catalogue */

async function listPage(request: APIRequestContext, url: string, filter: object): Promise<ProductSummary[]> {
  const response = await request.post(url, { data: filter });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as ProductPage).results;
}

/** A published book's page data (editions with their prices and stock). */
export async function bookDetail(request: APIRequestContext, id: number): Promise<BookDetail> {
  const response = await request.get(`/api/books/list/${id}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as BookDetail;
}

/**
 * A demo book sold in `format`: for paper, the one with the most copies in stock (journeys running side by side
 * each take one); `skip` leaves out books another step already uses.
 */
/**
 * A product of the demo seed (its cover under covers/demo/), not one a journey published: the journeys that
 * compare bytes with the seed's files, or read its facts, pick among these.
 */
export const fromDemoSeed = (product: Pick<ProductSummary, 'coverUrl'>) =>
  product.coverUrl.includes('/covers/demo/');

export async function bookIn(
  request: APIRequestContext,
  format: EditionFormat,
  { skip = [] as number[] } = {},
): Promise<BookDetail> {
  const summaries = (await listPage(request, '/api/books/filter/book', { edition: format })).filter(
    (book) => fromDemoSeed(book) && !skip.includes(book.id),
  );
  const books = await Promise.all(summaries.slice(0, 8).map((book) => bookDetail(request, book.id)));
  const sold = books
    .map((book) => ({ book, edition: book.editions.find((edition) => edition.format === format) }))
    .filter(({ edition }) => edition?.inStock)
    .sort((a, b) => (b.edition!.stock ?? 0) - (a.edition!.stock ?? 0));
  if (!sold[0]) throw new Error(`The demo catalogue has no book sold as ${format}`);
  return sold[0].book;
}

/** A paid professional file of `fileType` (Excel by default: its bytes are served as stored, never stamped). */
export async function professionalFile(
  request: APIRequestContext,
  fileType: FileType = 'excel',
): Promise<ProductSummary> {
  const file = (await listPage(request, '/api/category/filter/pro', { fileType: [fileType] })).find(
    (product) => fromDemoSeed(product) && !product.free,
  );
  if (!file) throw new Error(`The demo catalogue has no paid professional ${fileType} file`);
  return file;
}

/** A free academic file of `fileType`. */
export async function academicFile(
  request: APIRequestContext,
  fileType: FileType = 'word',
): Promise<ProductSummary> {
  const file = (await listPage(request, '/api/category/filter/student', { fileType: [fileType] })).find(
    fromDemoSeed,
  );
  if (!file) throw new Error(`The demo catalogue has no academic ${fileType} file`);
  return file;
}

/* ---------------------------------------------------------------- cart, checkout, payment */

/** What the shop's buttons and fields say, in each language (the locale files' words). */
export const shopWords = {
  en: {
    addToCart: 'Add to cart',
    editions: { paper: 'Paper book', ebook: 'Ebook' },
    checkout: 'Checkout',
    orderSaved: 'order saved',
    pay: 'Order with obligation to pay',
    cardNumber: /^Card number/,
    expiry: /^Expiry date/,
    cvc: /^Security code/,
    demoBanner: 'Demo payment — no money is taken.',
    thanks: 'Thank you, your payment is confirmed',
    download: 'Download',
  },
  fr: {
    addToCart: 'Ajouter au panier',
    editions: { paper: 'Livre papier', ebook: 'Livre numérique' },
    checkout: 'Commander',
    orderSaved: 'Commande enregistrée',
    pay: 'Commander avec obligation de paiement',
    cardNumber: /^Numéro de carte/,
    expiry: /^Date d’expiration/,
    cvc: /^Code de sécurité/,
    demoBanner: 'Paiement de démonstration — aucun argent n’est prélevé.',
    thanks: 'Merci, votre paiement est confirmé',
    download: 'Télécharger',
  },
} as const;

/** Adds a book in `format`, or a file (no format), to the cart from its page. */
export async function addToCart(
  page: Page,
  product: { id: number; kind: 'book' | 'file' },
  { format, lng = 'en' }: { format?: EditionFormat; lng?: Lng } = {},
): Promise<void> {
  const words = shopWords[lng];
  await openIn(page, product.kind === 'book' ? `/product/${product.id}` : `/prodoc/${product.id}`, lng);
  const count = page.getByTestId('cart-count');
  const before = Number((await count.textContent()) ?? '0');
  if (format) {
    const edition = page.getByRole('radio', { name: new RegExp(`^${words.editions[format]}`) });
    await edition.check();
    await expect(edition).toBeChecked();
  }
  await page.getByRole('button', { name: words.addToCart, exact: true }).click();
  await expect(count).toHaveText(String(before + 1));
}

/**
 * From the cart, "Checkout": the server creates the order and /checkout shows it; then the buyer says which country
 * they live in (France unless told; `null` leaves the step to the journey).
 */
export async function checkOutCart(
  page: Page,
  lng: Lng = 'en',
  { country = 'France' }: { country?: string | null } = {},
): Promise<void> {
  const words = shopWords[lng];
  await openIn(page, '/cart', lng);
  await page.getByRole('button', { name: words.checkout, exact: true }).click();
  await expect(toast(page, words.orderSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('button', { name: words.pay })).toBeVisible({ timeout: 20_000 });
  if (country) await saveBillingCountry(page, country, lng);
}

/** The checkout's "Your country" step: the country chosen by its name, and an EU business's VAT number. */
export async function saveBillingCountry(
  page: Page,
  country: string,
  lng: Lng = 'en',
  vatNumber?: string,
): Promise<void> {
  const words = billingWords[lng];
  const form = page.getByRole('form', { name: words.title });
  await form.getByLabel(words.country).selectOption({ label: country });
  if (vatNumber) await form.getByLabel(words.vatNumber).fill(vatNumber);
  await form.getByRole('button', { name: words.save }).click();
  // Saved: the form gives way to what was saved.
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('region', { name: words.title })).toContainText(country);
}

const billingWords = {
  en: {
    title: 'Your country',
    country: /^Country you live in/,
    vatNumber: /^EU VAT number/,
    save: 'Save my country',
  },
  fr: {
    title: 'Votre pays',
    country: /^Pays de résidence/,
    vatNumber: /^Numéro de TVA/,
    save: 'Enregistrer mon pays',
  },
} as const;

/** Ticks the two digital-goods statements of /checkout (their words are the contract's `consentTexts`). */
export async function giveDigitalConsents(
  page: Page,
  texts: { immediateDelivery: string; withdrawalWaiver: string },
) {
  for (const text of [texts.immediateDelivery, texts.withdrawalWaiver]) {
    const box = page.getByRole('checkbox', { name: text });
    await expect(box).not.toBeChecked();
    await box.check();
  }
}

/** Types a demo card (any future expiry, any code) and presses the pay button. */
export async function payWithDemoCard(page: Page, number: string, lng: Lng = 'en'): Promise<void> {
  const words = shopWords[lng];
  const pay = page.getByRole('button', { name: words.pay });
  await expect(pay).toBeEnabled({ timeout: 20_000 });
  await page.getByLabel(words.cardNumber).fill(number);
  await page.getByLabel(words.expiry).fill('12/34');
  await page.getByLabel(words.cvc).fill('123');
  await pay.click();
}

/* ---------------------------------------------------------------- set-up through the API */

type ApiLine = { productId: number; edition?: EditionFormat; quantity?: number };

/**
 * Calls the API as the holder of `access` (a JSON body, if any), expects a 2xx answer and returns its JSON: the
 * set-up steps a journey takes through the API instead of its screens.
 */
export async function callApiAs<T>(
  request: APIRequestContext,
  access: string,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  url: string,
  data?: object,
): Promise<T> {
  const response = await request[method](url, {
    headers: { Authorization: `Bearer ${access}` },
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * An order created through the API, as the cart's "Checkout" creates it, its buyer living in `billing` (France
 * unless told) and its books going to `address`; left waiting for its payment.
 */
export async function orderThroughApi(
  request: APIRequestContext,
  access: string,
  lines: ApiLine[],
  address?: { fullName: string; line1: string; postalCode: string; city: string; country: string },
  billing: { country: string; vatNumber?: string } = { country: 'FR' },
): Promise<Order> {
  const created = await callApiAs<Order>(request, access, 'post', '/api/order/create', { lines });
  let order = await callApiAs<Order>(request, access, 'post', '/api/order/billing', {
    orderId: created.id,
    ...billing,
  });
  if (address)
    order = await callApiAs<Order>(request, access, 'post', '/api/order/address', {
      orderId: order.id,
      ...address,
    });
  return order;
}

/** Pays an order through the API with the demo card 4242… and confirms it, as /checkout does. */
export async function payThroughApi(
  request: APIRequestContext,
  access: string,
  order: Order,
): Promise<Order> {
  const intent = await callApiAs<{ intentId: string; clientSecret: string }>(
    request,
    access,
    'post',
    '/api/order/intentPayement',
    {
      orderId: order.id,
      ...(order.hasDigital ? { consent: { immediateDelivery: true, withdrawalWaiver: true } } : {}),
    },
  );
  const paid = await callApiAs<{ status: string }>(
    request,
    access,
    'post',
    `/api/payments/demo/${intent.intentId}/pay`,
    { clientSecret: intent.clientSecret, number: '4242424242424242', expiry: '12/34', cvc: '123' },
  );
  expect(paid.status).toBe('succeeded');
  await callApiAs(request, access, 'post', '/api/order/confirm', { orderId: order.id });
  return callApiAs<Order>(request, access, 'get', `/api/order/${order.id}`);
}

/** The access token of an account (a demo editor's, for the back office's routes). */
export async function accessToken(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  const response = await request.post('/api/login', { data: { email, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { access: string }).access;
}

/** The back office marks a paid paper order shipped (La Poste, with a tracking page), then delivered if asked. */
export async function shipThroughApi(
  request: APIRequestContext,
  staffAccess: string,
  orderId: string,
  { delivered = false } = {},
): Promise<void> {
  const trackingNumber = `LP${Date.now()}FR`;
  await callApiAs(request, staffAccess, 'post', `/api/admin/orders/${orderId}/ship`, {
    carrier: 'La Poste',
    trackingNumber,
    trackingUrl: `https://www.laposte.fr/outils/suivre-vos-envois?code=${trackingNumber}`,
  });
  if (delivered) await callApiAs(request, staffAccess, 'post', `/api/admin/orders/${orderId}/deliver`);
}
