import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';

// Runs in the "mobile" project: 360 × 740, touch.
for (const { lng, param, menu, label, results, section } of [
  {
    lng: 'en',
    param: 'en',
    menu: 'Open menu',
    label: 'Search the catalogue',
    results: 'Search results',
    section: 'Pro files',
  },
  {
    lng: 'fr',
    param: 'fn',
    menu: 'Ouvrir le menu',
    label: 'Rechercher dans le catalogue',
    results: 'Résultats de recherche',
    section: 'Fichiers pro',
  },
]) {
  test(`at 360 px the menu's search box looks in all three sections (${lng})`, async ({ page }) => {
    await page.goto(`/professionnel?lng=${param}`);
    await expect(page.getByRole('banner').getByRole('searchbox')).toBeHidden();
    await page.getByRole('button', { name: menu }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('searchbox', { name: label }).fill('excel');
    await drawer.getByRole('searchbox', { name: label }).press('Enter');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/search\?search=excel$/);
    await expect(page.getByRole('heading', { level: 1, name: results })).toBeVisible();
    await expect(page.getByRole('region', { name: section }).getByRole('article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `search-menu-${lng}`);
  });
}

test('at 360 px a reviewed product shows its stars, its reviews and their spread without sideways scrolling', async ({
  page,
  request,
}) => {
  const books = await request.post('/api/books/filter/book', { data: {} });
  const rated = (await books.json()).results.find((book: { rating: unknown }) => book.rating);
  expect(rated, 'the demo customer’s published reviews').toBeTruthy();
  await page.goto(`/product/${rated.id}?lng=fn`);
  await expect(page.getByRole('img', { name: /sur 5, \d+ avis$/ }).first()).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Avis clients' });
  await expect(reviews.getByText('Achat vérifié').first()).toBeVisible();
  await expect(reviews.getByRole('list', { name: 'Avis par nombre d’étoiles' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await reviews.scrollIntoViewIfNeeded();
  await screenshot(page, 'reviews-fr');
  await expectNoA11yViolations(page);
});
