import { expect, screenshot, test } from './fixtures.ts';

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
