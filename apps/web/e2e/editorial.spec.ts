// The editorial loop in the browser: an editor claims an author's proposal, asks for changes, compares the new
// version side by side, publishes it; the product is then listed, found and bought (through the API). And a
// reader's report of an academic document, upheld by an editor, takes it out of the catalogue.
import type { ReviewSubmission, Submission } from '@hls/contract';
import { demo, expect, expectNoA11yViolations, screenshot, test, uniqueEmail } from './fixtures.ts';
import {
  accessToken,
  callApiAs,
  newCustomer,
  openIn,
  orderThroughApi,
  pageAs,
  payThroughApi,
  toast,
} from './flows.ts';
import { decide, editorialScene, newAuthor, openReview, proposeFile } from './editorial-flows.ts';

test('an editor asks for changes, compares the new version, publishes it; a customer finds it and buys it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const authorAccess = await newAuthor(request);
  const title = `Lean audit checklist ${Date.now().toString(36)}`;
  const submission = await proposeFile(
    request,
    authorAccess,
    {
      title,
      description: 'A checklist to audit a workshop in one day, with monthly indicators and a summary sheet.',
      priceCents: '1900',
    },
    'professional',
  );

  // The editor finds it in the queue (oldest first) and claims it from its card.
  const editor = await pageAs(browser, request, demo.editor);
  await openIn(editor, '/back-office/editorial?section=professional&kind=file', 'en');
  const card = editor.getByRole('listitem', { name: title });
  await expect(card).toContainText('Version 1');
  await expect(card).toContainText('Nobody yet');
  await card.getByRole('button', { name: `Claim “${title}”` }).click();
  await expect(toast(editor, `You claimed “${title}”.`)).toBeVisible();
  await expect(card).toContainText('You');
  await screenshot(editor, 'editorial-queue-en');
  await card.getByRole('link', { name: `Review “${title}”` }).click();

  // Request changes, with a comment the author sees.
  await expect(editor.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(editor.getByText('Only one version so far: nothing to compare.')).toBeVisible();
  await expectNoA11yViolations(editor);
  await decide(
    editor,
    /^Request changes/,
    'Please add a weekly view and raise the price.',
    'Request changes',
  );
  await expect(editor.getByText(`Changes requested for “${title}”: the author has been told.`)).toBeVisible();

  // The author sees the comment, revises and sends a new version (through the API).
  const asked = await callApiAs<Submission>(
    request,
    authorAccess,
    'get',
    `/api/submissions/${submission.id}`,
  );
  expect(asked.status).toBe('changes_requested');
  expect(asked.events.at(-1)?.comment).toBe('Please add a weekly view and raise the price.');
  await callApiAs(request, authorAccess, 'patch', `/api/submissions/${submission.id}`, {
    description: 'A checklist to audit a workshop in one day, with weekly indicators and a summary sheet.',
    priceCents: 2400,
  });
  await callApiAs(request, authorAccess, 'post', `/api/submissions/${submission.id}/resubmit`, {
    note: 'Weekly view added.',
  });

  // The review shows what changed, side by side; the editor claims it again and publishes it.
  await openReview(editor, submission.id);
  const table = editor.getByRole('table', { name: 'Fields changed between version 1 and version 2' });
  const priceRow = table.getByRole('row', { name: /^Price/ });
  await expect(priceRow.getByRole('cell').nth(0)).toHaveText('[deleted: €19.00]');
  await expect(priceRow.getByRole('cell').nth(1)).toHaveText('[inserted: €24.00]');
  const description = editor.getByRole('region', { name: 'Changes to the description' });
  await expect(description.locator('.ed-diff__text del')).toHaveText('[deleted: monthly]');
  await expect(description.locator('.ed-diff__text ins')).toHaveText('[inserted: weekly]');
  await expect(editor.getByText('Weekly view added.').first()).toBeVisible();
  await editor.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(editor.getByText('You claimed this submission.')).toBeVisible();
  await editor.getByRole('radio', { name: /^Publish/ }).check();
  await expect(editor.getByLabel(/^Price \(€\)/)).toHaveValue('24.00');
  await expectNoA11yViolations(editor);
  await screenshot(editor, 'editorial-review-en');
  await decide(editor, /^Publish/, 'Welcome to the catalogue.', 'Publish');
  await expect(
    editor.getByRole('main').getByText(`“${title}” is published: it is in the catalogue`),
  ).toBeVisible();

  const published = await callApiAs<ReviewSubmission>(
    request,
    await accessToken(request, demo.editor, demo.password),
    'get',
    `/api/editorial/submissions/${submission.id}`,
  );
  expect(published.status).toBe('published');
  const productId = published.productId!;
  await editor.context().close();

  // In the professional list and in the search at once.
  await openIn(page, `/professionnel?search=${encodeURIComponent(title)}`, 'fr');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  await openIn(page, `/search?search=${encodeURIComponent(title)}`, 'en');
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

  // Its page offers the first pages of the paid PDF, cut at publication.
  await openIn(page, `/prodoc/${productId}`, 'en');
  const sample = page.getByRole('link', { name: /^Preview the first pages/ });
  await expect(sample).toBeVisible();
  const pdf = await request.get((await sample.getAttribute('href'))!);
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // A customer buys it with the demo card, through the API (the checkout's screens are the shop's journeys), and
  // finds it among their downloads.
  const buyer = await newCustomer(page, request, uniqueEmail('buyer'));
  const order = await orderThroughApi(request, buyer.access, [{ productId }]);
  expect((await payThroughApi(request, buyer.access, order)).status).toBe('paid');
  await openIn(page, '/download');
  await expect(page.getByText(title).first()).toBeVisible();
});

