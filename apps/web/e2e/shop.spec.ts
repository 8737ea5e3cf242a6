import type { APIRequestContext, Page } from '@playwright/test';
import type { Dashboard, ProductPage, ProductSummary } from '@hls/contract';
import { expect, expectNoA11yViolations, readLatestMail, screenshot, test, uniqueEmail } from './fixtures.ts';
import { newCustomer, openIn } from './flows.ts';

// Cart, wishlist and compare rules (SPEC §4–§5, toasts of §8), the content pages, the author contract and the contact
// form, on the demo catalogue.

async function firstBook(request: APIRequestContext): Promise<ProductSummary> {
  const response = await request.get('/api/books/dashbord');
  expect(response.ok()).toBe(true);
  const dashboard = (await response.json()) as Dashboard;
  const book = dashboard.new[0];
  if (!book) throw new Error('The demo catalogue has no book');
  return book;
}

async function firstProFile(request: APIRequestContext): Promise<ProductSummary> {
  const response = await request.post('/api/category/filter/pro', { data: {} });
  expect(response.ok()).toBe(true);
  const file = ((await response.json()) as ProductPage).results.find((product) => !product.free);
  if (!file) throw new Error('The demo catalogue has no paid professional file');
  return file;
}

test.slow();

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test('adding the same book twice raises the quantity; decreasing from 1 removes the line', async ({
  page,
  request,
}) => {
  const book = await firstBook(request);
  await openIn(page, `/product/${book.id}`);
  const add = page.getByRole('button', { name: 'Add to cart' });
  await add.click();
  await expect(toast(page, 'Added To Cart').first()).toBeVisible();
  await add.click();
  await expect(toast(page, 'Added To Cart')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.getByTestId('cart-count').click();
  const miniCart = page.locator('.mini-cart');
  await expect(miniCart.getByRole('link', { name: book.title })).toBeVisible();
  await expect(miniCart).toContainText('2 copies');
  await miniCart.getByRole('link', { name: 'View cart' }).click();

  await expect(page).toHaveURL(/\/cart$/);
  await expect(page).toHaveTitle('Cart | HLS');
  const line = page.locator('.cart-line');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('link', { name: book.title })).toHaveAttribute('href', `/product/${book.id}`);
  const quantity = page.getByRole('group', { name: `Quantity of ${book.title}` });
  await expect(quantity.locator('output')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'shop-cart-en');

  await page.getByRole('button', { name: `Decrease quantity of ${book.title}` }).click();
  await expect(toast(page, 'Item Decremented From Cart')).toBeVisible();
  await expect(quantity.locator('output')).toHaveText('1');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.getByRole('button', { name: `Increase quantity of ${book.title}` }).click();
  await expect(quantity.locator('output')).toHaveText('2');
  await page.getByRole('button', { name: `Decrease quantity of ${book.title}` }).click();
  await page.getByRole('button', { name: `Decrease quantity of ${book.title}` }).click();
  await expect(toast(page, 'Removed From Cart')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'shop-cart-empty-en');
});

