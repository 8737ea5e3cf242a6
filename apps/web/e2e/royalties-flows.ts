// Set-up steps of the royalties journey: an author's book published in paper and ebook, the ledger's clock moved,
// and the files the screens download.
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Download, type Page } from '@playwright/test';
import type { Category, ReviewSubmission, Submission } from '@hls/contract';
import { demo, expect, uniqueEmail } from './fixtures.ts';
import { makePdf } from './editorial-flows.ts';
import { accessToken, callApiAs, newAccount, registerThroughApi, type NewAccount } from './flows.ts';

const DAY = 86_400;

/** A new author (in English), registered through the API, with their access token. */
export async function newAuthorAccount(request: APIRequestContext): Promise<NewAccount & { access: string }> {
  const account = newAccount(uniqueEmail('royalties'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, account, 'author', { language: 'en' });
  return { ...account, access: await accessToken(request, account.email, account.password) };
}

/**
 * The author proposes a book sold as paper (€49) and ebook (€39), through the API as the proposal form sends it,
 * and the demo editor publishes it with copies in stock. Returns the published product's id and title.
 */
export async function publishedBook(
  request: APIRequestContext,
  authorAccess: string,
): Promise<{ productId: number; title: string }> {
  const categories = await request.get('/api/category/list?section=book');
  expect(categories.ok(), await categories.text()).toBe(true);
  const category = ((await categories.json()) as Category[]).find((c) => c.parentId === null);
  if (!category) throw new Error('No book category');
  const title = `Le droit des contrats ${Date.now().toString(36)}`;
  const proposed = await request.post('/api/books/add', {
    headers: { Authorization: `Bearer ${authorAccess}` },
    multipart: {
      title,
      description:
        'Un manuel du droit des contrats pour les étudiants et les praticiens, avec des exercices.',
      language: 'fr',
      categoryId: String(category.id),
      paperPriceCents: '4900',
      ebookPriceCents: '3900',
      manuscript: { name: 'manuscrit.pdf', mimeType: 'application/pdf', buffer: await makePdf(title) },
    },
  });
  expect(proposed.status(), await proposed.text()).toBe(201);
  const submission = (await proposed.json()) as Submission;
  const editor = await accessToken(request, demo.editor, demo.password);
  const path = `/api/editorial/submissions/${submission.id}`;
  await callApiAs(request, editor, 'post', `${path}/claim`, {});
  const published = await callApiAs<ReviewSubmission>(request, editor, 'post', `${path}/decision`, {
    decision: 'publish',
    comment: 'Publié.',
    stock: 20,
  });
  if (!published.productId) throw new Error('The published submission has no product');
  return { productId: published.productId, title };
}

/**
 * Moves the ledger's clock forward (TEST_CLOCK): the holds end as if the days had passed. Returns the server's
 * day then (ISO), which an execution date may not precede.
 */
export async function moveClock(request: APIRequestContext, days: number): Promise<string> {
  const response = await request.post('/api/test/clock', { data: { advanceSeconds: days * DAY } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { now: string }).now.slice(0, 10);
}

/** Clicks a button that downloads a file, and returns the file's name and bytes. */
export async function downloadOf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: (download as Download).suggestedFilename(), bytes: await readFile(await download.path()) };
}
