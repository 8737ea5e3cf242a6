import { expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import { newAccount, openIn, registerThroughApi } from './flows.ts';

// axe-core with the WCAG 2.0/2.1 A and AA rules, on every screen of the account foundation, in both languages.
const languages = ['en', 'fr'] as const;
const labels = {
  en: { forgot: 'Forgot your password?', accountMenu: 'Account menu', logout: 'Log out' },
  fr: { forgot: 'Mot de passe oublié ?', accountMenu: 'Menu du compte', logout: 'Déconnexion' },
} as const;

for (const lng of languages) {
  test.describe(`in ${lng}`, () => {
    test('/login-register: login, register and forgotten-password panels', async ({ page }) => {
      await openIn(page, '/login-register', lng);
      await expectNoA11yViolations(page);
      await page.getByRole('tab').nth(1).click();
      await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
      await expectNoA11yViolations(page);
      await screenshot(page, `a11y-register-${lng}`);
      // Submitting the empty form shows the field errors, which must be accessible too.
      await page.locator('[role="tabpanel"]:not([hidden]) button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoA11yViolations(page);
      await screenshot(page, `a11y-register-errors-${lng}`);
      await page.getByRole('tab').nth(0).click();
      await page.getByRole('button', { name: labels[lng].forgot }).click();
      await expect(page.getByRole('heading', { level: 2, name: labels[lng].forgot })).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('/password/reset/confirm/x', async ({ page }) => {
      await openIn(page, '/password/reset/confirm/x', lng);
      await expectNoA11yViolations(page);
      await screenshot(page, `a11y-reset-confirm-${lng}`);
    });

    test('/my-account', async ({ page, request }) => {
      const account = newAccount(uniqueEmail(`a11y-${lng}`));
      await registerThroughApi(request, account);
      const response = await request.post('/api/login', {
        data: { email: account.email, password: account.password },
      });
      expect(response.ok(), await response.text()).toBe(true);
      const { access, refresh } = (await response.json()) as { access: string; refresh: string };
      await page.goto(`/?lng=${lng}`);
      await page.evaluate(
        ([a, r]) => {
          localStorage.setItem('hls.accessToken', a!);
          localStorage.setItem('hls.refreshToken', r!);
        },
        [access, refresh],
      );
      await openIn(page, '/my-account', lng);
      await expect(page.getByRole('heading', { name: 'Camille Durand' })).toBeVisible();
      await expectNoA11yViolations(page);
      await screenshot(page, `a11y-my-account-${lng}`);
      // The logout dialog, open.
      await page.getByRole('banner').getByRole('button', { name: labels[lng].accountMenu }).click();
      await page.getByRole('button', { name: labels[lng].logout }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoA11yViolations(page);
    });

    test('a not-found page', async ({ page }) => {
      await openIn(page, '/no-such-page', lng);
      await expect(page.getByText('404')).toBeVisible();
      await expectNoA11yViolations(page);
      await screenshot(page, `a11y-not-found-${lng}`);
    });

    test('the home page', async ({ page }) => {
      await openIn(page, '/', lng);
      await expectNoA11yViolations(page);
      await screenshot(page, `a11y-home-${lng}`);
    });
  });
}
