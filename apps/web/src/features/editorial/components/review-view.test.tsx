import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import type { UploadSlot } from '@hls/contract';
import { localeResources } from '@/testing/test-i18n';
import { editor, makeQueueItem, makeReview, makeValues, makeVersion } from '../test-fixtures';
import { changedFields, comparedFields } from '../version-compare';
import { EditorialQueueView } from './queue-view';
import { ReviewView } from './review-view';
import { VersionDiff } from './version-diff';

const reviewPath = (id: string) => `/back-office/editorial/${id}`;

function renderReview(submission = makeReview(), lng: 'en' | 'fr' = 'en') {
  const api = fakeApi({
    [`GET /api/editorial/submissions/${submission.id}`]: () => jsonResponse(200, submission),
    'GET /api/category/list': () =>
      jsonResponse(200, [
        {
          id: 3,
          section: submission.section,
          parentId: null,
          slug: 'finance',
          name: { fr: 'Finance', en: 'Finance' },
        },
        { id: 5, section: submission.section, parentId: null, slug: 'law', name: { fr: 'Droit', en: 'Law' } },
      ]),
    'GET /api/category/list/subcategory': () => jsonResponse(200, []),
    [`POST /api/editorial/submissions/${submission.id}/decision`]: () => jsonResponse(200, submission),
    'GET /api/editorial/queue': () =>
      jsonResponse(200, { results: [], count: 0, page: 1, pageSize: 20, pages: 0, openReports: 0 }),
  });
  const view = renderWithProviders(null, {
    routes: [
      {
        path: '/back-office/editorial/:id',
        element: <ReviewView submissionId={submission.id} viewer={editor} />,
      },
      { path: '/back-office/editorial', element: <EditorialQueueView viewerId={editor.id} /> },
    ],
    route: reviewPath(submission.id),
    lng,
  });
  return { api, ...view };
}

describe('the side-by-side view of two versions', () => {
  it('shows each changed field before and after, and the description word by word, marked in words', () => {
    const before = makeVersion(1);
    const after = makeVersion(2, {
      priceCents: 3900,
      description: 'A cash-flow dashboard for small firms, with weekly charts and a forecast sheet.',
    });
    const { container } = renderWithProviders(<VersionDiff before={before} after={after} />);
    const table = screen.getByRole('table', { name: 'Fields changed between version 1 and version 2' });
    const row = within(table).getByRole('row', { name: /^Price/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['[deleted: €29.00]', '[inserted: €39.00]']);
    expect(within(table).queryByRole('row', { name: /^Title/ })).toBeNull();

    const description = screen.getByRole('region', { name: 'Changes to the description' });
    const deleted = description.querySelector('.ed-diff__text del');
    const inserted = description.querySelector('.ed-diff__text ins');
    expect(deleted).toHaveTextContent('[deleted: monthly]');
    expect(inserted).toHaveTextContent('[inserted: weekly]');
    // The shared words are shown on both sides, the removed ones on the left only, the added ones on the right.
    const sides = container.querySelectorAll('.ed-diff__side');
    expect(sides[0]).toHaveTextContent('with [deleted: monthly] charts');
    expect(sides[1]).toHaveTextContent('with [inserted: weekly] charts');
  });

  it.each([
    ['en', 'Manuscript', 'Cover'],
    ['fr', 'Manuscrit', 'Couverture'],
  ] as const)(
    'names every changed field by its label in the page’s language (%s), never by its key',
    (lng, manuscript, cover) => {
      const file = (slot: UploadSlot, sha: string) => ({
        ...makeValues().files[0]!,
        slot,
        sha256: sha.repeat(64),
      });
      const before = makeVersion(1, {
        files: [file('cover', 'a'), file('manuscript', 'a'), file('file', 'a')],
      });
      const after = makeVersion(2, {
        title: 'Another title',
        language: 'fr',
        categoryId: 4,
        categoryName: { fr: 'Droit', en: 'Law' },
        subcategoryId: 7,
        subcategoryName: { fr: 'Fiscalité', en: 'Tax' },
        paperPriceCents: 1990,
        ebookPriceCents: 990,
        priceCents: 3900,
        fileType: 'word',
        isbn: '9782123456803',
        pages: 120,
        publisher: 'Presses',
        publicationDate: '2026-01-15',
        sheets: 3,
        slides: 12,
        archiveParts: ['readme'],
        software: [{ app: 'excel', version: null }],
        usage: 'commercial',
        twinProductId: 12,
        rights: 'own_work',
        licence: 'cc_by',
        confidential: true,
        files: [file('cover', 'b'), file('manuscript', 'b'), file('file', 'b')],
      });
      expect(changedFields(before.values, after.values)).toEqual([...comparedFields]);
      renderWithProviders(<VersionDiff before={before} after={after} />, { lng });
      const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
      const labels = Object.values(
        (localeResources[lng]!.editorial as { fieldNames: Record<string, string> }).fieldNames,
      );
      expect(names).toHaveLength(comparedFields.length);
      comparedFields.forEach((field, index) => {
        expect(labels).toContain(names[index]);
        expect(names[index]).not.toBe(field);
        expect(names[index]).not.toBe(field.split(':').pop());
      });
      expect(names.slice(-3)).toEqual([cover, manuscript, lng === 'en' ? 'File' : 'Fichier']);
    },
  );

  it('shows the facts the author gave: contents, software with versions, usage licence and twin', async () => {
    const version = makeVersion(1, {
      sheets: 3,
      software: [
        { app: 'excel', version: '2016' },
        { app: 'libreoffice_calc', version: null },
      ],
      usage: 'commercial',
      twinProductId: 41,
    });
    renderReview(makeReview({ history: [version] }));
    const facts = (await screen.findByRole('heading', { name: /Version 1/ })).closest('section')!;
    const value = (name: string) => within(facts).getByText(name).nextElementSibling?.textContent;
    expect(value('Sheets')).toBe('3');
    expect(value('Opens in')).toBe('Excel 2016 or later, LibreOffice Calc');
    expect(value('Usage licence')).toMatch(/^Commercial use/);
    expect(value('Other-language version')).toBe('Product no. 41');
  });

  it('compares any two versions the editor picks', async () => {
    const submission = makeReview({
      history: [
        makeVersion(3, { title: 'Third title' }),
        makeVersion(2, { title: 'Second title' }),
        makeVersion(1),
      ],
    });
    renderReview(submission);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', {
      name: 'Fields changed between version 2 and version 3',
    });
    expect(within(table).getByRole('row', { name: /^Title/ })).toHaveTextContent('Second title');
    await user.selectOptions(screen.getByLabelText('Compare version'), '1');
    expect(
      screen.getByRole('table', { name: 'Fields changed between version 1 and version 3' }),
    ).toHaveTextContent('Tableau de bord de trésorerie');
  });
});

