// The facts people buy on, as a visitor reads them on each kind of product page, in the cart and at checkout,
// and the deal authors are offered: shared by the desktop (1280 px) and phone (360 px) journeys.
import type { APIRequestContext, Page } from '@playwright/test';
import type { BookDetail, FileDetail, ProductPage, ProductSummary } from '@hls/contract';
import { expect, expectNoA11yViolations, screenshot, strongPassword, test, uniqueEmail } from './fixtures.ts';
import {
  addToCart,
  checkOutCart,
  fromDemoSeed,
  logInThroughApi,
  newAccount,
  newCustomer,
  openIn,
  registerThroughApi,
  toast,
} from './flows.ts';
import { expectNoOverflow } from './overflow.ts';

const languages = ['en', 'fr'] as const;
/** The language axe checks a screen in at each width, as public-screens.ts does. */
const axeLanguage = { phone: 'fr', desktop: 'en' } as const;

const words = {
  en: {
    publisher: 'Publisher',
    published: 'Published',
    isbn: 'ISBN',
    ebookFile: /without DRM: read it on any device/,
    delivery: /^Delivered in 5–10 working days from our shipping centre in Tunisia/,
    duties: /Import VAT and any customs duties are paid by HLS and included in the price/,
    twin: 'Also in English',
    twinBack: 'Also in French',
    format: 'Format',
    software: 'Opens in',
    macros: 'Macros',
    usage: /^Personal use|^Commercial use/,
    updated: 'Last update',
    licence: 'Licence',
    pdfReader: 'any PDF reader',
    ebook: 'Ebook',
    deal: 'What you earn, and when',
    profile: 'Author profile',
  },
  fr: {
    publisher: 'Éditeur',
    published: 'Parution',
    isbn: 'ISBN',
    ebookFile: /sans DRM\s: lisible sur tous vos appareils/,
    delivery: /^Livré en 5 à 10 jours ouvrés depuis notre centre d’expédition en Tunisie/,
    duties: /TVA à l’importation et les éventuels droits de douane sont payés par HLS/,
    twin: 'Aussi en anglais',
    twinBack: 'Aussi en français',
    format: 'Format',
    software: 'S’ouvre avec',
    macros: 'Macros',
    usage: /^Usage personnel|^Usage commercial/,
    updated: 'Dernière mise à jour',
    licence: 'Licence',
    pdfReader: 'tout lecteur PDF',
    ebook: 'Livre numérique',
    deal: 'Ce que vous gagnez, et quand',
    profile: 'Profil d’auteur',
  },
} as const;

/** The value of a fact on a product page, found by its term. */
const fact = (page: Page, term: string) =>
  page
    .locator('.product-facts > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');

async function summaries(request: APIRequestContext, url: string, filter: object): Promise<ProductSummary[]> {
  const response = await request.post(url, { data: filter });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as ProductPage).results;
}

async function details<T>(request: APIRequestContext, urls: string[]): Promise<T[]> {
  return Promise.all(
    urls.map(async (url) => {
      const response = await request.get(url);
      expect(response.ok(), await response.text()).toBe(true);
      return (await response.json()) as T;
    }),
  );
}

/** The demo products each journey reads: a French book in both formats with its English twin, an ebook-only
 * book, a professional workbook and a free French document with its English twin. Read once per worker. */
function demoProducts(request: APIRequestContext) {
  products ??= readDemoProducts(request);
  return products;
}
let products: ReturnType<typeof readDemoProducts> | undefined;