test('a reader reports an academic document; an editor upholds the report and the document leaves the list', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const authorAccess = await newAuthor(request);
  const title = `Rapport de stage ${Date.now().toString(36)}`;
  const submission = await proposeFile(
    request,
    authorAccess,
    {
      title,
      description: 'Rapport de stage en logistique : organisation des flux et propositions d’amélioration.',
      rights: 'own_work',
      licence: 'cc_by_nc',
    },
    'academic',
  );
  const editorAccess = await accessToken(request, demo.editor, demo.password);
  await callApiAs(request, editorAccess, 'post', `/api/editorial/submissions/${submission.id}/claim`, {});
  const published = await callApiAs<ReviewSubmission>(
    request,
    editorAccess,
    'post',
    `/api/editorial/submissions/${submission.id}/decision`,
    { decision: 'publish', comment: 'Publié.' },
  );
  const productId = published.productId!;

  // A visitor reads its licence and reports it, in French.
  await openIn(page, `/prodoc/${productId}`, 'fr');
  await expect(
    page.getByRole('link', { name: /^Creative Commons Attribution - Pas d’utilisation commerciale 4.0/ }),
  ).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-nc/4.0/deed.fr');
  await page.getByRole('button', { name: 'Signaler ce document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler ce document' });
  await dialog.getByLabel(/^Motif/).selectOption('plagiarism');
  await dialog.getByLabel(/^Détails/).fill('Le chapitre 2 reprend mot pour mot un mémoire de 2019.');
  await dialog.getByLabel(/^Votre adresse e-mail/).fill(uniqueEmail('reader'));
  await expectNoA11yViolations(page);
  await screenshot(page, 'report-dialog-fr', { fullPage: false });
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog.getByText('Merci, votre signalement est envoyé')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();

  // The editor upholds it from the reports tab, in French.
  const editor = await pageAs(browser, request, demo.editor);
  await openIn(editor, '/back-office/editorial?tab=reports', 'fr');
  const report = editor.getByRole('listitem', { name: title });
  await expect(report).toContainText('Plagiat');
  await expect(report).toContainText('Le chapitre 2 reprend mot pour mot');
  await expectNoA11yViolations(editor);
  await screenshot(editor, 'editorial-reports-fr');
  await report.getByRole('button', { name: 'Retenir et dépublier' }).click();
  await expect(report.getByLabel(/^Commentaire/)).toHaveAccessibleDescription('Écrivez un commentaire.');
  await report.getByLabel(/^Commentaire/).fill('Plagiat avéré : document retiré.');
  await report.getByRole('button', { name: 'Retenir et dépublier' }).click();
  await expect(toast(editor, `Signalement retenu\u202f: «\u202f${title}\u202f» est dépublié.`)).toBeVisible();
  await editor.context().close();

  // Gone from the student list and from its page.
  await openIn(page, `/academic?search=${encodeURIComponent(title)}`, 'fr');
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  const gone = await request.get(`/api/category/file/${productId}`);
  expect(gone.status()).toBe(404);
});

test('the editorial screens and the report dialog at 360 and 1280 px, in English and French', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const scene = await editorialScene(request);
  const editor = await pageAs(browser, request, demo.editor);
  for (const lng of ['en', 'fr'] as const) {
    for (const width of [360, 1280]) {
      await editor.setViewportSize({ width, height: 800 });
      await openIn(editor, '/back-office/editorial?section=academic', lng);
      await expect(editor.getByRole('listitem', { name: scene.title })).toBeVisible();
      await screenshot(editor, `editorial-queue-${width}-${lng}`);
      await openIn(editor, '/back-office/editorial?tab=reports', lng);
      await expect(editor.getByRole('listitem', { name: scene.reportedTitle })).toBeVisible();
      await screenshot(editor, `editorial-reports-${width}-${lng}`);
      await openReview(editor, scene.submissionId, lng);
      await editor.getByRole('radio').first().check();
      await editor
        .getByRole('form')
        .getByRole('button', { name: lng === 'en' ? 'Publish' : 'Publier' })
        .click();
      await expect(editor.locator('[aria-invalid="true"]').first()).toBeVisible();
      await screenshot(editor, `editorial-review-${width}-${lng}`);

      await page.setViewportSize({ width, height: 800 });
      await openIn(page, `/prodoc/${scene.productId}`, lng);
      await screenshot(page, `document-page-${width}-${lng}`);
      await page
        .getByRole('button', { name: lng === 'en' ? 'Report this document' : 'Signaler ce document' })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: lng === 'en' ? 'Send report' : 'Envoyer le signalement' })
        .click();
      await screenshot(page, `report-dialog-${width}-${lng}`, { fullPage: false });
    }
  }
  await editor.context().close();
});
