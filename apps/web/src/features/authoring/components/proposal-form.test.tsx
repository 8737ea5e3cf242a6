import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { tokenStorage } from '@/lib/token-storage';
import {
  fakeAuthoringApi,
  fakeXhr,
  makeFile,
  makeSubmission,
  makeValues,
  submissionId,
} from '../test-fixtures';
import { ProposalForm } from './proposal-form';

const categories = [
  {
    id: 11,
    section: 'professional',
    parentId: null,
    slug: 'finance',
    name: { fr: 'Finance', en: 'Finance' },
  },
  { id: 12, section: 'professional', parentId: null, slug: 'hr', name: { fr: 'RH', en: 'Human resources' } },
];
const quote = {
  priceCents: 1900,
  discountPercent: 0,
  customerPriceCents: 1900,
  vatCents: 317,
  netCents: 1583,
  royaltyFormat: 'professional_file',
  royaltyRateBp: 4000,
  royaltyCents: 633,
};

function logInAsAuthor() {
  tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'refresh-token' });
}

const draft = makeSubmission({
  status: 'draft',
  versions: 0,
  history: [],
  lastDecision: null,
  working: makeValues({
    title: null,
    description: null,
    language: null,
    categoryId: null,
    fileType: null,
    priceCents: null,
    files: [],
    categoryName: null,
  }),
  actions: { edit: true, submit: true, resubmit: false, withdraw: false, requestUnpublish: false },
});

function renderForm() {
  return renderWithProviders(null, {
    route: '/file-proposed',
    routes: [
      { path: '/file-proposed', element: <ProposalForm kind="file" mode="new" /> },
      { path: '/file-book', element: <h1>My products</h1> },
    ],
  });
}

afterEach(async () => {
  // Unmounting saves a pending draft: it must still reach the fake API.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
});

