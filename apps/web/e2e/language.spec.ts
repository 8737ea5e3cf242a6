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

test('a French visitor reads the server’s refusals in French, even when the request asked for English', async ({
  page,
}) => {
  await page.goto('/login-register?lng=fr');
  const login = page.getByRole('form', { name: 'Bon retour parmi nous' });
  await login.getByLabel(/^Adresse e-mail/).fill('personne@example.test');
  await login.getByLabel(/^Mot de passe/).fill('Mauvais123');
  await login.getByRole('button', { name: 'Se connecter' }).click();
  await expect(login.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await expect(page.getByText('Échec de la connexion')).toBeVisible();
  await screenshot(page, 'login-refused-fr', { fullPage: false });

  // The field messages of the server come with their keys: the page says them in its own language.
  await page.route('**/api/register/customer', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'accept-language': 'en' } }),
  );
  await page.getByRole('tab', { name: 'Inscription' }).click();
  const register = page.getByRole('form', { name: 'Créez votre compte' });
  await register.getByLabel(/^Prénom/).fill('Nadia');
  await register.getByLabel(/^Nom/).fill('Haddad');
  await register.getByLabel(/^Adresse e-mail/).fill('customer@hls.test');
  await register.getByLabel(/^Mot de passe/).fill('Secret123');
  await register.getByLabel(/^Confirmez le mot de passe/).fill('Secret123');
  const answer = page.waitForResponse('**/api/register/customer');
  await register.getByRole('button', { name: 'Créer mon compte' }).click();
  const body = (await (await answer).json()) as { error: { fields: Record<string, string> } };
  expect(body.error.fields.email).toBe('An account already exists with this e-mail address.');
  await expect(register.getByLabel(/^Adresse e-mail/)).toHaveAccessibleDescription(
    /Un compte existe déjà avec cette adresse e-mail\./,
  );
  await screenshot(page, 'register-refused-fr', { fullPage: false });
});

test('a translation file the server fails to send is asked for again; one it does not have is not', async ({
  page,
}) => {
  // The login screen's own namespace fails twice (a busy server), then comes.
  const asked: number[] = [];
  await page.route('**/locales/en/auth.json', async (route) => {
    asked.push(Date.now());
    if (asked.length <= 2) await route.fulfill({ status: 503, body: 'Busy' });
    else await route.continue();
  });
  await page.goto('/login-register?lng=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in or register' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Log in' })).toBeVisible();
  expect(asked).toHaveLength(3);
  // i18next waits between tries.
  expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(400);

  // A file the server does not have (404) is asked for once: its keys show, the page works.
  const missing: string[] = [];
  await page.route('**/locales/fr/auth.json', async (route) => {
    missing.push(route.request().url());
    await route.fulfill({ status: 404, body: 'Not found' });
  });
  await page.getByRole('banner').getByLabel('Language').selectOption('fn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('banner').getByLabel('Langue')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(missing).toHaveLength(1);
});
