import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';
import { openIn } from './flows.ts';

// Browsing the demo catalogue: the three sections, filters and search in the URL, a book, a file, both languages.
// axe checks these screens as they open in public-screens.ts; here, the states a visitor brings them to.
const languages = ['en', 'fr'] as const;
const sections = [
  { path: '/academic', title: { en: 'Student files', fr: 'Fichiers étudiants' } },
  { path: '/professionnel', title: { en: 'Pro files', fr: 'Fichiers pro' } },
  { path: '/book', title: { en: 'Bookshop', fr: 'Librairie' } },
] as const;

const cards = (page: Page) => page.locator('.product-grid .product-card:not(.product-card--skeleton)');
const count = (page: Page) => page.locator('.catalog-summary [role="status"]');

/** Opens the first product of the list shown; detail screens load their own chunk and call, so allow time. */
async function openFirstProduct(page: Page, url: RegExp) {
  await cards(page).first().getByRole('link').click();
  await expect(page).toHaveURL(url);
  await expect(page.locator('.product-detail h1')).toBeVisible({ timeout: 30_000 });
}

for (const lng of languages) {
  test.describe(`in ${lng}`, () => {
    test('the home page shows the new, popular and discounted rows', async ({ page }) => {
      await openIn(page, '/', lng);
      const rows = page.locator('.product-row');
      await expect(rows.first().locator('.product-card').first()).toBeVisible();
      await expect(rows).toHaveCount(3);
      await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
      await screenshot(page, `catalog-home-${lng}`);
    });

    for (const section of sections) {
      test(`${section.path} lists its products with a count, a title and a breadcrumb`, async ({ page }) => {
        await openIn(page, section.path, lng);
        await expect(page.getByRole('heading', { level: 1, name: section.title[lng] })).toBeVisible();
        await expect(cards(page).first()).toBeVisible();
        await expect(count(page)).toHaveText(/\d+/);
        await expect(page).toHaveTitle(`${section.title[lng]} | HLS`);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length).toBeGreaterThan(50);
        const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
        expect(jsonLd.map((text) => JSON.parse(text)['@type'])).toContain('BreadcrumbList');
        await screenshot(page, `catalog-list${section.path.replace('/', '-')}-${lng}`);
      });
    }
  });
}

test('search is accent-insensitive and lives in the URL', async ({ page }) => {
  test.slow();
  await openIn(page, '/academic', 'fr');
  await page.getByLabel('Rechercher dans les fichiers étudiants').fill('etudiant');
  await page.getByLabel('Rechercher dans les fichiers étudiants').press('Enter');
  await expect(page).toHaveURL(/[?&]search=etudiant/);
  await expect(page.getByText('Résultats pour « etudiant ».')).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByLabel('Trier par')).toHaveValue('relevance');
  await expect(page).toHaveTitle('« etudiant » dans Fichiers étudiants | HLS');
  await screenshot(page, 'catalog-search-etudiant-fr');

  // A reload restores the same search.
  await page.reload();
  await expect(page.getByLabel('Rechercher dans les fichiers étudiants')).toHaveValue('etudiant');
  await expect(cards(page).first()).toBeVisible();
});

test('filters narrow the list, are kept in the URL and can be reset', async ({ page }) => {
  test.slow();
  await openIn(page, '/professionnel', 'en');
  await expect(cards(page).first()).toBeVisible();
  const all = Number((await count(page).textContent())?.match(/\d+/)?.[0]);

  await page.getByRole('group', { name: 'File type' }).getByLabel('Excel').check();
  await expect(page).toHaveURL(/[?&]type=excel/);
  await expect(cards(page).first()).toBeVisible();
  await expect(async () => {
    const icons = await cards(page)
      .locator('.product-card__category [role="img"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    expect(icons.length).toBeGreaterThan(0);
    expect(new Set(icons)).toEqual(new Set(['Excel']));
  }).toPass();
  const excel = Number((await count(page).textContent())?.match(/\d+/)?.[0]);
  expect(excel).toBeLessThan(all);

  await page.getByLabel('Minimum').fill('1000');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/[?&]min=1000/);
  await expect(page.getByRole('heading', { name: 'No products match' })).toBeVisible();
  await expect(count(page)).toHaveText('0 products');
  await expectNoA11yViolations(page);
  await screenshot(page, 'catalog-empty-en');

  await page.locator('.catalog-state').getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/professionnel$/);
  await expect(count(page)).toHaveText(`${all} products`);
});

