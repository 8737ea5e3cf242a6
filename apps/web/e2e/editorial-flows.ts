// Set-up steps of the editorial journeys: authors' proposals made through the API with real PDFs, and the editor's
// review screen.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { type APIRequestContext, type Page } from '@playwright/test';
import type { Category, ReviewSubmission, Submission } from '@hls/contract';
import { demo, expect, uniqueEmail } from './fixtures.ts';
import { accessToken, callApiAs, newAccount, openIn, registerThroughApi } from './flows.ts';

/** A real PDF of `pages` pages, made here (the server checks the content, not the name). */
export async function makePdf(title: string, pages = 3): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n += 1) {
    const page = pdf.addPage([420, 595]);
    page.drawText(`${title} — page ${n}`, { x: 40, y: 540, size: 14, font });
  }
  return Buffer.from(await pdf.save());
}

export async function firstCategory(request: APIRequestContext, section: 'academic' | 'professional') {
  const response = await request.get(`/api/category/list?section=${section}`);
  expect(response.ok()).toBe(true);
  const categories = ((await response.json()) as Category[]).filter((c) => c.parentId === null);
  if (!categories[0]) throw new Error(`No ${section} category`);
  return categories[0];
}

/** A new author, registered through the API, and their access token. */
export async function newAuthor(request: APIRequestContext): Promise<string> {
  const account = newAccount(uniqueEmail('author'), { firstName: 'Inès', lastName: 'Moreau' });
  await registerThroughApi(request, account, 'author', { language: 'fr' });
  return accessToken(request, account.email, account.password);
}

/** An author proposes a PDF file through the API, as the proposal form sends it (multipart). */
export async function proposeFile(
  request: APIRequestContext,
  access: string,
  fields: Record<string, string>,
  section: 'academic' | 'professional',
): Promise<Submission> {
  const category = await firstCategory(request, section);
  const response = await request.post('/api/category/file/create', {
    headers: { Authorization: `Bearer ${access}` },
    multipart: {
      section,
      language: 'en',
      fileType: 'pdf',
      categoryId: String(category.id),
      ...fields,
      file: { name: 'proposal.pdf', mimeType: 'application/pdf', buffer: await makePdf(fields.title ?? 'x') },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Submission;
}

/** The editor's review screen of a submission, its heading shown. */
export async function openReview(page: Page, id: string, lng = 'en') {
  await openIn(page, `/back-office/editorial/${id}`, lng);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}

/** The review's decision form: a decision, a comment, then its button; the queue says what was done. */
export async function decide(page: Page, decision: RegExp, comment: string, submit: string) {
  const form = page.getByRole('form', { name: 'Your decision' });
  await form.getByRole('radio', { name: decision }).check();
  await form.getByLabel(/^Comment to the author/).fill(comment);
  await form.getByRole('button', { name: submit, exact: true }).click();
  await expect(page).toHaveURL(/\/back-office\/editorial$/);
}

/**
 * What the editorial screens show at their fullest: a confidential internship report in its second version
 * (changes were asked for), claimed by the demo editor; and a published academic document with an open report.
 */
export async function editorialScene(request: APIRequestContext) {
  const authorAccess = await newAuthor(request);
  const editorAccess = await accessToken(request, demo.editor, demo.password);
  const stamp = Date.now().toString(36);
  const title = `Rapport de stage confidentiel ${stamp}`;
  const submission = await proposeFile(
    request,
    authorAccess,
    {
      title,
      description:
        'Internship report on a logistics platform: monthly flows, bottlenecks and three proposals.',
      rights: 'with_consent',
      licence: 'cc_by_nc_nd',
      confidential: 'true',
    },
    'academic',
  );
  const path = `/api/editorial/submissions/${submission.id}`;
  await callApiAs(request, editorAccess, 'post', `${path}/claim`, {});
  await callApiAs(request, editorAccess, 'post', `${path}/decision`, {
    decision: 'request_changes',
    comment: 'Please remove the supplier names from chapter 3.',
  });
  await callApiAs(request, authorAccess, 'patch', `/api/submissions/${submission.id}`, {
    description: 'Internship report on a logistics platform: weekly flows, bottlenecks and three proposals.',
    licence: 'cc_by_nc',
  });
  await callApiAs(request, authorAccess, 'post', `/api/submissions/${submission.id}/resubmit`, {
    note: 'Supplier names removed.',
  });
  await callApiAs(request, editorAccess, 'post', `${path}/claim`, {});

  const reportedTitle = `Mémoire de logistique ${stamp}`;
  const reported = await proposeFile(
    request,
    authorAccess,
    {
      title: reportedTitle,
      description:
        'Mémoire de fin d’études sur la logistique urbaine et les livraisons du dernier kilomètre.',
      rights: 'own_work',
      licence: 'cc_by',
    },
    'academic',
  );
  const reportedPath = `/api/editorial/submissions/${reported.id}`;
  await callApiAs(request, editorAccess, 'post', `${reportedPath}/claim`, {});
  const published = await callApiAs<ReviewSubmission>(
    request,
    editorAccess,
    'post',
    `${reportedPath}/decision`,
    {
      decision: 'publish',
      comment: 'Publié.',
    },
  );
  const report = await request.post('/api/reports', {
    data: {
      productId: published.productId,
      reason: 'copyright',
      details: 'Les figures 4 à 7 viennent d’un livre publié en 2021 sans autorisation.',
      email: uniqueEmail('reader'),
    },
  });
  expect(report.status(), await report.text()).toBe(201);
  return { submissionId: submission.id, title, productId: published.productId!, reportedTitle };
}
