// Steps several journeys share, written against what a user sees: roles, labels and visible text (English UI).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { strongPassword } from './fixtures.ts';

export type NewAccount = { firstName: string; lastName: string; email: string; password: string };

export function newAccount(email: string, overrides: Partial<NewAccount> = {}): NewAccount {
  return { firstName: 'Camille', lastName: 'Durand', email, password: strongPassword, ...overrides };
}

/** The visible tab panel of /login-register (login, forgot password, or register). */
export function activePanel(page: Page) {
  return page.locator('[role="tabpanel"]:not([hidden])');
}

/**
 * Opens `path` in language `lng` (through `?lng=`) and waits for its main heading; product pages wait for the
 * API, which a busy machine can make slow.
 */
export async function openIn(page: Page, path: string, lng = 'en'): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

/** A toast (bottom left) showing `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text).first();
}

/** Opens /login-register in English and creates an account with the register tab. */
export async function registerThroughForm(
  page: Page,
  account: NewAccount,
  { author = false } = {},
): Promise<void> {
  await page.goto('/login-register?lng=en');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = activePanel(page);
  await form.getByLabel(/^First name/).fill(account.firstName);
  await form.getByLabel(/^Last name/).fill(account.lastName);
  await form.getByLabel(/^E-mail address/).fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByLabel(/^Confirm password/).fill(account.password);
  if (author) await form.getByRole('checkbox', { name: 'I am an author' }).check();
  await form.getByRole('button', { name: 'Create my account' }).click();
  await expect(toast(page, 'success register')).toBeVisible();
  // SPEC §4: a successful registration switches to the login tab, with the new address filled in.
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await expect(activePanel(page).getByLabel(/^E-mail address/)).toHaveValue(account.email);
}

/** Logs in with the login tab of /login-register; SPEC §4 then sends the user to /my-account. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login-register')) await page.goto('/login-register?lng=en');
  const form = activePanel(page);
  await form.getByLabel(/^E-mail address/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(toast(page, 'success login')).toBeVisible();
  await expect(page).toHaveURL(/\/my-account$/);
}

/** Creates an account through the API, as the register form does (set-up for journeys about something else). */
export async function registerThroughApi(
  request: APIRequestContext,
  account: NewAccount,
  role: 'customer' | 'author' = 'customer',
): Promise<void> {
  const response = await request.post(`/api/register/${role}`, {
    multipart: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      password: account.password,
      language: 'en',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** Opens the header's account dropdown and returns its panel. */
export async function openAccountMenu(page: Page) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const panelId = await button.getAttribute('aria-controls');
  return page.locator(`[id="${panelId}"]`);
}
