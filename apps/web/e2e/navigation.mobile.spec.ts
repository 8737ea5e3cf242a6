import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';
import { logInThroughForm } from './flows.ts';

// Runs in the "mobile" project: 360 × 740, touch.
test('at 360 px the off-canvas menu searches, navigates, switches language and closes; logging in works', async ({
  page,
}) => {
  await page.goto('/about?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  const noHorizontalScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noHorizontalScroll()).toBe(true);
  await screenshot(page, 'about');

  const burger = page.getByRole('button', { name: 'Open menu' });
  await burger.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('searchbox', { name: 'Search the catalogue' })).toBeVisible();
  await expect(drawer.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link')).toHaveCount(5);
  await expect(drawer.getByLabel('Currency')).toBeVisible();
  await screenshot(page, 'mobile-menu', { fullPage: false });
  await expectNoA11yViolations(page);

  // A link navigates and closes the drawer.
  await drawer.getByRole('link', { name: 'Bookshop' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/book$/);

  // Escape closes it and gives the focus back to the button.
  await burger.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();

  // On a list too, the menu's search box looks in all three sections.
  await burger.click();
  await drawer.getByRole('searchbox').fill('gestion');
  await drawer.getByRole('searchbox').press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/search\?search=gestion$/);

  // Language from the drawer.
  await burger.click();
  await drawer.getByLabel('Language').selectOption('fn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await drawer.getByRole('button', { name: 'Fermer le menu' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
  await drawer.getByLabel('Langue').selectOption('en');
  await page.keyboard.press('Escape');

  await logInThroughForm(page, 'customer@hls.test', 'Demo1234!');
  expect(await noHorizontalScroll()).toBe(true);
  await screenshot(page, 'my-account');
});

test('at 360 px the menu search from a page that is not a list looks in all three sections', async ({
  page,
}) => {
  await page.goto('/?lng=en');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await drawer.getByRole('searchbox').fill('excel');
  await drawer.getByRole('searchbox').press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/search\?search=excel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
  const pro = page.getByRole('region', { name: 'Pro files' });
  await expect(pro.getByText(/^\d+ results?$/)).toBeVisible();
  await expect(pro.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bookshop' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Student files' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'search-results-en');
  await expectNoA11yViolations(page);

  await pro.getByRole('link', { name: /^See all \d+ results in Pro files$/ }).click();
  await expect(page).toHaveURL(/\/professionnel\?search=excel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pro files' })).toBeVisible();

  await page.goto('/search?search=excel&lng=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Résultats de recherche' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Fichiers pro' }).getByRole('article').first()).toBeVisible();
  await screenshot(page, 'search-results-fr');
  await page.goto('/search?search=zzzqqq&lng=fr');
  await expect(page.getByRole('heading', { name: 'Aucun résultat pour « zzzqqq »' })).toBeVisible();
  await screenshot(page, 'search-empty-fr');
});
