import { expect, screenshot, test } from './fixtures.ts';

test('switching language changes the interface and survives a reload', async ({ page, context }) => {
  // No ?lng here: a query parameter would win over the stored choice on reload.
  await page.goto('/login-register');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();

  await page.getByRole('banner').getByLabel('Language').selectOption('fn');
  await expect(html).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('tab', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion ou inscription' })).toBeVisible();
  await expect(page).toHaveTitle(/Connexion ou inscription/);
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toMatch(/^(fr|fn)$/);
  expect((await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value).toMatch(/^(fr|fn)$/);
  await screenshot(page, 'login-register-fr');

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('tab', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('Langue')).toHaveValue('fn');

  await page.getByRole('banner').getByLabel('Langue').selectOption('en');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  await page.reload();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in or register' })).toBeVisible();
});

test('the spec’s fn code opens the French interface', async ({ page }) => {
  await page.goto('/login-register?lng=fn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('tab', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('Langue')).toHaveValue('fn');
});
