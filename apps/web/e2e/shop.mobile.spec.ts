import type { ProductPage } from '@hls/contract';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';

// Runs in the "mobile" project: 360 × 740, touch. The shop screens fit the width and stay usable.
test.slow();

test('at 360 px the cart, the mini-cart and the compare table fit the screen', async ({ page, request }) => {
  const response = await request.post('/api/books/filter/book', { data: {} });
  const books = ((await response.json()) as ProductPage).results.slice(0, 2);
  expect(books).toHaveLength(2);
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const book of books) {
    await page.goto(`/product/${book.id}?lng=fr`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await page.getByRole('button', { name: 'Ajouter au comparateur', exact: true }).click();
  }
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.getByRole('button', { name: 'Panier, 2 articles' }).click();
  await expect(page.locator('.mini-cart__item')).toHaveCount(2);
  const panel = await page.locator('.cart-menu .disclosure__panel').boundingBox();
  expect(panel && panel.x >= 0 && panel.x + panel.width <= 360).toBe(true);
  await screenshot(page, 'shop-mini-cart-fr', { fullPage: false });
  await page.locator('.mini-cart').getByRole('link', { name: 'Voir le panier' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Panier' })).toBeVisible();
  await expect(page.locator('.cart-line')).toHaveCount(2);
  expect(await noHorizontalScroll()).toBe(true);
  await expectNoA11yViolations(page, { exclude: ['.Toastify'] });
  await screenshot(page, 'shop-cart-fr');

  await page.goto('/compare?lng=fr');
  await expect(page.getByRole('table', { name: 'Comparaison de 2 produits' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Auteur' })).toBeVisible();
  expect(await noHorizontalScroll()).toBe(true);
  // The table scrolls sideways inside its own region, which the keyboard can reach.
  await expect(page.getByRole('region', { name: 'Comparaison de 2 produits' })).toHaveAttribute(
    'tabindex',
    '0',
  );
  await expectNoA11yViolations(page);
  await screenshot(page, 'shop-compare-fr');
});