test('the cart survives a reload (saved under HLS)', async ({ page, request }) => {
  const file = await firstProFile(request);
  await openIn(page, `/prodoc/${file.id}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect
    .poll(async () => page.evaluate(() => localStorage.getItem('HLS') ?? ''))
    .toContain(`\\"id\\":${file.id}`);

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await openIn(page, '/cart');
  await expect(page.locator('.cart-line').getByRole('link', { name: file.title })).toBeVisible();
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});

test('the wishlist refuses the same product twice with an info toast', async ({ page, request }) => {
  const book = await firstBook(request);
  await openIn(page, `/product/${book.id}`);
  await page.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(toast(page, 'Added To wishlist')).toBeVisible();
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');
  await page.getByRole('button', { name: 'In your wishlist' }).click();
  const refused = toast(page, 'Product already in wishlist');
  await expect(refused).toBeVisible();
  await expect(
    page.locator('.Toastify__toast--info').filter({ hasText: 'Product already in wishlist' }),
  ).toHaveCount(1);
  await expect(page.getByTestId('wishlist-count')).toHaveText('1');

  await openIn(page, '/wishlist');
  await expect(page).toHaveTitle('Wishlist | HLS');
  await expect(page.locator('.shop-card')).toHaveCount(1);
  await expect(page.locator('.shop-card').getByRole('link', { name: book.title, exact: true })).toBeVisible();
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'shop-wishlist-en');
  await page.getByRole('button', { name: `Remove ${book.title} from the wishlist` }).click();
  await expect(toast(page, 'Removed From Wishlist')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
});

test('compare a book and a file side by side, then add one to the cart and remove it', async ({
  page,
  request,
}) => {
  const [book, file] = [await firstBook(request), await firstProFile(request)];
  await openIn(page, `/product/${book.id}`);
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(toast(page, 'Added To compare')).toBeVisible();
  await openIn(page, `/prodoc/${file.id}`);
  await page.getByRole('button', { name: 'Add to compare' }).click();
  await expect(page.getByTestId('compare-count')).toHaveText('2');

  await openIn(page, '/compare');
  const table = page.getByRole('table', { name: 'Comparison of 2 products' });
  await expect(table.getByRole('columnheader')).toHaveCount(2);
  await expect(table.getByRole('columnheader', { name: book.title })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: file.title })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Author' })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Author/ })).toContainText(book.author.name);
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'shop-compare-en');

  await page.getByRole('button', { name: `Add to cart: ${file.title}` }).click();
  await expect(toast(page, 'Added To Cart')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: `Remove ${file.title} from the compare list` }).click();
  await expect(toast(page, 'Removed From Compare')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Comparison of 1 products' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear compare list' }).click();
  await expect(page.getByRole('heading', { name: 'Your compare list is empty' })).toBeVisible();
});

test('the sales tips link scrolls the publish page to its tips; the author contract downloads as contrat.pdf', async ({
  page,
}) => {
  await openIn(page, '/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Tips to boost your sales' }).click();
  await expect(page).toHaveURL(/\/publish#tips$/);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Publish');
  const tips = page.locator('#tips');
  await expect(tips.getByRole('listitem')).toHaveCount(9);
  await expect(tips).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(page.getByRole('heading', { level: 2, name: 'Publish in 4 steps' })).toBeVisible();
  await expect(page.locator('.steps__item')).toHaveCount(4);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the author contract' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('contrat.pdf');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');

  const [fromFooter] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('contentinfo').getByRole('button', { name: 'Author contract (PDF)' }).click(),
  ]);
  expect(fromFooter.suggestedFilename()).toBe('contrat.pdf');

  // Opened directly, the page starts at the top and its breadcrumb reads its title.
  await openIn(page, '/publish');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Publish with HLS');
});

test('the contact form shows its errors, sends a guest’s message to the team only, and acknowledges a customer’s by e-mail', async ({
  page,
  request,
}) => {
  await openIn(page, '/contact');
  await expect(page.getByRole('link', { name: /^support@/ }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(4);
  await expect(page.getByRole('textbox', { name: 'Your name' })).toBeFocused();
  await expect(page.getByText('Enter your name.')).toBeVisible();
  await expectNoA11yViolations(page);
  await screenshot(page, 'shop-contact-errors-en');

  const email = uniqueEmail('contact');
  const sentAt = new Date();
  await page.getByRole('textbox', { name: 'Your name' }).fill('Amira Test');
  await page.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Question about a paper book');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Short');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Write at least 10 characters.')).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('When will my paper book be shipped to Lyon? Thank you.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  await expect(page.getByText(`we will answer at ${email}`)).toBeVisible();
  await expectNoA11yViolations(page);
  // The team has it; the address a guest typed gets nothing (anyone could type anyone's).
  const team = await readLatestMail('support@hls.test', {
    after: sentAt,
    subject: '[Contact] Question about a paper book',
  });
  expect(team.text).toContain('When will my paper book be shipped to Lyon?');
  await expect(readLatestMail(email, { after: sentAt, timeout: 1000 })).rejects.toThrow(/No mail/);

  // A customer signed in with a confirmed address is acknowledged there, with the message's reference only.
  const customer = await newCustomer(page, request, uniqueEmail('contact-customer'));
  await openIn(page, '/contact');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Camille Durand');
  await page.getByRole('textbox', { name: 'Your e-mail' }).fill(customer.email);
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('My order');
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Could you tell me when my order leaves the warehouse?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent')).toBeVisible();
  const ack = await readLatestMail(customer.email, { subject: 'We have received your message' });
  expect(ack.text).toContain('sent from your account');
  expect(ack.text).not.toContain('warehouse');
});

const screens = [
  { path: '/cart', title: { en: 'Cart', fr: 'Panier' } },
  { path: '/wishlist', title: { en: 'Wishlist', fr: 'Liste d’envies' } },
  { path: '/compare', title: { en: 'Compare', fr: 'Comparateur' } },
  { path: '/about', title: { en: 'About us', fr: 'À propos' } },
  { path: '/contact', title: { en: 'Contact', fr: 'Contact' } },
  { path: '/terms', title: { en: 'Terms of sale', fr: 'Conditions générales de vente' } },
  { path: '/legals', title: { en: 'Legal notice', fr: 'Mentions légales' } },
  { path: '/privacy', title: { en: 'Privacy notice', fr: 'Politique de confidentialité' } },
  { path: '/publish', title: { en: 'Publish with HLS', fr: 'Publier avec HLS' } },
] as const;

for (const lng of ['en', 'fr'] as const) {
  test(`every shop and content screen is titled and described in ${lng}`, async ({ page, request }) => {
    const [book, file] = [await firstBook(request), await firstProFile(request)];
    // Something in each list, so the filled screens are checked too.
    await openIn(page, `/product/${book.id}`, lng);
    const add =
      lng === 'en'
        ? ['Add to cart', 'Add to wishlist', 'Add to compare']
        : ['Ajouter au panier', 'Ajouter à la liste d’envies', 'Ajouter au comparateur'];
    for (const name of add) await page.getByRole('button', { name, exact: true }).click();
    await openIn(page, `/prodoc/${file.id}`, lng);
    await page.getByRole('button', { name: add[2], exact: true }).click();

    const descriptions = new Set<string>();
    for (const screen of screens) {
      await openIn(page, screen.path, lng);
      await expect(page.getByRole('heading', { level: 1, name: screen.title[lng] })).toBeVisible();
      await expect(page).toHaveTitle(`${screen.title[lng]} | HLS`);
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(description.length).toBeGreaterThan(60);
      descriptions.add(description);
      const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => (JSON.parse(text) as { '@type': string })['@type'],
      );
      expect(types).toContain('BreadcrumbList');
      if (screen.path === '/compare') await expect(page.getByRole('columnheader')).toHaveCount(2);
      if (screen.path === '/legals') {
        await expect(page.getByText('Registration number')).toHaveCount(lng === 'en' ? 1 : 0);
        await expect(page.getByRole('link', { name: '+33 9 72 10 10 07' })).toBeVisible();
      }
      if (screen.path === '/privacy')
        await expect(page.getByRole('main')).toContainText(
          lng === 'en' ? 'Information Commissioner’s Office' : 'CNIL',
        );
      await screenshot(page, `shop${screen.path.replace('/', '-')}-${lng}`);
    }
    expect(descriptions.size).toBe(screens.length);
  });
}

test('the terms: breadcrumb Home > Terms, 11 sections reachable from the contents', async ({ page }) => {
  await openIn(page, '/terms', 'fr');
  const breadcrumb = page.getByRole('navigation', { name: 'Fil d’Ariane' });
  await expect(breadcrumb.getByRole('listitem')).toHaveText(['Accueil', 'Conditions']);
  const contents = page.getByRole('navigation', { name: 'Sommaire' });
  await expect(contents.getByRole('list').getByRole('link')).toHaveCount(11);
  await contents.getByRole('link', { name: 'Droit de rétractation' }).click();
  await expect(page).toHaveURL(/#terms-withdrawal$/);
  const withdrawal = page.locator('#terms-withdrawal');
  await expect(withdrawal).toBeInViewport();
  await expect(withdrawal).toContainText('14 jours à compter de la réception');
  await expect(page.locator('#terms-applicable-law')).toContainText('tribunaux de Londres');
  // The model withdrawal form, from the contents and from the withdrawal section, addressed to the seller.
  await withdrawal.getByRole('link').click();
  const form = page.getByRole('region', { name: /modèle de formulaire de rétractation/ });
  await expect(form).toBeInViewport();
  await expect(form).toContainText('À l’attention de HLS Editions Ltd');
  await expect(form).toContainText('claims@hls.test');
  await expect(form).toContainText('(*) Rayez la mention inutile.');
  await screenshot(page, 'terms-withdrawal-form-fr', { fullPage: false });

  await openIn(page, '/terms', 'en');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    'Home',
    'Terms',
  ]);
});
