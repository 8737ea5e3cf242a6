import type { Locator, Page } from '@playwright/test';
import { expect, readLatestMail, screenshot, test, uniqueEmail, waitingForApp } from './fixtures.ts';
import {
  activePanel,
  addToCart,
  checkOutCart,
  linkFromMail,
  logInThroughApi,
  logInThroughForm,
  newAccount,
  newCustomer,
  openAccountMenu,
  openIn,
  professionalFile,
  registerThroughApi,
  registerThroughForm,
  selectTab,
  shopWords,
  toast,
} from './flows.ts';

test('a new customer registers, logs in, edits the profile and logs out through the confirmation dialog', async ({
  page,
}) => {
  const account = newAccount(uniqueEmail('customer'));

  await registerThroughForm(page, account);
  await screenshot(page, 'login-register-after-registration');

  // Registering again with that address says at once that it has an account, and offers to log in with it.
  await selectTab(page, 'Register');
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
  await logInThroughApi(page, request, account.email, account.password);
  await page.goto('/my-account');

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

test('a new address is confirmed from its mail; a change needs the password, tells the old address and takes effect through the link sent to the new one', async ({
  page,
  request,
}) => {
  const account = newAccount(uniqueEmail('email-old'));
  const newEmail = uniqueEmail('email-new');
  await registerThroughApi(request, account);
  await logInThroughApi(page, request, account.email, account.password);
  await page.goto('/my-account');

  // Browsing and the account do not wait for the confirmation; the account says it is missing.
  const unconfirmed = page
    .getByRole('status')
    .filter({ hasText: 'Your e-mail address is not confirmed yet' });
  await expect(unconfirmed).toContainText(`We sent a link to ${account.email}.`);
  await expect(unconfirmed.getByRole('button', { name: 'Resend link' })).toBeVisible();
  await screenshot(page, 'my-account-email-unconfirmed');

  // The link of the welcome mail confirms the address.
  await page.goto(await linkFromMail(account.email, '/email/confirm/', { subject: 'Welcome to HLS' }));
  await expect(page.getByText('Your e-mail address is confirmed')).toBeVisible();
  await expect(page.getByText(`Thank you: ${account.email} is confirmed. You can now order.`)).toBeVisible();
  await screenshot(page, 'email-confirmed');
  await page.goto('/my-account');
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.getByText('Your e-mail address is not confirmed yet')).toHaveCount(0);

  // A new address asks for the current password, refused when wrong.
  const profile = page.getByRole('form', { name: 'Personal details' });
  await expect(profile.getByLabel(/^Current password/)).toHaveCount(0);
  await profile.getByLabel(/^E-mail address/).fill(newEmail);
  const password = profile.getByLabel(/^Current password/);
  await expect(password).toBeVisible();
  await profile.getByRole('button', { name: 'Save my details' }).click();
  await expect(profile.getByText('Enter your password.')).toBeVisible();
  await password.fill('Wrong-Passw0rd');
  await profile.getByRole('button', { name: 'Save my details' }).click();
  await expect(toast(page, 'Error in editing')).toBeVisible();
  await expect(profile.getByText('The current password is not correct.')).toBeVisible();
  await screenshot(page, 'my-account-email-change-wrong-password');

  const asked = new Date();
  await password.fill(account.password);
  await profile.getByRole('button', { name: 'Save my details' }).click();
  await expect(toast(page, 'success edit')).toBeVisible();
  // Nothing changed yet: the page says where the link went and that the address changes when it is followed.
  const pending = page
    .getByRole('status')
    .filter({ hasText: 'Your new e-mail address is waiting for confirmation' });
  await expect(pending).toContainText(
    `We sent a link to ${newEmail}. Your address changes to it when you follow that link; until then you keep logging in with ${account.email}.`,
  );
  await expect(pending.getByRole('button', { name: 'Cancel this change' })).toBeVisible();
  await expect(profile.getByLabel(/^E-mail address/)).toHaveValue(account.email);
  await screenshot(page, 'my-account-email-change-pending');

  // The old address is told, with a link to report it.
  const notice = await readLatestMail(account.email, {
    subject: 'A change of your e-mail address was asked for',
    after: asked,
  });
  expect(notice.text).toContain(newEmail);
  expect(notice.links.some((link) => new URL(link).pathname.startsWith('/email/report/'))).toBe(true);

  // The link sent to the new address makes it take effect: every session ends, the token is cleared.
  await page.goto(
    await linkFromMail(newEmail, '/email/confirm/', { subject: 'Confirm your new e-mail address' }),
  );
  await expect(page).toHaveURL(/\/login-register$/);
  await expect(toast(page, 'Your e-mail address has changed')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('hls.accessToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('hls.refreshToken'))).toBeNull();
  await expect(activePanel(page).getByLabel(/^E-mail address/)).toHaveValue(newEmail);
  await screenshot(page, 'login-after-email-change');
  const done = await readLatestMail(account.email, {
    subject: 'Your e-mail address was changed',
    after: asked,
  });
  expect(done.text).toContain(newEmail);

  await logInThroughForm(page, newEmail, account.password);
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();
});

test('the old address reports a change it did not ask for: the change is cancelled, every session ends, and a new password is offered', async ({
  page,
  browser,
  request,
}) => {
  const owner = await newCustomer(page, request, uniqueEmail('reported'));
  const asked = new Date();
  const change = await request.put('/api/update/user', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: {
      firstName: owner.firstName,
      lastName: owner.lastName,
      email: uniqueEmail('intruder'),
      currentPassword: owner.password,
    },
  });
  expect(change.ok(), await change.text()).toBe(true);
  const link = await linkFromMail(owner.email, '/email/report/', {
    subject: 'A change of your e-mail address was asked for',
    after: asked,
  });

  // Opened from the mail in a browser that is not logged in: nothing happens until the owner says so.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-GB' });
  const inbox = waitingForApp(await context.newPage());
  await inbox.goto(link);
  await expect(
    inbox.getByRole('heading', { name: 'This change of e-mail address was not you?' }),
  ).toBeVisible();
  await screenshot(inbox, 'email-report');
  await inbox.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(inbox.getByText('The change is cancelled')).toBeVisible();
  await expect(inbox.getByText(`Your account keeps the address ${owner.email}.`)).toBeVisible();
  const forgot = inbox.getByRole('form', { name: 'Forgot your password?' });
  await expect(forgot.getByLabel(/^E-mail address/)).toHaveValue(owner.email);
  await screenshot(inbox, 'email-report-done');
  await context.close();

  // The session of the first browser ended with the report.
  const me = await request.get('/api/user', { headers: { Authorization: `Bearer ${owner.access}` } });
  expect(me.status()).toBe(401);
  await logInThroughForm(page, owner.email, owner.password);
  await expect(page.getByText('Your new e-mail address is waiting for confirmation')).toHaveCount(0);
});

/** Whether a toast lies over any part of `target`. */
async function coveredByToasts(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) throw new Error('The target is not on the screen');
  const toasts = await page.locator('.Toastify__toast').evaluateAll((nodes) =>
    nodes.map((node) => {
      const r = node.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
  return toasts.some(
    (t) =>
      t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height,
  );
}

test('an unconfirmed customer is told at checkout, in French on a phone, and can have the link sent again', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const account = newAccount(uniqueEmail('a-confirmer'));
  await registerThroughApi(request, account, 'customer', { language: 'fr' });
  await logInThroughApi(page, request, account.email, account.password);
  const file = await professionalFile(request, 'excel');
  await addToCart(page, { id: file.id, kind: 'file' }, { lng: 'fr' });
  await openIn(page, '/cart', 'fr');
  await page.getByRole('button', { name: shopWords.fr.checkout, exact: true }).click();

  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Confirmez votre adresse e-mail pour commander' });
  await expect(notice).toContainText(`Nous avons envoyé un lien à ${account.email}.`);
  await expect(page).toHaveURL(/\/cart/);
  // The toast saying the order failed never covers the button it speaks of.
  const resend = notice.getByRole('button', { name: 'Renvoyer le lien' });
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  expect(await coveredByToasts(page, resend)).toBe(false);
  const sentAt = new Date();
  await resend.click();
  await expect(notice).toContainText(`Un nouveau lien part vers ${account.email}.`);
  // One toast at a time on a phone: the link's toast waits its turn, and nothing covers the notice.
  await expect(page.locator('.Toastify__toast')).toHaveCount(1);
  expect(await coveredByToasts(page, resend)).toBe(false);
  await screenshot(page, 'cart-email-unconfirmed-fr-phone');

  // The new link confirms the address, and the order goes through.
  await page.goto(
    await linkFromMail(account.email, '/email/confirm/', {
      subject: 'Confirmez votre adresse e-mail',
      after: sentAt,
    }),
  );
  await expect(page.getByText('Votre adresse e-mail est confirmée')).toBeVisible();
  await screenshot(page, 'email-confirmed-fr-phone');
  await checkOutCart(page, 'fr');

  // A used link says so.
  await page.goto('/email/confirm/not-a-valid-token?lng=fr');
  await expect(page.getByText('Ce lien n’est plus valable')).toBeVisible();
  await screenshot(page, 'email-confirm-invalid-fr-phone');
});
