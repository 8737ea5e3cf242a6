// Shared helpers of the browser journeys: captured mail, accessibility checks, unique accounts, screenshots.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page, type Response } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEml, type Mail } from './eml.ts';

export { expect };

/**
 * Waits, after a page of the app loaded, until it runs (`<html data-app="ready">`): a server-rendered page shows
 * before its JavaScript, and a click on it before hydration would do nothing.
 */
async function appReady(page: Page, response: Response | null): Promise<Response | null> {
  if (response?.headers()['content-type']?.includes('text/html'))
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
      timeout: 30_000,
    });
  return response;
}

/** Makes `goto` and `reload` of a page wait for the app to run (a page of another browser context, too). */
export function waitingForApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => appReady(page, await goto(url, options));
  page.reload = async (options) => appReady(page, await reload(options));
  return page;
}

/** Playwright's test, whose page waits for the app to run after each `goto` and `reload`. */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (!javaScriptEnabled) return use(page);
    await use(waitingForApp(page));
  },
});
export type { Mail };

/** Where the API under test writes its mail (see playwright.config.ts). */
export const mailDir = process.env.E2E_MAIL_DIR ?? '';
/** The API's data folder: its database and its file storage (`storage/objects/<key>`). */
export const dataDir = process.env.E2E_DATA_DIR ?? '';
export const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';

/** Demo accounts seeded on an empty database (README, "Demo accounts"). */
export const demo = {
  password: 'Demo1234!',
  customer: 'customer@hls.test',
  author: 'author@hls.test',
  editor: 'editor@hls.test',
  admin: 'admin@hls.test',
} as const;

/** A strong password that satisfies the registration rules (8+ characters, a letter and a digit). */
export const strongPassword = 'Str0ng-Passw0rd!';

let counter = 0;
/** An e-mail address nobody used yet, so journeys can run in parallel and be re-run on the same database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${prefix}-${stamp}@e2e.hls.test`.toLowerCase();
}

const matches = (text: string, wanted: string | RegExp) =>
  typeof wanted === 'string' ? text.includes(wanted) : wanted.test(text);

function emlFiles(dir: string): string[] {
  if (!dir || !existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return emlFiles(path);
    return entry.name.endsWith('.eml') ? [path] : [];
  });
}

/**
 * The newest mail sent to `to`, waiting for the outbox's sender loop to write it.
 * `after` ignores older messages (e.g. a previous reset mail to the same address); `subject` picks one kind of
 * message when several are on their way to the same address.
 */
export async function readLatestMail(
  to: string,
  {
    timeout = 20_000,
    after = new Date(0),
    subject,
  }: { timeout?: number; after?: Date; subject?: string | RegExp } = {},
): Promise<Mail> {
  const wanted = to.toLowerCase();
  const deadline = Date.now() + timeout;
  for (;;) {
    const candidates = emlFiles(mailDir)
      .map((file) => ({ file, mtime: statSync(file).mtimeMs }))
      .filter(({ mtime }) => mtime >= after.getTime() - 1000)
      .sort((a, b) => b.mtime - a.mtime);
    for (const { file } of candidates) {
      const mail = parseEml(readFileSync(file, 'utf8'), file);
      if (!mail.to.toLowerCase().includes(wanted)) continue;
      if (subject !== undefined && !matches(mail.subject, subject)) continue;
      // The transport may still be writing it: read it again once its size stops changing.
      const size = statSync(file).size;
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (statSync(file).size === size) return parseEml(readFileSync(file, 'utf8'), file);
    }
    if (Date.now() > deadline) {
      throw new Error(`No mail to ${to} in ${mailDir || '(E2E_MAIL_DIR not set)'} after ${timeout} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Fails with a readable list when axe-core finds WCAG 2.0/2.1 A or AA violations on the page.
 *
 * axe runs in the page itself (`setLegacyMode`): the same rules on the same document, and on its same-origin
 * frames, in half the time of the default, which opens a blank page for each check to merge the results of
 * cross-origin frames. The app's pages hold no cross-origin frame in these journeys (payments use the demo card).
 */
export async function expectNoA11yViolations(page: Page, { exclude = [] as string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true);
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const readable = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(readable, `axe-core violations on ${page.url()}`).toEqual([]);
}

/**
 * Whether the journeys save the pictures of what they saw (`E2E_SCREENSHOTS=1`). They check nothing, and a
 * full-page PNG at twice a phone's pixels costs seconds, so the suite leaves them out unless asked; a failing
 * journey always keeps its screenshot and trace (playwright.config.ts).
 */
const takeScreenshots = ['1', 'true'].includes(process.env.E2E_SCREENSHOTS ?? '');

/**
 * Saves a PNG under test-results/screens/ for people to review what the journeys saw, when asked
 * (`E2E_SCREENSHOTS=1`): the full page, or only the viewport (`fullPage: false`) when a dialog or drawer is open,
 * since those are fixed to the viewport.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!takeScreenshots) return;
  const info = test.info();
  const dir = join(info.project.outputDir, 'screens');
  await mkdir(dir, { recursive: true });
  const safe = name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase();
  const path = join(dir, `${info.project.name}-${safe}.png`);
  // Let web fonts and lazy screens settle so the picture shows the screen, not its spinner.
  await page.evaluate(() => document.fonts?.ready).catch(() => undefined);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  await info.attach(name, { path, contentType: 'image/png' });
}

/**
 * The bytes of a demo product's original file, as the seed stored it (`files/demo/<key>/<name>`), found by the
 * name the download saves it under.
 */
export function originalDemoFile(fileName: string): Buffer {
  const root = join(dataDir, 'storage', 'objects', 'files', 'demo');
  const found = existsSync(root)
    ? readdirSync(root)
        .map((key) => join(root, key, fileName))
        .filter((path) => existsSync(path))
    : [];
  if (found.length !== 1) {
    throw new Error(`Expected one stored original named ${fileName} under ${root}, found ${found.length}`);
  }
  return readFileSync(found[0]!);
}