test('a book: choose an edition, add it to the cart, see its structured data', async ({ page }) => {
  test.slow();
  await openIn(page, '/book', 'en');
  await openFirstProduct(page, /\/product\/\d+$/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Bookshop' }),
  ).toBeVisible();
  const editions = page.getByRole('group', { name: 'Choose an edition' });
  await expect(editions.getByRole('radio').first()).toBeChecked();

  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string; offers?: { priceCurrency: string }[] },
  );
  const book = jsonLd.find((item) => item['@type'] === 'Book');
  expect(book?.offers?.length).toBeGreaterThan(0);
  expect(book?.offers?.every((offer) => offer.priceCurrency === 'EUR')).toBe(true);
  expect(jsonLd.map((item) => item['@type'])).toContain('BreadcrumbList');
  await expect(page).toHaveTitle(
    new RegExp(`^${(await title.textContent())?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, by .+ \\| HLS$`),
  );

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added To Cart')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'catalog-book-en');
});

test('a free academic file asks a visitor to log in to download it', async ({ page }) => {
  await openIn(page, '/academic', 'fr');
  await openFirstProduct(page, /\/prodoc\/\d+$/);
  await expect(page.locator('.product-detail__info .product-price')).toHaveText('Gratuit');
  await expect(page.getByRole('link', { name: 'Gratuit — connectez-vous pour télécharger' })).toHaveAttribute(
    'href',
    '/login-register',
  );
  await expect(page.getByText(/^(Taille)$/)).toBeVisible();
  const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => (JSON.parse(text) as { '@type': string })['@type'],
  );
  expect(types).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']));
  await expectNoA11yViolations(page);
  await screenshot(page, 'catalog-file-academic-fr');
});

test('a professional file shows its type and price and can be added to the cart', async ({ page }) => {
  await openIn(page, '/professionnel', 'en');
  await openFirstProduct(page, /\/prodoc\/\d+$/);
  await expect(page.locator('.product-buy__price .product-price__final')).toHaveText(/€\d/);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added To Cart')).toBeVisible();
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'catalog-file-pro-en');
});

test('switching language on a product page translates it in place', async ({ page }) => {
  test.slow();
  await openIn(page, '/book', 'fr');
  await openFirstProduct(page, /\/product\/\d+$/);
  await expect(page.getByRole('group', { name: 'Choisissez une édition' })).toBeVisible();
  const url = page.url();
  await page.getByRole('banner').getByLabel('Langue').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('group', { name: 'Choose an edition' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await expect(page.locator('.product-buy__price .product-price__final')).toHaveText(/^€\d/);
  expect(page.url()).toBe(url);
  await expectNoA11yViolations(page);
});

test('an unknown product shows a not-found state with ways back', async ({ page }) => {
  await openIn(page, '/product/999999', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'This product does not exist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the bookshop' })).toHaveAttribute('href', '/book');
  await openIn(page, '/prodoc/abc', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Ce produit n’existe pas' })).toBeVisible();
  await expectNoA11yViolations(page);
});

test('a search from anywhere shows each section with its count, and leads to its filtered list', async ({
  page,
}) => {
  await page.goto('/search?search=excel&lng=en');
  await expect(page).toHaveTitle('Search results for “excel” | HLS');
  const pro = page.getByRole('region', { name: 'Pro files' });
  await expect(pro.getByRole('link', { name: /^See all \d+ results in Pro files$/ })).toHaveAttribute(
    'href',
    '/professionnel?search=excel',
  );
  await expect(pro.getByRole('article')).toHaveCount(4);
  await screenshot(page, 'search-results-en');
  await expectNoA11yViolations(page);

  await page.goto('/search?search=excel&lng=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Résultats de recherche' })).toBeVisible();
  await screenshot(page, 'search-results-fr');
});

test('the header’s search box on a desktop looks in every section, from any page and in both languages', async ({
  page,
}) => {
  await openIn(page, '/', 'en');
  const banner = page.getByRole('banner');
  const box = banner.getByRole('searchbox', { name: 'Search the catalogue' });
  await expect(box).toBeVisible();
  await screenshot(page, 'header-search-en', { fullPage: false });
  await box.fill('excel');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?search=excel$/);
  await expect(page.getByRole('region', { name: 'Pro files' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pro files' }).getByText(/^\d+ results?$/)).toBeVisible();
  await expect(box, 'the box keeps the text searched').toHaveValue('excel');

  // From a list too: the header looks everywhere, the list's own box filters the list.
  await openIn(page, '/book', 'fr');
  await banner.getByRole('searchbox', { name: 'Rechercher dans le catalogue' }).fill('droit');
  await banner.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?search=droit$/);
  await expect(page.getByRole('region', { name: 'Librairie' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fichiers étudiants' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'header-search-results-fr');
});
