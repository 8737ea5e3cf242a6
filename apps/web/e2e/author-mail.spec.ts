// An author hears of their sales as they choose, and sees how their products do month by month: the account
// page's "E-mails" section, and "Views and sales per month" on My products, in English and in French, on a desktop
// and at 360 px.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EmailPreferences } from '@hls/contract';
import { expect, readLatestMail, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  accessToken,
  callApiAs,
  confirmEmailThroughMail,
  logInThroughApi,
  newAccount,
  openIn,
  orderThroughApi,
  payThroughApi,
  registerThroughApi,
  toast,
  type Lng,
} from './flows.ts';
import { publishedBook } from './royalties-flows.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const words = {
  en: {
    section: 'E-mails',
    versions: 'New versions of what I bought',
    sales: 'My sales',
    daily: 'One e-mail a day',
    none: 'None',
    reviews: 'Reviews of my products',
    save: 'Save my e-mail choices',
    saved: 'Your e-mail choices are saved.',
    stats: 'Views and sales per month',
    month: 'Month',
    views: 'Views',
    salesColumn: 'Sales',
    conversion: 'Conversion',
  },
  fr: {
    section: 'E-mails',
    versions: 'Nouvelles versions de ce que j’ai acheté',
    sales: 'Mes ventes',
    daily: 'Un e-mail par jour',
    none: 'Aucun',
    reviews: 'Avis sur mes produits',
    save: 'Enregistrer mes choix d’e-mails',
    saved: 'Vos choix d’e-mails sont enregistrés.',
    stats: 'Vues et ventes par mois',
    month: 'Mois',
    views: 'Vues',
    salesColumn: 'Ventes',
    conversion: 'Conversion',
  },
} as const;

/**
 * An author (in `lng`) whose book is published, viewed `views` times and sold once (an ebook) to a customer who
 * confirmed their address; the author is logged in on `page`.
 */
async function authorWithASale(page: Page, request: APIRequestContext, lng: Lng, views: number) {
  const author = newAccount(uniqueEmail('authormail'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, author, 'author', { language: lng });
  const authorAccess = await accessToken(request, author.email, author.password);
  const book = await publishedBook(request, authorAccess);
  for (let i = 0; i < views; i += 1) {
    const viewed = await request.post('/api/analytics/pageview', {
      data: { path: `/product/${book.productId}` },
    });
    expect(viewed.ok(), await viewed.text()).toBe(true);
  }
  const buyer = newAccount(uniqueEmail('authormail-buyer'));
  await registerThroughApi(request, buyer, 'customer', { language: lng });
  await confirmEmailThroughMail(request, buyer.email);
  const buyerAccess = await accessToken(request, buyer.email, buyer.password);
  const order = await orderThroughApi(request, buyerAccess, [
    { productId: book.productId, edition: 'ebook' },
  ]);
  await payThroughApi(request, buyerAccess, order);
  await logInThroughApi(page, request, author.email, author.password);
  return { author, authorAccess, book };
}

/** The sales choice on the account page: the radio buttons under "My sales". */
const salesChoice = (page: Page, lng: Lng, name: string) =>
  page.getByRole('group', { name: words[lng].sales }).getByRole('radio', { name, exact: true });

/** "Views and sales per month": the product's block, opened, and its table's row of the current month. */
async function expectMonthOf(page: Page, lng: Lng, title: string, views: number) {
  const w = words[lng];
  const section = page.getByRole('region', { name: w.stats });
  await expect(section).toBeVisible();
  const table = section.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([w.month, w.views, w.salesColumn, w.conversion]);
  const month = new Intl.DateTimeFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  const row = table.getByRole('row', { name: new RegExp(`^${month}`) });
  const percent = new Intl.NumberFormat(lng === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(1 / views);
  await expect(row.getByRole('cell')).toHaveText([String(views), '1', percent]);
}

/** No WCAG 2.1 A/AA violation in the part of the page this journey is about. */
async function expectAccessible(page: Page, selector: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The page shows nothing wider than the viewport (360 px), and the months' tables need no sideways scroll. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const tables = await page.evaluate(() =>
    [...document.querySelectorAll('.author-stats__scroll')].map((box) => box.scrollWidth - box.clientWidth),
  );
  for (const hidden of tables) expect(hidden).toBeLessThanOrEqual(0);
}

test('an English-speaking author hears of a sale, turns to one e-mail a day and sees the month’s views and sales', async ({
  page,
  request,
}) => {
  const { author, authorAccess, book } = await authorWithASale(page, request, 'en', 8);
  // By default an e-mail per sale: this one says what sold, in English, without the buyer.
  const sale = await readLatestMail(author.email, { subject: /^A sale of “Le droit des contrats/ });
  expect(sale.text).toContain('(ebook)');
  expect(sale.text).not.toContain('authormail-buyer');

  await page.setViewportSize(DESKTOP);
  await openIn(page, '/my-account', 'en');
  const w = words.en;
  const section = page.getByRole('region', { name: w.section });
  await expect(section.getByRole('checkbox', { name: w.versions })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: w.reviews })).toBeChecked();
  await expect(salesChoice(page, 'en', 'An e-mail for each sale')).toBeChecked();
  await salesChoice(page, 'en', w.daily).check();
  await section.getByRole('button', { name: w.save }).click();
  await expect(toast(page, w.saved)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page, '#email-preferences');
  await screenshot(page, 'author-mail-account-en-desktop');
  const saved = await callApiAs<EmailPreferences>(
    request,
    authorAccess,
    'get',
    '/api/account/email-preferences',
  );
  expect(saved).toEqual({ versionEmails: true, salesEmails: 'daily', reviewEmails: true });
  await page.reload();
  await expect(salesChoice(page, 'en', w.daily)).toBeChecked();

  await openIn(page, '/file-book', 'en');
  await expectMonthOf(page, 'en', book.title, 8);
  await page.getByRole('region', { name: w.stats }).scrollIntoViewIfNeeded();
  await expectAccessible(page, '.author-stats');
  await screenshot(page, 'author-mail-stats-en-desktop');

  await page.setViewportSize(PHONE);
  await openIn(page, '/file-book', 'en');
  await expectMonthOf(page, 'en', book.title, 8);
  await expectNoSideScroll(page);
  await screenshot(page, 'author-mail-stats-en-360');
});

