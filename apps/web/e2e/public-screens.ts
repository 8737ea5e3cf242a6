// Every public screen and every kind of product, as a visitor meets them, in both languages: the journeys of
// public-screens.spec.ts (1280 px) and public-screens.mobile.spec.ts (360 px) walk this list.
import type { APIRequestContext, Page } from '@playwright/test';
import type { EditionFormat, FileType, ProductPage, ProductSummary } from '@hls/contract';
import { fileTypes } from '@hls/contract/values';
import { expect, expectNoA11yViolations, screenshot, test } from './fixtures.ts';
import type { Lng } from './flows.ts';
import { expectNoOverflow } from './overflow.ts';

/** The demo products that stand for each kind of product page. */
export type Catalogue = {
  paperAndEbook: ProductSummary;
  ebookOnly: ProductSummary;
  paperOnly: ProductSummary | undefined;
  professional: Partial<Record<FileType, ProductSummary>>;
  academic: ProductSummary;
};

async function everyProduct(request: APIRequestContext, url: string): Promise<ProductSummary[]> {
  const products: ProductSummary[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.post(`${url}?page=${page}`, { data: {} });
    expect(response.ok(), await response.text()).toBe(true);
    const body = (await response.json()) as ProductPage;
    products.push(...body.results);
    if (page >= body.pages) return products;
  }
}

let catalogue: Promise<Catalogue> | undefined;

/** Read once per worker from the API, the way the lists show them. */
export function demoCatalogue(request: APIRequestContext): Promise<Catalogue> {
  catalogue ??= (async () => {
    const [books, professional, academic] = await Promise.all([
      everyProduct(request, '/api/books/filter/book'),
      everyProduct(request, '/api/category/filter/pro'),
      everyProduct(request, '/api/category/filter/student'),
    ]);
    const withFormats = (formats: EditionFormat[]) =>
      books.find(
        (book) => book.formats.length === formats.length && formats.every((f) => book.formats.includes(f)),
      );
    const paperAndEbook = withFormats(['paper', 'ebook']);
    const ebookOnly = withFormats(['ebook']);
    const free = academic.find((file) => file.free);
    if (!paperAndEbook || !ebookOnly || !free) throw new Error('The demo catalogue lacks a kind of product');
    return {
      paperAndEbook,
      ebookOnly,
      paperOnly: withFormats(['paper']),
      professional: Object.fromEntries(
        fileTypes.flatMap((type) => {
          const file = professional.find((product) => product.fileType === type && !product.free);
          return file ? [[type, file]] : [];
        }),
      ),
      academic: free,
    };
  })();
  return catalogue;
}

export type Width = 'desktop' | 'phone';

type Screen = {
  name: string;
  /** The address to open, found in the demo catalogue when it names a product. */
  path: (catalogue: Catalogue) => string | undefined;
  /** What to open on the screen before it is measured (a panel, a tab). */
  open?: (page: Page, width: Width) => Promise<void>;
};

const productPath = (product: ProductSummary | undefined) =>
  product && (product.kind === 'book' ? `/product/${product.id}` : `/prodoc/${product.id}`);

