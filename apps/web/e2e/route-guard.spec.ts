import { expect, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  academicFile,
  activePanel,
  newAccount,
  openAccountMenu,
  openIn,
  registerThroughApi,
  selectTab,
} from './flows.ts';

for (const path of ['/my-account', '/checkout']) {
  test(`${path} while logged out lands on /login-register, replacing the history entry`, async ({ page }) => {
    await page.goto('/about?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();

    await page.goto(path);
    await expect(page).toHaveURL(/\/login-register$/);
    await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, `guard${path.replace(/\//g, '-')}`);

    // The protected entry was replaced: Back returns to the page before it, not to the guard again.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/about');
  });
}

test('an expired session without a refresh token is cleared and sent to /login-register', async ({
  page,
}) => {
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const expired = [
    base64url({ alg: 'HS256', typ: 'JWT' }),
    base64url({ sub: 'someone', role: 'customer', iat: 1_700_000_000, exp: 1_700_000_600 }),
    'signature',
  ].join('.');
  await page.goto('/about?lng=en');
  await page.evaluate((token) => localStorage.setItem('hls.accessToken', token), expired);

  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login-register$/);
  expect(await page.evaluate(() => localStorage.getItem('hls.accessToken'))).toBeNull();
});

test('logging in from a guard or from a free document brings the visitor back; a plain login goes to /my-account', async ({
  page,
  request,
}) => {
  const account = newAccount(uniqueEmail('back'));
  await registerThroughApi(request, account);
  const logIn = async () => {
    const form = activePanel(page);
    await form.getByLabel(/^E-mail address/).fill(account.email);
    await form.getByLabel(/^Password/).fill(account.password);
    await form.getByRole('button', { name: 'Log in' }).click();
  };

  // A guarded page: the login brings the visitor to it.
  await page.goto('/customer-commande?lng=en');
  await expect(page).toHaveURL(/\/login-register$/);
  await logIn();
  await expect(page).toHaveURL(/\/customer-commande(\?lng=en)?$/);
  await page.evaluate(() => localStorage.clear());

  // A free document's "log in to download", through the register tab and back: the download is then offered.
  const free = await academicFile(request);
  await openIn(page, `/prodoc/${free.id}`, 'en');
  await page.getByRole('link', { name: 'Free — log in to download' }).click();
  await expect(page).toHaveURL(/\/login-register$/);
  await selectTab(page, 'Register');
  await selectTab(page, 'Log in');
  await logIn();
  await expect(page).toHaveURL(new RegExp(`/prodoc/${free.id}(\\?lng=en)?$`));
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  // The header's "Log in" is a plain login (SPEC §4).
  await openIn(page, `/prodoc/${free.id}`, 'en');
  await (await openAccountMenu(page)).getByRole('link', { name: 'Log in' }).click();
  await logIn();
  await expect(page).toHaveURL(/\/my-account$/);
});