test('une autrice francophone coupe les e-mails de ses ventes et voit les vues et ventes du mois, à 360 px', async ({
  page,
  request,
}) => {
  const { authorAccess, book } = await authorWithASale(page, request, 'fr', 4);
  await page.setViewportSize(PHONE);
  // The e-mails' "Mes choix d’e-mails" link opens the account page on the section.
  await page.goto('/my-account?lng=fr#email-preferences');
  const w = words.fr;
  const section = page.getByRole('region', { name: w.section });
  await expect(section).toBeInViewport();
  await expect(section.getByRole('checkbox', { name: w.versions })).toBeChecked();
  await salesChoice(page, 'fr', w.none).check();
  await section.getByRole('checkbox', { name: w.reviews }).uncheck();
  await section.getByRole('button', { name: w.save }).click();
  await expect(toast(page, w.saved)).toBeVisible();
  await expectNoSideScroll(page);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'author-mail-account-fr-360', { fullPage: false });
  const saved = await callApiAs<EmailPreferences>(
    request,
    authorAccess,
    'get',
    '/api/account/email-preferences',
  );
  expect(saved).toEqual({ versionEmails: true, salesEmails: 'off', reviewEmails: false });

  await openIn(page, '/file-book', 'fr');
  await expectMonthOf(page, 'fr', book.title, 4);
  await expectNoSideScroll(page);
  await page.getByRole('region', { name: w.stats }).scrollIntoViewIfNeeded();
  await expectAccessible(page, '.author-stats');
  await screenshot(page, 'author-mail-stats-fr-360', { fullPage: false });

  await page.setViewportSize(DESKTOP);
  await openIn(page, '/my-account', 'fr');
  await expect(salesChoice(page, 'fr', w.none)).toBeChecked();
  await page.getByRole('region', { name: w.section }).scrollIntoViewIfNeeded();
  await screenshot(page, 'author-mail-account-fr-desktop', { fullPage: false });
  await openIn(page, '/file-book', 'fr');
  await expectMonthOf(page, 'fr', book.title, 4);
  await screenshot(page, 'author-mail-stats-fr-desktop');
});