/** On a phone, the filters of a list open over it. */
async function openFilters(page: Page, width: Width) {
  if (width !== 'phone') return;
  const toggle = page.locator('.catalog-sidebar__toggle');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

export const publicScreens: Screen[] = [
  { name: 'home', path: () => '/' },
  { name: 'bookshop', path: () => '/book', open: openFilters },
  { name: 'professional', path: () => '/professionnel', open: openFilters },
  { name: 'academic', path: () => '/academic', open: openFilters },
  { name: 'search', path: () => '/search?search=excel' },
  { name: 'search-nothing', path: () => '/search?search=zzzqqq' },
  { name: 'book-paper-ebook', path: (c) => productPath(c.paperAndEbook) },
  { name: 'book-ebook', path: (c) => productPath(c.ebookOnly) },
  { name: 'book-paper', path: (c) => productPath(c.paperOnly) },
  ...fileTypes.map((type) => ({
    name: `file-${type}`,
    path: (c: Catalogue) => productPath(c.professional[type]),
  })),
  { name: 'file-academic', path: (c) => productPath(c.academic) },
  { name: 'cart-empty', path: () => '/cart' },
  { name: 'wishlist-empty', path: () => '/wishlist' },
  { name: 'compare-empty', path: () => '/compare' },
  { name: 'terms', path: () => '/terms' },
  { name: 'legals', path: () => '/legals' },
  { name: 'privacy', path: () => '/privacy' },
  { name: 'publish', path: () => '/publish' },
  { name: 'about', path: () => '/about' },
  { name: 'contact', path: () => '/contact' },
  { name: 'login', path: () => '/login-register' },
  { name: 'register', path: () => '/login-register?tab=register' },
  { name: 'password-reset', path: () => '/password/reset/confirm/x' },
  { name: 'not-found', path: () => '/no-such-page' },
];

/**
 * Opens a screen in a language and waits until it is whole: its main heading (a product page waits for the API),
 * the footer (it loads after the first paint) and no placeholder still loading (the home's rows, a list
 * refreshing). Covers keep their place before they arrive (their width and height are set), so the layout measured
 * is the one the page keeps, without waiting for the network to go quiet.
 */
export async function openScreen(page: Page, path: string, lng: Lng): Promise<void> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('.skeleton, [aria-busy="true"]')).toHaveCount(0);
}

/**
 * The language axe checks a screen in at each width: French on a phone, English on a desktop. A screen's roles,
 * names, landmarks and colours are the same in both languages (a missing translation shows its key, never
 * nothing), so each width's run in one language and the other width's in the other cover both; the fit is
 * measured in both, where the longer French words make the difference.
 */
const axeLanguage: Record<Width, Lng> = { phone: 'fr', desktop: 'en' };
const languageNames: Record<Lng, string> = { fr: 'French', en: 'English' };

/**
 * The checks every screen passes: it fits its width, axe finds nothing (in the width's language, see
 * `axeLanguage`), and a screenshot for people to look at.
 */
export async function checkScreen(
  page: Page,
  name: string,
  { width, lng, axeExclude = [] as string[] }: { width: Width; lng: Lng; axeExclude?: string[] },
) {
  await expectNoOverflow(page, name);
  if (axeLanguage[width] === lng) await expectNoA11yViolations(page, { exclude: axeExclude });
  await screenshot(page, `screens-${name}`);
}

/** On a phone's first screen, a product's price and its main action show, or the buy bar holds them. */
async function expectBuyingInReach(page: Page) {
  const viewport = page.viewportSize()!;
  const inFirstScreen = async (selector: string) => {
    const box = await page.locator(selector).first().boundingBox();
    return box !== null && box.y >= 0 && box.y + box.height <= viewport.height;
  };
  const free = (await page.locator('.product-price__free').count()) > 0;
  if (free) {
    expect(await inFirstScreen('.product-actions > *'), 'the free download is on the first screen').toBe(
      true,
    );
    return;
  }
  const bar = page.locator('.buy-bar');
  if (await inFirstScreen('.product-actions__cart')) return;
  await expect(bar).toBeVisible();
  await expect(bar.locator('.product-price')).toBeVisible();
  await expect(bar.locator('.buy-bar__cart')).toBeVisible();
}

/** Puts a product in the cart (a book in `format`), the wishlist and the compare list from its page. */
async function keep(page: Page, product: ProductSummary, lng: Lng, { cart = true, format = '' } = {}) {
  await openScreen(page, productPath(product)!, lng);
  const actions = page.locator('.product-actions__secondary button');
  await actions.nth(0).click();
  await actions.nth(1).click();
  if (!cart) return;
  if (format) await page.locator(`.edition-option input[value="${format}"]`).check();
  const count = page.getByTestId('cart-count');
  const before = Number(await count.textContent());
  await page.locator('.product-actions__cart').click();
  await expect(count).toHaveText(String(before + 1));
}

/**
 * One test per screen in both languages; the cart, wishlist and compare list holding one product of each kind, in
 * both languages.
 */