describe('the decision form', () => {
  it('refuses a decision without a comment, then sends it and goes back to the queue with a message', async () => {
    const submission = makeReview();
    const { api, router } = renderReview(submission);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Your decision' });

    await user.click(within(form).getByRole('button', { name: 'Send the decision' }));
    expect(within(form).getByRole('group', { name: /^Decision/ })).toHaveAccessibleDescription(
      'Choose a decision.',
    );
    await user.click(within(form).getByRole('radio', { name: /^Request changes/ }));
    await user.click(within(form).getByRole('button', { name: 'Request changes' }));
    expect(within(form).getByLabelText(/^Comment to the author/)).toHaveAccessibleDescription(
      'Write a comment.',
    );
    expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)).toHaveLength(0);

    await user.type(within(form).getByLabelText(/^Comment to the author/), 'Please add a forecast tab.');
    await user.click(within(form).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/back-office/editorial'));
    expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)[0]?.body).toEqual({
      decision: 'request_changes',
      comment: 'Please add a forecast tab.',
    });
    expect(
      await screen.findByText(
        'Changes requested for “Tableau de bord de trésorerie”: the author has been told.',
      ),
    ).toBeInTheDocument();
  });

  it('publishes a confidential report only once the editor ticks that its data was checked (in French)', async () => {
    const submission = makeReview({
      section: 'academic',
      history: [makeVersion(1, { priceCents: null, confidential: true, licence: 'cc_by_nc' })],
    });
    const { api } = renderReview(submission, 'fr');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Votre décision' });
    await user.click(within(form).getByRole('radio', { name: /^Publier/ }));
    // An academic document is free: no price, no discount.
    expect(within(form).queryByLabelText(/^Prix/)).toBeNull();
    await user.type(within(form).getByLabelText(/^Commentaire pour l’auteur/), 'Bienvenue');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    const box = within(form).getByRole('checkbox', { name: /^J’ai vérifié/ });
    expect(box).toHaveAccessibleDescription('Cochez cette case une fois le rapport vérifié.');
    expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)).toHaveLength(0);
    await user.click(box);
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)[0]?.body).toEqual({
        decision: 'publish',
        comment: 'Bienvenue',
        categoryId: 3,
        confidentialityChecked: true,
      }),
    );
  });

  it('shows the prices as French writes them and reads a price typed with a comma or a point (in French)', async () => {
    const submission = makeReview({ history: [makeVersion(1, { priceCents: 1990 })] });
    const { api } = renderReview(submission, 'fr');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Votre décision' });
    await user.click(within(form).getByRole('radio', { name: /^Publier/ }));
    const price = within(form).getByLabelText(/^Prix \(€\)/);
    expect(price).toHaveValue('19,90');
    await user.type(within(form).getByLabelText(/^Commentaire pour l’auteur/), 'Bienvenue');
    await user.clear(price);
    await user.type(price, '24.50');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)[0]?.body).toEqual({
        decision: 'publish',
        comment: 'Bienvenue',
        priceCents: 2450,
        discountPercent: 0,
        categoryId: 3,
      }),
    );
  });

  it.each([
    {
      lng: 'en' as const,
      form: 'Your decision',
      publish: /^Publish/,
      submit: 'Publish',
      comment: /^Comment to the author/,
      stock: /^Copies in stock/,
      required: 'Enter the copies in stock, 0 if there are none yet.',
    },
    {
      lng: 'fr' as const,
      form: 'Votre décision',
      publish: /^Publier/,
      submit: 'Publier',
      comment: /^Commentaire pour l’auteur/,
      stock: /^Exemplaires en stock/,
      required: 'Saisissez les exemplaires en stock, 0 s’il n’y en a pas encore.',
    },
  ])('asks for the copies in stock of a book published on paper ($lng)', async (words) => {
    const submission = makeReview({
      kind: 'book',
      section: 'book',
      history: [makeVersion(1, { priceCents: null, paperPriceCents: 2400, ebookPriceCents: 1200 })],
    });
    const { api } = renderReview(submission, words.lng);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: words.form });
    await user.click(within(form).getByRole('radio', { name: words.publish }));
    await user.type(within(form).getByLabelText(words.comment), 'Bravo');
    const stock = within(form).getByLabelText(words.stock);
    expect(stock).toBeRequired();
    await user.click(within(form).getByRole('button', { name: words.submit }));
    expect(stock).toHaveAccessibleDescription(expect.stringContaining(words.required));
    expect(stock).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)).toHaveLength(0);

    await user.type(stock, '0');
    await user.click(within(form).getByRole('button', { name: words.submit }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)[0]?.body).toEqual({
        decision: 'publish',
        comment: 'Bravo',
        paperPriceCents: 2400,
        ebookPriceCents: 1200,
        discountPercent: 0,
        categoryId: 3,
        stock: 0,
      }),
    );
  });

  it('starts a new version of a book on sale from its copies in stock, sent as they are unless changed', async () => {
    const submission = makeReview({
      kind: 'book',
      section: 'book',
      productId: 41,
      history: [
        makeVersion(2, { priceCents: null, paperPriceCents: 2600, ebookPriceCents: 1200 }),
        makeVersion(1, { priceCents: null, paperPriceCents: 2400, ebookPriceCents: 1200 }),
      ],
      paperStock: 7,
    });
    const { api } = renderReview(submission, 'fr');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Votre décision' });
    await user.click(within(form).getByRole('radio', { name: /^Publier/ }));
    expect(within(form).getByLabelText(/^Exemplaires en stock/)).toHaveValue(7);
    await user.type(within(form).getByLabelText(/^Commentaire pour l’auteur/), 'Nouvelle version');
    await user.click(within(form).getByRole('button', { name: 'Publier' }));
    await waitFor(() =>
      expect(
        api.callsTo('POST', `/api/editorial/submissions/${submission.id}/decision`)[0]?.body,
      ).toMatchObject({
        decision: 'publish',
        paperPriceCents: 2600,
        stock: 7,
      }),
    );
  });

  it('asks for no stock when the book has no paper edition', async () => {
    const submission = makeReview({
      kind: 'book',
      section: 'book',
      history: [makeVersion(1, { priceCents: null, paperPriceCents: null, ebookPriceCents: 1200 })],
    });
    renderReview(submission);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Your decision' });
    await user.click(within(form).getByRole('radio', { name: /^Publish/ }));
    expect(within(form).queryByLabelText(/^Copies in stock/)).toBeNull();
  });

  it('asks to claim a submission nobody has before deciding', async () => {
    renderReview(makeReview({ claimedBy: null }));
    expect(await screen.findByRole('button', { name: 'Claim' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Your decision' })).toBeNull();
  });
});

describe('the queue', () => {
  it('shows each submission as a card with its flags in words, and sends the filters', async () => {
    const api = fakeApi({
      'GET /api/editorial/queue': () =>
        jsonResponse(200, {
          results: [makeQueueItem()],
          count: 1,
          page: 1,
          pageSize: 20,
          pages: 1,
          openReports: 2,
        }),
    });
    const { router } = renderWithProviders(null, {
      routes: [{ path: '/back-office/editorial', element: <EditorialQueueView viewerId={editor.id} /> }],
      route: '/back-office/editorial',
    });
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Submissions, oldest first' });
    const card = within(list).getByRole('listitem', { name: 'Rapport de stage confidentiel' });
    expect(within(card).getByRole('list', { name: 'To check' })).toHaveTextContent(
      'ConfidentialExternal links',
    );
    expect(card).toHaveTextContent('Version 2');
    expect(within(card).getByRole('button', { name: 'Claim “Rapport de stage confidentiel”' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Reports (2 open)' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Section'), 'academic');
    await user.click(screen.getByRole('checkbox', { name: 'Claimed by me only' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?section=academic&mine=true'));
    await waitFor(() => expect(api.calls.at(-1)?.search).toBe('?section=academic&mine=true&page=1'));
  });
});