describe('the file proposal form', () => {
  it('creates the draft at the first change, then saves the typing a moment later', async () => {
    logInAsAuthor();
    const api = fakeAuthoringApi({
      'GET /api/category/list': () => jsonResponse(200, categories),
      'POST /api/submissions': () => jsonResponse(201, draft),
      [`PATCH /api/submissions/${submissionId}`]: () => jsonResponse(200, draft),
      'POST /api/books/price/file': () => jsonResponse(200, quote),
    });
    renderForm();
    const user = userEvent.setup();

    await user.click(screen.getByRole('radio', { name: /^Student files/ }));
    await user.click(screen.getByRole('radio', { name: /^Pro files/ }));
    // Choosing the section alone saves nothing.
    expect(api.callsTo('POST', '/api/submissions')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Title/), 'Budget dashboard');
    await waitFor(() => expect(api.callsTo('POST', '/api/submissions')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/submissions')[0]?.body).toMatchObject({
      kind: 'file',
      section: 'professional',
      title: 'B',
    });
    expect(await screen.findByText('Draft saved')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Student files/ })).toBeDisabled();
    await user.selectOptions(await screen.findByLabelText(/^Category/), '11');
    await user.type(screen.getByLabelText(/^Price \(EUR\)/), '19');
    expect(
      await screen.findByText('Customers pay €19.00, you earn €6.33 per sale (40%).'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/submissions/${submissionId}`).length).toBeGreaterThan(0),
    );
    expect(api.callsTo('PATCH', `/api/submissions/${submissionId}`).at(-1)?.body).toMatchObject({
      title: 'Budget dashboard',
      categoryId: 11,
      priceCents: 1900,
    });
    expect(api.callsTo('POST', '/api/books/price/file').at(-1)?.body).toEqual({
      section: 'professional',
      priceCents: 1900,
    });
  });

  it('saves what the file holds, the software with its version, commercial use and the twin', async () => {
    logInAsAuthor();
    const english = {
      id: '5f0c6a4e-6c1b-4d8e-9a51-2b7f1c9d0e99',
      kind: 'file',
      section: 'professional',
      title: 'Cash-flow tracker',
      language: 'en',
      coverUrl: null,
      status: 'published',
      productId: 41,
      versions: 1,
      lastDecision: null,
      salesCount: 3,
      unpublishRequested: false,
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const api = fakeAuthoringApi({
      'GET /api/category/list': () => jsonResponse(200, categories),
      'GET /api/category/author': () => jsonResponse(200, { results: [english] }),
      'POST /api/submissions': () => jsonResponse(201, draft),
      [`PATCH /api/submissions/${submissionId}`]: () => jsonResponse(200, draft),
    });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Pro files/ }));
    await user.selectOptions(screen.getByLabelText(/^Language of the content/), 'fr');
    await user.selectOptions(screen.getByLabelText(/^File type/), 'excel');
    await user.type(screen.getByLabelText('Number of sheets'), '3');
    // An Excel file offers the spreadsheet programs, not PowerPoint.
    expect(screen.queryByRole('checkbox', { name: 'PowerPoint' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'LibreOffice Calc' }));
    await user.type(screen.getByLabelText('LibreOffice Calc: oldest version that works'), '7.0');
    await user.click(screen.getByRole('checkbox', { name: 'Excel' }));
    await user.click(screen.getByRole('radio', { name: /^Commercial use/ }));
    await user.selectOptions(
      await screen.findByLabelText(/^The same work in the other language/),
      'Cash-flow tracker (English)',
    );
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/submissions/${submissionId}`).at(-1)?.body).toMatchObject({
        sheets: '3',
        software: [
          { app: 'libreoffice_calc', version: '7.0' },
          { app: 'excel', version: null },
        ],
        usage: 'commercial',
        twinProductId: 41,
      }),
    );
  });

  it('sends the file with its progress shown, then names the file the server kept', async () => {
    logInAsAuthor();
    fakeAuthoringApi({
      'GET /api/category/list': () => jsonResponse(200, categories),
      'POST /api/submissions': () => jsonResponse(201, draft),
      [`PATCH /api/submissions/${submissionId}`]: () => jsonResponse(200, draft),
    });
    const stored = makeFile({ originalName: 'budget.xlsx', sizeBytes: 4000 });
    const xhr = fakeXhr(() => ({ status: 201, body: stored, steps: 4 }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Pro files/ }));

    await user.selectOptions(screen.getByLabelText(/^File type/), 'excel');
    const file = new File([new Uint8Array(4000)], 'budget.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await user.upload(screen.getByLabelText(/^File \*?$/), file);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress: File' });
    expect(bar).toHaveAttribute('max', '4000');
    expect(await screen.findByText('budget.xlsx received (4 kB)')).toBeInTheDocument();
    expect(xhr.progress).toEqual([1000, 2000, 3000, 4000]);
    expect(xhr.sent[0]?.method).toBe('PUT');
    expect(xhr.sent[0]?.url).toBe(`/api/submissions/${submissionId}/files/file`);
    expect(xhr.sent[0]?.headers.Authorization).toMatch(/^Bearer /);
    // The declared type goes with the file, before it.
    expect([...xhr.sent[0]!.body.keys()]).toEqual(['fileType', 'file']);
    expect(xhr.sent[0]?.body.get('fileType')).toBe('excel');
  });

  it('shows why the server refused an upload', async () => {
    logInAsAuthor();
    fakeAuthoringApi({
      'GET /api/category/list': () => jsonResponse(200, categories),
      'POST /api/submissions': () => jsonResponse(201, draft),
    });
    fakeXhr(() => ({
      status: 415,
      body: {
        error: { code: 'upload_rejected', message: 'Refused.', fields: { file: 'upload.typeMismatch' } },
      },
      steps: 1,
    }));
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Pro files/ }));
    await user.selectOptions(screen.getByLabelText(/^File type/), 'excel');
    await user.upload(screen.getByLabelText(/^File \*?$/), new File(['%PDF-1.7'], 'budget.xlsx'));
    expect(
      await screen.findByText('The file’s content does not match the file type chosen.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^File \*?$/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the API’s field errors on submit, then goes to My products once the proposal is accepted', async () => {
    logInAsAuthor();
    let answer = 400;
    const api = fakeAuthoringApi({
      'GET /api/category/list': () => jsonResponse(200, categories),
      'POST /api/submissions': () => jsonResponse(201, draft),
      [`PATCH /api/submissions/${submissionId}`]: () => jsonResponse(200, draft),
      'POST /api/category/file/create': () =>
        answer === 400
          ? jsonResponse(400, {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: {
                  categoryId: 'category.required',
                  file: 'upload.required',
                  fileType: 'fileType.required',
                },
              },
            })
          : jsonResponse(201, { ...draft, status: 'submitted' }),
    });
    const { router } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Pro files/ }));
    await user.type(screen.getByLabelText(/^Title/), 'Budget dashboard');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    expect(await screen.findByText('Some fields need your attention.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Category/)).toHaveAccessibleDescription('Choose a category.');
    expect(screen.getByLabelText(/^File type/)).toHaveAccessibleDescription('Choose the file type.');
    expect(screen.getByText('Add the file.')).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/category/file/create')[0]?.form;
    expect(sent?.get('draftId')).toBe(submissionId);
    expect(sent?.get('section')).toBe('professional');
    expect(sent?.get('title')).toBe('Budget dashboard');

    answer = 201;
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/file-book'));
  });

  it('asks an academic author for the right to publish and a licence, and never for a price', async () => {
    logInAsAuthor();
    fakeAuthoringApi({
      'GET /api/category/list': () => jsonResponse(200, []),
      'POST /api/submissions': () => jsonResponse(201, { ...draft, section: 'academic' }),
      [`PATCH /api/submissions/${submissionId}`]: () => jsonResponse(200, draft),
    });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /^Student files/ }));
    expect(screen.queryByLabelText(/^Price/)).toBeNull();
    const rights = screen.getByRole('group', { name: /Your right to publish/ });
    expect(within(rights).getAllByRole('radio')).toHaveLength(2);
    const licence = screen.getByRole('group', { name: /Licence/ });
    expect(within(licence).getByRole('radio', { name: /CC BY-NC-ND/ })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Confidential internship report' })).toBeInTheDocument();
  });
});
