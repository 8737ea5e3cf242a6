import { expect, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  activePanel,
  logInThroughForm,
  newAccount,
  openAccountMenu,
  registerThroughApi,
  registerThroughForm,
  toast,
} from './flows.ts';

test('a new customer registers, logs in, edits the profile and logs out through the confirmation dialog', async ({
  page,
}) => {
  const account = newAccount(uniqueEmail('customer'));

  await registerThroughForm(page, account);
  await screenshot(page, 'login-register-after-registration');

  // Registering again with that address says at once that it has an account, and offers to log in with it.
  await page.getByRole('tab', { name: 'Register' }).click();
  await activePanel(page)
    .getByLabel(/^E-mail address/)
    .fill(account.email.toUpperCase());
  await activePanel(page)
    .getByLabel(/^Password/)
    .focus();
  await expect(activePanel(page).getByText(`${account.email} already has an account.`)).toBeVisible();
  await screenshot(page, 'register-email-taken');
  await activePanel(page)
    .getByRole('button', { name: `Log in with ${account.email}` })
    .click();
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await expect(activePanel(page).getByLabel(/^E-mail address/)).toHaveValue(account.email);

  await logInThroughForm(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Camille Durand' })).toBeVisible();
  await expect(page.getByText('Customer', { exact: true })).toBeVisible();
  await screenshot(page, 'my-account');

  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My products' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Paid products' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  const profile = page.getByRole('form', { name: 'Personal details' });
  await profile.getByLabel(/^First name/).fill('Dominique');
  await profile.getByLabel(/^Phone/).fill('+33 6 12 34 56 78');
  await profile.getByRole('button', { name: 'Save my details' }).click();
  await expect(toast(page, 'success edit')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dominique Durand' })).toBeVisible();
  await screenshot(page, 'my-account-after-edit');

  // The change is stored by the server, not only in the page.
  await page.reload();
  await expect(profile.getByLabel(/^First name/)).toHaveValue('Dominique');
  await expect(profile.getByLabel(/^Phone/)).toHaveValue('+33 6 12 34 56 78');

  // Cancelling the dialog keeps the session.
  await (await openAccountMenu(page)).getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Stay logged in' })).toBeFocused();
  await screenshot(page, 'logout-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Stay logged in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/my-account$/);

  // Confirming it ends the session and lands on /login-register.
  await (await openAccountMenu(page)).getByRole('button', { name: 'Log out' }).click();
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login-register$/);
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => localStorage.getItem('hls.accessToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('hls.refreshToken'))).toBeNull();

  const loggedOutMenu = await openAccountMenu(page);
  await expect(loggedOutMenu.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(loggedOutMenu.getByRole('link', { name: 'Register' })).toBeVisible();
  await screenshot(page, 'account-menu-logged-out');

  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/login-register$/);
});

test('an author registers with the Author option and finds my products and paid products in the account menu', async ({
  page,
}) => {
  const account = newAccount(uniqueEmail('author'), { firstName: 'Amira', lastName: 'Ben Salah' });

  await registerThroughForm(page, account, { author: true });
  await logInThroughForm(page, account.email, account.password);
  await expect(page.getByText('Author', { exact: true })).toBeVisible();

  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'My products' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Paid products' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  await screenshot(page, 'account-menu-author');

  await menu.getByRole('link', { name: 'My products' }).click();
  await expect(page).toHaveURL(/\/file-book$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My products' })).toBeVisible();
  await screenshot(page, 'author-my-products');

  await (await openAccountMenu(page)).getByRole('link', { name: 'Paid products' }).click();
  await expect(page).toHaveURL(/\/author-payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Paid products' })).toBeVisible();
  await screenshot(page, 'author-paid-products');
});

test('a wrong password is refused with the failed-login message and keeps the user logged out', async ({
  page,
}) => {
  await page.goto('/login-register?lng=en');
  const form = page.locator('[role="tabpanel"]:not([hidden])');
  await form.getByLabel(/^E-mail address/).fill('customer@hls.test');
  await form.getByLabel(/^Password/).fill('not-the-password-1');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'failed login')).toBeVisible();
  await expect(page).toHaveURL(/\/login-register/);
  expect(await page.evaluate(() => localStorage.getItem('hls.accessToken'))).toBeNull();
  await screenshot(page, 'login-failed');
});

test('the demo customer logs in with the README password', async ({ page }) => {
  await logInThroughForm(page, 'customer@hls.test', 'Demo1234!');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
});

test('changing the password from my account refuses a wrong current password, then ends the session', async ({
  page,
  request,
}) => {
  const account = newAccount(uniqueEmail('password'));
  const newPassword = 'Brand-N3w-Pass';
  await registerThroughApi(request, account);
  await logInThroughForm(page, account.email, account.password);

  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel(/^Current password/).fill('Wrong-Passw0rd');
  await form.getByLabel(/^New password/).fill(newPassword);
  await form.getByLabel(/^Confirm the new password/).fill(newPassword);
  await form.getByRole('button', { name: 'Change my password' }).click();
  await expect(toast(page, 'Error in Edit password')).toBeVisible();
  await expect(page).toHaveURL(/\/my-account$/);

  await form.getByLabel(/^Current password/).fill(account.password);
  await form.getByRole('button', { name: 'Change my password' }).click();
  await expect(toast(page, 'Password Edited')).toBeVisible();
  await expect(page).toHaveURL(/\/login-register$/);
  expect(await page.evaluate(() => localStorage.getItem('hls.accessToken'))).toBeNull();

  await logInThroughForm(page, account.email, newPassword);
});

test('changing the e-mail address closes the session; the new address logs in', async ({ page, request }) => {
  const account = newAccount(uniqueEmail('email-old'));
  const newEmail = uniqueEmail('email-new');
  await registerThroughApi(request, account);
  await logInThroughForm(page, account.email, account.password);

  const profile = page.getByRole('form', { name: 'Personal details' });
  await profile.getByLabel(/^E-mail address/).fill(newEmail);
  await profile.getByRole('button', { name: 'Save my details' }).click();
  await expect(toast(page, 'success edit')).toBeVisible();
  await expect(page).toHaveURL(/\/login-register$/);
  expect(await page.evaluate(() => localStorage.getItem('hls.accessToken'))).toBeNull();

  await logInThroughForm(page, newEmail, account.password);
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
});