export function walkPublicScreens(width: Width) {
  const px = width === 'phone' ? '360' : '1280';
  test(`the cart, mini-cart, wishlist and compare list with products fit ${px} px in French and English, and pass axe in ${languageNames[axeLanguage[width]]}`, async ({
    page,
    request,
  }) => {
    test.slow();
    const c = await demoCatalogue(request);
    // Kept from the product pages in one language: the lists keep them through a change of language, and the
    // product pages are checked in both by their own journeys.
    const keptIn = axeLanguage[width];
    await keep(page, c.paperAndEbook, keptIn, { format: 'paper' });
    await page.locator('.edition-option input[value="ebook"]').check();
    await page.locator('.product-actions__cart').click();
    await keep(page, c.professional.powerbi ?? c.professional.excel!, keptIn);
    await keep(page, c.academic, keptIn, { cart: false });

    for (const lng of ['fr', 'en'] as const) {
      await openScreen(page, '/cart', lng);
      // The total and the checkout come before the lines: on the first screen, even on a phone.
      const checkout = await page.locator('.cart-summary .btn--accent').boundingBox();
      expect(checkout && checkout.y + checkout.height <= page.viewportSize()!.height).toBe(true);
      await checkScreen(page, `cart-${lng}`, { width, lng, axeExclude: ['.Toastify'] });
      const cartButton = page.locator('.cart-menu > button');
      await cartButton.click();
      await expect(page.locator('.mini-cart')).toBeVisible();
      await expectNoOverflow(page, `mini-cart (${lng})`);
      await screenshot(page, `screens-mini-cart-${lng}`, { fullPage: false });
      await cartButton.click();
      for (const name of ['wishlist', 'compare']) {
        await openScreen(page, `/${name}`, lng);
        await checkScreen(page, `${name}-${lng}`, { width, lng, axeExclude: ['.Toastify'] });
      }
    }
  });

  for (const lng of ['fr', 'en'] as const) {
    test.describe(`in ${lng}`, () => {
      if (width === 'phone')
        test("a toast keeps off the screen's edge and the back-to-top button, above the buy bar", async ({
          page,
          request,
        }) => {
          const c = await demoCatalogue(request);
          await openScreen(page, productPath(c.paperAndEbook)!, lng);
          await page.evaluate(() => window.scrollTo(0, 1200));
          const bar = page.locator('.buy-bar');
          await expect(bar).toBeVisible();
          const up = page.locator('.scroll-top');
          await expect(up).toBeVisible();
          await bar.locator('.buy-bar__cart').click();
          const toast = page.locator('.Toastify__toast').first();
          await expect(toast).toBeVisible();
          // Measured once it has slid in.
          await expect
            .poll(() =>
              toast.evaluate((element) => element.getAnimations().every((a) => a.playState === 'finished')),
            )
            .toBe(true);
          const [t, u, b] = await Promise.all([toast.boundingBox(), up.boundingBox(), bar.boundingBox()]);
          expect(t!.x).toBeGreaterThanOrEqual(8);
          expect(t!.x + t!.width).toBeLessThanOrEqual(u!.x);
          expect(t!.y + t!.height).toBeLessThanOrEqual(b!.y);
          expect(u!.y + u!.height).toBeLessThanOrEqual(b!.y);
          await screenshot(page, `screens-toast-${lng}`, { fullPage: false });
        });

      if (width === 'phone')
        test('the menu opened from the burger fits 360 px and passes axe', async ({ page }) => {
          await openScreen(page, '/', lng);
          await page.locator('.masthead__burger').click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectNoOverflow(page, `mobile menu (${lng})`);
          await expectNoA11yViolations(page);
          await screenshot(page, `screens-mobile-menu-${lng}`, { fullPage: false });
        });
    });
  }

  // Each screen in both languages in one journey: the second language loads with the app already in the cache.
  for (const screen of publicScreens) {
    test(`${screen.name} fits ${px} px in French and English, and passes axe in ${languageNames[axeLanguage[width]]}`, async ({
      page,
      request,
    }) => {
      const path = screen.path(await demoCatalogue(request));
      test.skip(path === undefined, 'the demo catalogue has no such product');
      for (const lng of ['fr', 'en'] as const) {
        await openScreen(page, path!, lng);
        await expectNoOverflow(page, `${screen.name} (${lng})`);
        if (width === 'phone' && /^(book|file)-/.test(screen.name)) await expectBuyingInReach(page);
        await screen.open?.(page, width);
        await checkScreen(page, `${screen.name}-${lng}`, { width, lng });
      }
    });
  }
}
