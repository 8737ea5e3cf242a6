import type { Page } from '@playwright/test';
import type { ProductPage } from '@hls/contract';
import { demo, expect, test } from './fixtures.ts';
import { logInThroughApi } from './flows.ts';

// Public pages arrive as HTML rendered by the server, in the visitor's language, and the browser takes them over
// (hydration) without re-rendering them; personal pages are left to the browser.

async function firstProduct(
  request: Page['request'],
  listPath: string,
): Promise<ProductPage['results'][number]> {
  const response = await request.post(`/api${listPath}?page=1`, { data: {} });
  expect(response.ok()).toBe(true);
  const page = (await response.json()) as ProductPage;
  return page.results[0]!;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a book, the bookshop and the home page are readable, with their head', async ({ page }) => {
    const book = await firstProduct(page.request, '/books/filter/book');
    await page.goto(`/product/${book.id}?lng=en`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: book.title })).toBeVisible();
    await expect(page).toHaveTitle(
      new RegExp(`^${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, by .+ \\| HLS$`),
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(book.title));
    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(structured.map((text) => (JSON.parse(text) as { '@type': string })['@type'])).toEqual([
      'Book',
      'BreadcrumbList',
    ]);

    await page.goto('/book?lng=fr');
    await expect(page.getByRole('heading', { level: 1, name: 'Librairie' })).toBeVisible();
    await expect(page.locator('.product-grid .product-card').first()).toBeVisible();
    await expect(page).toHaveTitle('Librairie | HLS');

    await page.goto('/', { waitUntil: 'load' });
    await expect(page.locator('.hero h1')).toBeVisible();
  });

  test('an unknown page and an unknown product answer 404, in the language of the browser', async ({
    page,
  }) => {
    for (const path of ['/no-such-page', '/product/999999']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });
});

test('personal pages are left to the browser: the server sends the bare shell', async ({ request }) => {
  for (const path of ['/cart', '/wishlist', '/compare', '/login-register', '/my-account']) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('<div id="root"></div>');
    expect(html, path).not.toContain('hls-server-data');
  }
});

test('the server render and the source maps are never served, the scripts are', async ({ request }) => {
  const html = await (await request.get('/about', { headers: { accept: 'text/html' } })).text();
  const script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeDefined();
  expect((await request.get(script!)).status()).toBe(200);
  for (const path of ['/server/entry-server.js', '/server/entry-server.js.map', `${script}.map`]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('sourcesContent');
  }
});

test('the browser takes over server-rendered pages without errors, in both languages', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('404'))
      errors.push(`${page.url()}: ${message.text()}`);
  });
  const book = await firstProduct(page.request, '/books/filter/book');
  const file = await firstProduct(page.request, '/category/filter/pro');
  for (const lng of ['en', 'fr']) {
    for (const path of [
      '/',
      '/book',
      '/academic',
      `/product/${book.id}`,
      `/prodoc/${file.id}`,
      '/about',
      '/publish',
    ]) {
      const response = await page.goto(`${path}?lng=${lng}`);
      expect(await response?.text(), path).toContain('id="hls-server-data"');
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
    }
  }
  expect(errors).toEqual([]);
});

test('the saved cart shows on a server-rendered page once it is taken over', async ({ page }) => {
  const book = await firstProduct(page.request, '/books/filter/book');
  await page.goto(`/product/${book.id}?lng=en`);
  await page
    .getByRole('button', { name: /add to cart/i })
    .first()
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect
    .poll(async () => page.evaluate(() => localStorage.getItem('HLS') ?? ''))
    .toContain(String(book.id));
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // Right after the reload the page answers at once: the header's cart opens.
  await page.getByTestId('cart-count').click();
  await expect(page.getByText(book.title).first()).toBeVisible();
});

test('logged in, a free academic file page is taken over without a hydration error', async ({
  page,
  request,
}) => {
  const response = await page.request.post('/api/category/filter/student?page=1', { data: {} });
  expect(response.ok()).toBe(true);
  const free = ((await response.json()) as ProductPage).results.find((product) => product.free);
  expect(free, 'a free academic file').toBeDefined();
  await logInThroughApi(page, request, demo.customer, demo.password);

  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const lng of ['en', 'fr']) {
    const opened = await page.goto(`/prodoc/${free!.id}?lng=${lng}`);
    expect(await opened?.text()).toContain('id="hls-server-data"');
    await expect(page.getByRole('heading', { level: 1, name: free!.title })).toBeVisible();
  }
  // What depends on the visitor shows once the page is taken over: the download button, not the login link.
  await expect(page.getByRole('button', { name: 'Télécharger', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /connectez-vous pour télécharger/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});
