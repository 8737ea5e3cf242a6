// Accessible EPUBs (European Accessibility Act): an author proposes an EPUB ebook, the server checks it after the
// upload (epubcheck, DAISY Ace on the system Chromium); author and editor read the report in the proposal, and its
// blocking error refuses publication. The author sends the corrected EPUB, the editor reads its clean report and
// publishes it; its page states the ebook's accessibility in plain words, in French and English, on a phone and a
// desktop; a customer buys it and downloads it as an EPUB that carries their name.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Category, ReviewSubmission, Submission } from '@hls/contract';
import { readEpub } from '../../api/src/lib/epub/epub-archive.ts';
import { buildEpub } from '../../api/src/lib/epub/epub-build.ts';
import { demo, expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  accessToken,
  callApiAs,
  logInThroughApi,
  newAccount,
  newCustomer,
  openIn,
  orderThroughApi,
  pageAs,
  payThroughApi,
  registerThroughApi,
  toast,
} from './flows.ts';

const stamp = Date.now().toString(36);
const title = `Le moulin perdu ${stamp}`;

/** The corrected EPUB: its link goes to a page it holds, and it states its accessibility. */
const accessible = () =>
  buildEpub({
    title,
    author: 'Inès Moreau',
    language: 'fr',
    chapters: [
      { title: 'Le moulin', body: '<p><a href="chapter-2.xhtml">La suite</a></p>' },
      { title: 'Le pressoir', body: '<p>L’huile coule au moulin du village.</p>' },
    ],
    accessibility: {
      accessModes: ['textual'],
      accessModesSufficient: ['textual'],
      features: ['displayTransformability', 'tableOfContents', 'readingOrder', 'structuralNavigation'],
      hazards: ['none'],
      summary: 'Un texte sans images, navigable par sa table des matières et ses titres.',
      conformsTo: 'EPUB Accessibility 1.1 - WCAG 2.1 Level AA',
    },
  });

/** A link to a page the book does not hold: epubcheck's RSC-007, which blocks publication. */
const broken = () =>
  buildEpub({
    title,
    author: 'Inès Moreau',
    language: 'fr',
    chapters: [{ title: 'Le moulin', body: '<p><a href="absent.xhtml">La suite</a></p>' }],
  });

