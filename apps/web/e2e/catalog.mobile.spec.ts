import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';

// Runs in the "mobile" project: 360 × 740, touch.
test('at 360 px the filters fold into a panel and the menu search looks in every section', async ({
  page,
}) => {
  test.slow();
  await page.goto('/academic?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Student files' })).toBeVisible();
  await expect(page.locator('.product-grid .product-card').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The filters are folded away until asked for.
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('group', { name: 'Category' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('group', { name: 'File type' }).getByLabel('PDF').check();
  await expect(page).toHaveURL(/[?&]type=pdf/);
  await expectNoA11yViolations(page);
  await screenshot(page, 'catalog-filters-open', { fullPage: false });
  await page.getByRole('button', { name: /^Show \d+ results?$/ }).click();
  await expect(page.getByRole('group', { name: 'Category' })).toBeHidden();

  // From a list too, the off-canvas search looks in all three sections.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('searchbox').fill('etudiant');
  await drawer.getByRole('searchbox').press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/search\?search=etudiant$/);
  await expect(
    page.getByRole('region', { name: 'Student files' }).getByRole('article').first(),
  ).toBeVisible();
  await screenshot(page, 'catalog-search-mobile');
});

test('at 360 px a book page puts its title and price within reach', async ({ page }) => {
  await page.goto('/book?lng=fr');
  await page.locator('.product-grid .product-card').first().getByRole('link').click();
  await expect(page.locator('.product-detail h1')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'catalog-book-mobile-fr');
});
