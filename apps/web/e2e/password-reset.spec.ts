import { expect, readLatestMail, screenshot, test, uniqueEmail } from './fixtures.ts';
import { activePanel, logInThroughForm, newAccount, registerThroughApi, toast } from './flows.ts';

test('forgotten password: the e-mailed link sets a new password that logs in, and works only once', async ({
  page,
  request,
}) => {
  const account = newAccount(uniqueEmail('reset'));
  const newPassword = 'N3w-Secret-Pass';
  await registerThroughApi(request, account);

  await page.goto('/login-register?lng=en');
  await activePanel(page).getByRole('button', { name: 'Forgot your password?' }).click();
  const form = activePanel(page);
  await expect(form.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  const requestedAt = new Date();
  await form.getByLabel(/^E-mail address/).fill(account.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'email send')).toBeVisible();
  await expect(form.getByText('Check your inbox')).toBeVisible();
  await screenshot(page, 'forgot-password-sent');

  // The welcome mail of the registration may be sent after the reset was asked for: the reset mail, by its subject.
  const mail = await readLatestMail(account.email, { after: requestedAt, subject: 'Reset your password' });
  const link = mail.links.find((href) => href.includes('/password/reset/confirm/'));
  expect(link, `reset link in the mail "${mail.subject}":\n${mail.text}`).toBeTruthy();
  const resetPath = new URL(link!);
  // The link carries PUBLIC_URL, which is this server; open it on the same origin as the rest of the journey.
  await page.goto(`${resetPath.pathname}${resetPath.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await screenshot(page, 'reset-password-form');
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm password/).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'password edited')).toBeVisible();
  await expect(page).toHaveURL(/\/login-register$/);

  // The old password no longer works; the new one does.
  const login = activePanel(page);
  await login.getByLabel(/^E-mail address/).fill(account.email);
  await login.getByLabel(/^Password/).fill(account.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'failed login')).toBeVisible();
  await logInThroughForm(page, account.email, newPassword);

  // The link is single-use.
  await page.goto(`${resetPath.pathname}${resetPath.search}`);
  await page.getByLabel(/^New password/).fill('An0ther-Password');
  await page.getByLabel(/^Confirm password/).fill('An0ther-Password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This reset link is not valid or has expired', { exact: true })).toBeVisible();
  await screenshot(page, 'reset-link-used');
});

test('a reset request for an unknown address gets the same answer; its mail says no account uses it', async ({
  page,
}) => {
  const email = uniqueEmail('nobody');
  await page.goto('/login-register?lng=en');
  await activePanel(page).getByRole('button', { name: 'Forgot your password?' }).click();
  const form = activePanel(page);
  const requestedAt = new Date();
  await form.getByLabel(/^E-mail address/).fill(email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'email send')).toBeVisible();
  await expect(form.getByText('Check your inbox')).toBeVisible();
  await expect(form.getByText(`We sent a message to ${email}.`, { exact: false })).toBeVisible();

  const mail = await readLatestMail(email, { after: requestedAt });
  expect(mail.subject).toBe('Password reset request');
  expect(mail.text).toContain('but no account uses it');
  expect(mail.links.some((href) => href.includes('/password/reset/confirm/'))).toBe(false);
});