async function proposeEpub(request: APIRequestContext, access: string, title: string, epub: Uint8Array) {
  const categories = (await (await request.get('/api/category/list?section=book')).json()) as Category[];
  const response = await request.post('/api/books/add', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: {
      title,
      description: 'Un roman sur trois générations d’oléiculteurs du Sahel tunisien.',
      language: 'fr',
      categoryId: String(categories.find((c) => c.parentId === null)!.id),
      ebookPriceCents: '990',
      manuscript: { name: `${title}.epub`, mimeType: 'application/epub+zip', buffer: Buffer.from(epub) },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Submission;
}

/** Waits for the check job's report of the proposal's EPUB (epubcheck and Ace take some seconds each). */
async function checked(request: APIRequestContext, access: string, id: string) {
  await expect
    .poll(
      async () => {
        const review = await callApiAs<ReviewSubmission>(
          request,
          access,
          'get',
          `/api/editorial/submissions/${id}`,
        );
        return review.working.files.find((f) => f.slot === 'manuscript')?.epubReport?.status;
      },
      { timeout: 150_000, intervals: [1_000, 2_000] },
    )
    .toBe('done');
}

/** Screenshots of a screen in both languages at 1280 and 360 px; axe checks it in English (1280) and French (360). */
async function shots(page: Page, path: string, name: string, ready: (lng: 'fr' | 'en') => Promise<void>) {
  for (const [lng, width, height] of [
    ['en', 1280, 800],
    ['fr', 360, 740],
    ['fr', 1280, 800],
    ['en', 360, 740],
  ] as const) {
    await page.setViewportSize({ width, height });
    await openIn(page, path, lng);
    await ready(lng);
    if ((lng === 'en') === (width === 1280)) await expectNoA11yViolations(page);
    await screenshot(page, `${name}-${lng}-${width}`);
  }
}

test('an EPUB reported with a blocking error is fixed by its author, published with its accessibility, bought and downloaded', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const author = newAccount(uniqueEmail('author'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, author, 'author', { language: 'fr' });
  const authorAccess = await accessToken(request, author.email, author.password);
  const editorAccess = await accessToken(request, demo.editor, demo.password);
  const proposal = await proposeEpub(request, authorAccess, title, broken());
  const review = `/back-office/editorial/${proposal.id}`;

  // The author's page, opened while the check runs, shows the report once it is in, without being reloaded.
  const authorPage = await pageAs(browser, request, author.email, author.password);
  await openIn(authorPage, `/author-product?id=${proposal.id}`, 'en');
  await expect(
    authorPage.getByRole('region', { name: 'EPUB check' }).first().getByText('RSC-007'),
  ).toBeVisible({ timeout: 150_000 });
  await checked(request, editorAccess, proposal.id);

  // The author reads the report of their EPUB with their proposal's version.
  await shots(authorPage, `/author-product?id=${proposal.id}`, 'epub-report-author', async (lng) => {
    const report = authorPage
      .getByRole('region', { name: lng === 'en' ? 'EPUB check' : 'Vérification de l’EPUB' })
      .first();
    await expect(report.getByText('RSC-007')).toBeVisible();
    await expect(report.getByRole('alert')).toContainText(
      lng === 'en' ? 'Blocking errors' : 'Erreurs bloquantes',
    );
  });

  await logInThroughApi(page, request, demo.editor, demo.password);
  // The editor reads its errors, where they are, and why it cannot be published.
  await shots(page, review, 'epub-report-blocking', async (lng) => {
    const report = page.getByRole('region', { name: lng === 'en' ? 'EPUB check' : 'Vérification de l’EPUB' });
    await expect(report).toBeVisible();
    await expect(report.getByRole('alert')).toContainText(
      lng === 'en' ? 'Blocking errors' : 'Erreurs bloquantes',
    );
    await expect(report.getByText('RSC-007')).toBeVisible();
    await expect(report.getByText('EPUB/chapter-1.xhtml:7')).toBeVisible();
  });
  // Publishing it is refused: the form says why, and the proposal stays under review.
  await callApiAs(request, editorAccess, 'post', `/api/editorial/submissions/${proposal.id}/claim`, {});
  await page.setViewportSize({ width: 1280, height: 800 });
  await openIn(page, review, 'en');
  const form = page.getByRole('form', { name: 'Your decision' });
  await form.getByRole('radio', { name: /^Publish/ }).check();
  await form.getByLabel(/^Comment to the author/).fill('Bon pour la vente.');
  await form.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText('This EPUB has blocking errors');
  await expect(page).toHaveURL(new RegExp(review));
  const refused = await callApiAs<ReviewSubmission>(
    request,
    editorAccess,
    'get',
    `/api/editorial/submissions/${proposal.id}`,
  );
  expect(refused.status).toBe('in_review');

  // The editor asks for the link to be mended; the author sends the corrected EPUB from their proposal's page.
  await callApiAs(request, editorAccess, 'post', `/api/editorial/submissions/${proposal.id}/decision`, {
    decision: 'request_changes',
    comment: 'Le lien « La suite » mène à une page absente.',
  });
  await authorPage.setViewportSize({ width: 1280, height: 800 });
  await openIn(authorPage, `/author-product?id=${proposal.id}`, 'en');
  await authorPage.getByRole('button', { name: 'Submit a new version' }).click();
  await authorPage.getByLabel(/^Manuscript/).setInputFiles({
    name: 'moulin-v2.epub',
    mimeType: 'application/epub+zip',
    buffer: Buffer.from(accessible()),
  });
  await expect(authorPage.getByText(/^moulin-v2\.epub received \(/)).toBeVisible({ timeout: 30_000 });
  await authorPage
    .getByLabel(/^Note to the editors/)
    .fill('Lien réparé, métadonnées d’accessibilité ajoutées.');
  await authorPage.getByRole('button', { name: 'Send the new version' }).click();
  await expect(toast(authorPage, /./)).toBeVisible();
  await authorPage.close();
  await checked(request, editorAccess, proposal.id);

  // The corrected EPUB: no blocking error, Ace's verdict, and the accessibility metadata found, in plain words.
  await shots(page, review, 'epub-report-passed', async (lng) => {
    const report = page
      .getByRole('region', { name: lng === 'en' ? 'EPUB check' : 'Vérification de l’EPUB' })
      .first();
    await expect(report).toContainText(lng === 'en' ? 'No blocking error' : 'Aucune erreur bloquante');
    await expect(report).toContainText(/Ace 1\.4\.6/);
    await expect(report).toContainText(
      lng === 'en'
        ? 'Text can be enlarged, and its font and colours changed'
        : 'Le texte peut être agrandi, sa police et ses couleurs changées',
    );
  });

  await callApiAs(request, editorAccess, 'post', `/api/editorial/submissions/${proposal.id}/claim`, {});
  const published = await callApiAs<ReviewSubmission>(
    request,
    editorAccess,
    'post',
    `/api/editorial/submissions/${proposal.id}/decision`,
    { decision: 'publish', comment: 'Bon pour la vente.' },
  );
  const bookPage = `/product/${published.productId}`;
  await shots(page, bookPage, 'epub-book-accessibility', async (lng) => {
    const section = page.getByRole('region', { name: lng === 'en' ? 'Accessibility' : 'Accessibilité' });
    await expect(section).toBeVisible();
    const words =
      lng === 'en'
        ? ['Text alone: everything can be read aloud or in braille', 'Table of contents', 'No hazards']
        : [
            'Texte seul\u202f: tout peut être lu à voix haute ou en braille',
            'Table des matières',
            'Aucun risque',
          ];
    for (const text of words) await expect(section.getByText(text, { exact: true })).toBeVisible();
    await expect(section.getByText('Un texte sans images')).toHaveAttribute('lang', 'fr');
    await section.scrollIntoViewIfNeeded();
    // Nothing of the page goes past the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );
  });

  // A customer buys the ebook and downloads it from /download: an EPUB with their name and order inside.
  await page.context().clearCookies();
  const buyer = await newCustomer(page, request, uniqueEmail('reader'), {
    firstName: 'Zoë',
    lastName: 'Łukasz',
    language: 'fr',
  });
  const order = await payThroughApi(
    request,
    buyer.access,
    await orderThroughApi(request, buyer.access, [{ productId: published.productId!, edition: 'ebook' }]),
  );
  await page.setViewportSize({ width: 360, height: 740 });
  await openIn(page, '/download', 'fr');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Télécharger ${title}` }).click(),
  ]);
  expect(await download.failure()).toBeNull();
  expect(download.suggestedFilename()).toMatch(/\.epub$/);
  const saved = test.info().outputPath(`downloads/${download.suggestedFilename()}`);
  await download.saveAs(saved);
  const { opf } = readEpub(await readFile(saved));
  expect(opf).toContain(`This copy belongs to Zoë Łukasz, order ${order.number}.`);
  await screenshot(page, 'epub-download-fr-360');
});