async function readDemoProducts(request: APIRequestContext) {
  const books = await details<BookDetail>(
    request,
    (await summaries(request, '/api/books/filter/book', {})).map((book) => `/api/books/list/${book.id}`),
  );
  const pro = await details<FileDetail>(
    request,
    (await summaries(request, '/api/category/filter/pro', { fileType: ['excel'] })).map(
      (file) => `/api/category/file/${file.id}`,
    ),
  );
  const free = await details<FileDetail>(
    request,
    (await summaries(request, '/api/category/filter/student', { fileType: ['pdf'] })).map(
      (file) => `/api/category/file/${file.id}`,
    ),
  );
  const pick = <T extends { coverUrl: string }>(list: T[], test: (item: T) => boolean, what: string): T => {
    const found = list.find((item) => fromDemoSeed(item) && test(item));
    if (!found) throw new Error(`The demo catalogue has no ${what}`);
    return found;
  };
  return {
    book: pick(
      books,
      (b) => b.language === 'fr' && b.twin !== null && b.editions.length === 2 && b.editions[0]!.inStock,
      'French book in both formats with a twin',
    ),
    ebookOnly: pick(
      books,
      (b) => b.editions.length === 1 && b.editions[0]!.format === 'ebook',
      'ebook-only book',
    ),
    workbook: pick(pro, (f) => f.twin !== null && f.sheets !== null, 'professional workbook with a twin'),
    freeDocument: pick(
      free,
      (f) => f.language === 'fr' && f.twin !== null,
      'free French document with a twin',
    ),
  };
}

/**
 * The page fits its width. axe checks each kind of product page, the cart with a paper book and /publish at both
 * widths in public-screens.ts; here it checks what only these journeys open (an author's profile form), in one
 * language per width as there.
 */
async function checkPage(page: Page, name: string, { axe = false } = {}) {
  await expectNoOverflow(page, name);
  if (axe) await expectNoA11yViolations(page);
  await screenshot(page, name);
}

