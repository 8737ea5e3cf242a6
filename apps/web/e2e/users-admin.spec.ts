import type { Page } from '@playwright/test';
import { demo, expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  accessToken,
  activePanel,
  callApiAs,
  newAccount,
  openAccountMenu,
  openIn,
  pageAs,
  registerThroughApi,
  toast,
} from './flows.ts';

// The admins' users screen (issue: authors and editorial review): editors and admins are managed in the product.
// An admin finds a user whatever the accents, makes them an editor, suspends another whose login is then refused
// in their language, and reactivates them. Only accounts made by this journey are changed (the demo ones are
// shared by the other journeys).

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('an admin finds a user, makes them an editor, suspends and reactivates another', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const future = newAccount(uniqueEmail('future-editor'), {
    firstName: 'Éloïse',
    lastName: `Marchand${stamp}`,
  });
  const suspect = newAccount(uniqueEmail('suspect'), { firstName: 'Noël', lastName: `Lefèvre${stamp}` });
  await registerThroughApi(request, future);
  await registerThroughApi(request, suspect, 'customer', { language: 'fr' });

  const admin = await pageAs(browser, request, demo.admin);
  await openIn(admin, '/my-account');
  // The account menu leads admins to the back office: the editorial queue, the orders and the users.
  const menu = await openAccountMenu(admin);
  await expect(menu.getByRole('link', { name: 'Editorial queue' })).toHaveAttribute(
    'href',
    '/back-office/editorial',
  );
  await expect(menu.getByRole('link', { name: 'Orders (back office)' })).toBeVisible();
  await menu.getByRole('link', { name: 'Users' }).click();
  await expect(admin).toHaveURL(/\/back-office\/users$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(admin.getByRole('table', { name: 'Users, newest first' })).toBeVisible();

  // Found without the accents and in capitals.
  const search = admin.getByRole('searchbox', { name: 'Name or e-mail' });
  await search.fill(`ELOISE MARCHAND${stamp}`);
  await admin.getByRole('button', { name: 'Find the users' }).click();
  await expect(admin).toHaveURL(/q=ELOISE/);
  await expect(admin.getByText('1 user', { exact: true })).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(`Éloïse Marchand${stamp}`) });
  await expect(row).toContainText(future.email);
  await expect(row).toContainText('Active');

  // Made an editor after a confirmation.
  const roleSelect = row.getByRole('combobox', { name: `Role Éloïse Marchand${stamp}` });
  await expect(roleSelect).toHaveValue('customer');
  await roleSelect.selectOption('editor');
  await row.getByRole('button', { name: `Change the role of Éloïse Marchand${stamp}` }).click();
  const roleDialog = admin.getByRole('dialog', { name: `Change the role of Éloïse Marchand${stamp}?` });
  await expect(roleDialog).toContainText('becomes an editor');
  await expectNoA11yViolations(admin, { exclude: ['.Toastify'] });
  await screenshot(admin, 'users-role-dialog-en', { fullPage: false });
  await roleDialog.getByRole('button', { name: 'Change the role' }).click();
  await expect(toast(admin, `Éloïse Marchand${stamp} is now an editor.`)).toBeVisible();
  await expect(roleSelect).toHaveValue('editor');
  // The role filter finds them among the editors.
  await admin.getByRole('combobox', { name: 'Role', exact: true }).selectOption('editor');
  await admin.getByRole('button', { name: 'Find the users' }).click();
  await expect(admin).toHaveURL(/role=editor/);
  await expect(admin.getByRole('row', { name: new RegExp(`Marchand${stamp}`) })).toBeVisible();

  // The new editor logs in and has the back office.
  const editor = await pageAs(browser, request, future.email, future.password);
  await openIn(editor, '/my-account');
  const editorMenu = await openAccountMenu(editor);
  await expect(editorMenu.getByRole('link', { name: 'Orders (back office)' })).toBeVisible();
  await expect(editorMenu.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await editor.context().close();

  // Another user suspended after a confirmation.
  await openIn(admin, `/back-office/users?q=${encodeURIComponent(`noel lefevre${stamp}`)}`);
  const suspectRow = admin.getByRole('row', { name: new RegExp(`Noël Lefèvre${stamp}`) });
  await suspectRow.getByRole('button', { name: `Suspend Noël Lefèvre${stamp}` }).click();
  const suspendDialog = admin.getByRole('dialog', { name: `Suspend Noël Lefèvre${stamp}?` });
  await expect(suspendDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await suspendDialog.getByRole('button', { name: 'Suspend the account' }).click();
  await expect(toast(admin, `Noël Lefèvre${stamp}'s account is suspended.`)).toBeVisible();
  await expect(suspectRow).toContainText('Suspended');
  await expect(suspectRow.getByRole('button', { name: `Reactivate Noël Lefèvre${stamp}` })).toBeVisible();

  // Their login is refused, with the message in the page's language.
  await openIn(page, '/login-register', 'fr');
  await activePanel(page)
    .getByLabel(/^Adresse e-mail/)
    .fill(suspect.email);
  await activePanel(page)
    .getByLabel(/^Mot de passe/)
    .fill(suspect.password);
  await activePanel(page).getByRole('button', { name: 'Se connecter' }).click();
  await expect(
    activePanel(page).getByText('Ce compte est suspendu. Contactez-nous pour le réactiver.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login-register/);
  await screenshot(page, 'users-suspended-login-fr', { fullPage: false });

  // Reactivated from the French screen, filtered on the suspended accounts.
  await openIn(admin, `/back-office/users?status=suspended&q=${encodeURIComponent(`Lefèvre${stamp}`)}`, 'fr');
  await expect(admin.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible();
  const frRow = admin.getByRole('row', { name: new RegExp(`Noël Lefèvre${stamp}`) });
  await expect(frRow).toContainText('Suspendu');
  await frRow.getByRole('button', { name: `Réactiver Noël Lefèvre${stamp}` }).click();
  const reactivateDialog = admin.getByRole('dialog', { name: `Réactiver Noël Lefèvre${stamp} ?` });
  await reactivateDialog.getByRole('button', { name: 'Réactiver le compte' }).click();
  await expect(toast(admin, `Le compte de Noël Lefèvre${stamp} est de nouveau actif.`)).toBeVisible();
  // Active again: it leaves the list of suspended accounts.
  await expect(frRow).toHaveCount(0);
  await expect(admin.getByRole('heading', { name: 'Aucun utilisateur ne correspond' })).toBeVisible();

  // They can log in again.
  await activePanel(page).getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await admin.context().close();
});

// axe at each width in one language (English at 1280 px, French at 360 px), as for the public screens: what it
// reads is the same in both; the fit and the menu in both.
const axeLanguage = { 1280: 'en', 360: 'fr' } as const;

test('the users screen fits 1280 px and 360 px in English and French, and passes axe', async ({
  browser,
  request,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const suspended = newAccount(uniqueEmail('a11y-users'), {
    firstName: 'Zoé',
    lastName: `Suspendue${stamp}`,
  });
  await registerThroughApi(request, suspended);
  const admin = await pageAs(browser, request, demo.admin);
  const access = await accessToken(request, demo.admin, demo.password);
  const found = await callApiAs<{ results: { id: string }[] }>(
    request,
    access,
    'get',
    `/api/admin/users?q=${encodeURIComponent(suspended.email)}`,
  );
  await callApiAs(request, access, 'post', `/api/admin/users/${found.results[0]!.id}/suspend`, {});

  for (const lng of ['en', 'fr'] as const) {
    await admin.setViewportSize({ width: 1280, height: 800 });
    await openIn(admin, '/back-office/users', lng);
    await expect(admin.getByRole('table')).toBeVisible();
    if (axeLanguage[1280] === lng) await expectNoA11yViolations(admin, { exclude: ['.Toastify'] });
    await screenshot(admin, `users-1280-${lng}`);
    // A suspended user and the admin's own row (no controls) in view.
    await openIn(admin, `/back-office/users?status=suspended&q=${stamp}`, lng);
    await expect(admin.getByRole('row', { name: new RegExp(`Suspendue${stamp}`) })).toBeVisible();
    if (axeLanguage[1280] === lng) await expectNoA11yViolations(admin, { exclude: ['.Toastify'] });

    // At 360 px each user is a card, without horizontal scrolling.
    await admin.setViewportSize({ width: 360, height: 740 });
    await openIn(admin, '/back-office/users', lng);
    await expect(admin.getByRole('table')).toBeVisible();
    expect(await noHorizontalScroll(admin)).toBe(true);
    if (axeLanguage[360] === lng) await expectNoA11yViolations(admin, { exclude: ['.Toastify'] });
    await screenshot(admin, `users-360-${lng}`);
    await screenshot(admin, `users-360-top-${lng}`, { fullPage: false });
    const menuButton = admin
      .getByRole('banner')
      .getByRole('button', { name: lng === 'en' ? 'Account menu' : 'Menu du compte' });
    await menuButton.click();
    const menu = admin.locator(`[id="${await menuButton.getAttribute('aria-controls')}"]`);
    // Hers and the back office's: the users, reviews, stock, VAT… screens.
    await expect(menu.getByRole('link')).toHaveCount(9);
    await expect(menu.getByRole('link', { name: lng === 'en' ? 'Users' : 'Utilisateurs' })).toBeVisible();
    await expect(
      menu.getByRole('link', { name: lng === 'en' ? 'Reviews to moderate' : 'Avis à modérer' }),
    ).toBeVisible();
    await expect(
      menu.getByRole('link', {
        name: lng === 'en' ? 'Royalties and payouts' : 'Droits d’auteur et versements',
      }),
    ).toBeVisible();
    expect(await noHorizontalScroll(admin)).toBe(true);
    await screenshot(admin, `users-360-account-menu-${lng}`, { fullPage: false });
  }
  await admin.context().close();
});