/** The journeys of `screen`: each kind of product page, the cart and checkout, the author's deal and profile. */
export function walkProductFacts(screen: 'desktop' | 'phone') {
  for (const lng of languages) {
    const w = words[lng];
    test.describe(`the facts people buy on (${screen}, ${lng})`, () => {
      test('a book in paper and ebook: publisher, date, ISBN, delivery and customs, the ebook file, its twin', async ({
        page,
        request,
      }) => {
        const { book } = await demoProducts(request);
        await openIn(page, `/product/${book.id}`, lng);
        await expect(fact(page, w.publisher)).toHaveText(book.publisher!);
        await expect(fact(page, w.published).locator('time')).toHaveAttribute(
          'datetime',
          book.publicationDate!,
        );
        await expect(fact(page, w.isbn)).toHaveText(book.editions[0]!.isbn!);
        const buy = page.locator('.product-buy');
        await expect(buy.getByText(w.delivery)).toBeVisible();
        await expect(buy.getByText(w.duties)).toBeVisible();
        const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
          (text) => JSON.parse(text) as Record<string, unknown>,
        );
        expect(jsonLd.find((data) => data['@type'] === 'Book')).toMatchObject({
          inLanguage: 'fr',
          publisher: { name: book.publisher },
          datePublished: book.publicationDate,
        });
        await checkPage(page, `facts-book-${lng}`);

        await page.getByRole('radio', { name: new RegExp(`^${w.ebook}`) }).check();
        await expect(page.getByText(w.ebookFile)).toBeVisible();
        await expect(buy.getByText(w.duties)).toHaveCount(0);

        const twin = page.getByRole('link', { name: new RegExp(`^${w.twin}`) });
        await expect(twin).toHaveAttribute('href', `/product/${book.twin!.id}`);
        await twin.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(book.twin!.title);
        await expect(page.getByRole('link', { name: new RegExp(`^${w.twinBack}`) })).toHaveAttribute(
          'href',
          `/product/${book.id}`,
        );
      });

      test('an ebook-only book: its file without DRM, no parcel to deliver', async ({ page, request }) => {
        const { ebookOnly } = await demoProducts(request);
        await openIn(page, `/product/${ebookOnly.id}`, lng);
        await expect(page.getByText(w.ebookFile)).toBeVisible();
        await expect(page.getByText(w.delivery)).toHaveCount(0);
        await expect(page.getByText(w.duties)).toHaveCount(0);
        await expect(fact(page, w.publisher)).toHaveText(ebookOnly.publisher!);
        await checkPage(page, `facts-ebook-only-${lng}`);
      });

      test('a professional workbook: format, sheets, software, macros, usage licence, last update, twin', async ({
        page,
        request,
      }) => {
        const { workbook } = await demoProducts(request);
        await openIn(page, `/prodoc/${workbook.id}`, lng);
        await expect(fact(page, w.format)).toHaveText(
          lng === 'en' ? 'Excel workbook (.xlsx)' : 'Classeur Excel (.xlsx)',
        );
        await expect(page.locator('.product-facts')).toContainText(
          lng === 'en' ? `${workbook.sheets} sheets` : `${workbook.sheets} feuilles`,
        );
        await expect(fact(page, w.software).locator('li')).toHaveCount(workbook.software.length);
        await expect(fact(page, w.macros)).toHaveText(lng === 'en' ? 'None' : 'Aucune');
        await expect(fact(page, w.licence)).toHaveText(w.usage);
        await expect(fact(page, w.updated).locator('time')).toHaveAttribute('datetime', workbook.updatedAt);
        await expect(page.locator('.product-twin a')).toHaveAttribute('href', `/prodoc/${workbook.twin!.id}`);
        await checkPage(page, `facts-workbook-${lng}`);
      });

      test('a free document: its licence, what opens it, its twin, and a page that fits', async ({
        page,
        request,
      }) => {
        const { freeDocument } = await demoProducts(request);
        await openIn(page, `/prodoc/${freeDocument.id}`, lng);
        await expect(fact(page, w.format)).toHaveText(
          lng === 'en' ? 'PDF document (.pdf)' : 'Document PDF (.pdf)',
        );
        await expect(fact(page, w.software)).toHaveText(w.pdfReader);
        await expect(fact(page, w.licence)).toContainText('Creative Commons');
        await expect(page.getByRole('link', { name: new RegExp(`^${w.twin}`) })).toHaveAttribute(
          'href',
          `/prodoc/${freeDocument.twin!.id}`,
        );
        await checkPage(page, `facts-free-document-${lng}`);
      });

      test('the cart and checkout of a paper book say the delivery days and who pays customs', async ({
        page,
        request,
      }) => {
        test.slow();
        const { book } = await demoProducts(request);
        await newCustomer(page, request, uniqueEmail('facts'), { language: lng });
        await addToCart(page, book, { format: 'paper', lng });
        await openIn(page, '/cart', lng);
        const summary = page.locator('.cart-summary');
        await expect(summary.getByText(w.delivery)).toBeVisible();
        await expect(summary.getByText(w.duties)).toBeVisible();
        await checkPage(page, `facts-cart-${lng}`);

        await checkOutCart(page, lng);
        const order = page.locator('.checkout-summary');
        await expect(order.getByText(w.delivery)).toBeVisible();
        await expect(order.getByText(w.duties)).toBeVisible();
        await expectNoOverflow(page, 'checkout');
        await screenshot(page, `facts-checkout-${lng}`);
      });

      test('authors are told the deal on /publish and edit their public profile', async ({
        page,
        request,
      }) => {
        await openIn(page, '/publish', lng);
        const deal = page.getByRole('region', { name: w.deal });
        await expect(deal.getByRole('table')).toBeVisible();
        await expect(deal.getByRole('row')).toHaveCount(4);
        await checkPage(page, `facts-publish-${lng}`);

        const author = newAccount(uniqueEmail('facts-author'), { password: strongPassword });
        await registerThroughApi(request, author, 'author', { language: lng });
        await logInThroughApi(page, request, author.email, author.password);
        await openIn(page, '/my-account', lng);
        const form = page.getByRole('form', { name: w.profile });
        await form.getByRole('textbox').first().fill('C. Durand');
        await form.getByRole('button').click();
        await expect(toast(page, lng === 'en' ? 'success edit' : 'Modifications enregistrées')).toBeVisible();
        await checkPage(page, `facts-my-account-author-${lng}`, { axe: lng === axeLanguage[screen] });
      });
    });
  }
}
