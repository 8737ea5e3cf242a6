import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStorage } from '@/lib/token-storage';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { fakeAuthoringApi, makeSubmission, submissionId, toProduct } from '../test-fixtures';
import { AuthorInvitation } from './author-invitation';
import { AuthorProductView } from './author-product-view';
import { AuthorProductsView } from './author-products-view';

afterEach(async () => {
  // Unmounting saves a pending draft: it must still reach the fake API.
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
});

describe('My products', () => {
  it('lists the books and files with their status, the editors’ last comment and the sales', async () => {
    tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'r' });
    const file = toProduct(makeSubmission());
    const book = {
      ...toProduct(makeSubmission()),
      id: '9a1b2c3d-0000-4000-8000-000000000002',
      kind: 'book' as const,
      section: 'book' as const,
      title: 'Le droit des contrats',
      status: 'published' as const,
      productId: 42,
      salesCount: 12,
      lastDecision: {
        kind: 'published' as const,
        comment: 'Welcome to the catalogue.',
        at: '2026-11-22T09:00:00.000Z',
      },
      updatedAt: '2026-11-22T09:00:00.000Z',
    };
    fakeAuthoringApi({
      'GET /api/books/author': () => jsonResponse(200, { results: [book] }),
      'GET /api/category/author': () => jsonResponse(200, { results: [file] }),
    });
    renderWithProviders(<AuthorProductsView />);
    const list = await screen.findByRole('list', { name: 'My books and files' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Le droit des contrats');
    expect(rows[0]).toHaveTextContent('Published');
    expect(rows[0]).toHaveTextContent('12 copies sold');
    expect(rows[1]).toHaveTextContent('Changes requested');
    expect(rows[1]).toHaveTextContent('Add a sheet that explains the formulas.');
    expect(within(rows[1]!).getByRole('link', { name: 'Budget dashboard' })).toHaveAttribute(
      'href',
      `/author-product?id=${submissionId}`,
    );
    expect(screen.getAllByRole('link', { name: 'Add book' })[0]).toHaveAttribute('href', '/book-proposed');
    expect(screen.getAllByRole('link', { name: 'Add file' })[0]).toHaveAttribute('href', '/file-proposed');
  });

  it('invites to propose when there is nothing yet', async () => {
    tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'r' });
    fakeAuthoringApi({
      'GET /api/books/author': () => jsonResponse(200, { results: [] }),
      'GET /api/category/author': () => jsonResponse(200, { results: [] }),
    });
    renderWithProviders(<AuthorProductsView />, { lng: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Vous n’avez encore rien proposé' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ajouter un livre' })).toHaveAttribute('href', '/book-proposed');
  });
});

describe('one proposal', () => {
  it('shows the editor’s comment, the versions and the history, and sends a new version', async () => {
    tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'r' });
    const submission = makeSubmission();
    const api = fakeAuthoringApi({
      [`GET /api/submissions/${submissionId}`]: () => jsonResponse(200, submission),
      [`PATCH /api/submissions/${submissionId}`]: () => jsonResponse(200, submission),
      'GET /api/category/list': () => jsonResponse(200, []),
      [`POST /api/submissions/${submissionId}/resubmit`]: () =>
        jsonResponse(200, {
          ...submission,
          status: 'submitted',
          actions: { ...submission.actions, resubmit: false },
        }),
    });
    renderWithProviders(<AuthorProductView id={submissionId} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Budget dashboard' })).toBeInTheDocument();
    expect(screen.getAllByText('Add a sheet that explains the formulas.').length).toBeGreaterThan(0);
    expect(screen.getByText('Nadia (editor)', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download budget.xlsx' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit a new version' }));
    const form = screen.getByRole('form', { name: 'A new version' });
    await user.type(within(form).getByLabelText(/^Note to the editors/), 'Added the formulas sheet.');
    await user.click(within(form).getByRole('button', { name: 'Send the new version' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/submissions/${submissionId}/resubmit`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/api/submissions/${submissionId}/resubmit`)[0]?.body).toEqual({
      note: 'Added the formulas sheet.',
    });
  });

  it('asks before withdrawing a proposal', async () => {
    tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'r' });
    const submission = makeSubmission({
      status: 'submitted',
      actions: { edit: false, submit: false, resubmit: false, withdraw: true, requestUnpublish: false },
    });
    const api = fakeAuthoringApi({
      [`GET /api/submissions/${submissionId}`]: () => jsonResponse(200, submission),
      [`POST /api/submissions/${submissionId}/withdraw`]: () =>
        jsonResponse(200, { ...submission, status: 'archived' }),
    });
    renderWithProviders(<AuthorProductView id={submissionId} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw this proposal' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this proposal?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Published elsewhere.');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.callsTo('POST', `/api/submissions/${submissionId}/withdraw`)).toHaveLength(1),
    );
    expect(api.callsTo('POST', `/api/submissions/${submissionId}/withdraw`)[0]?.body).toEqual({
      reason: 'Published elsewhere.',
    });
  });
});

describe('the invitation', () => {
  it('makes a customer an author and keeps the new tokens', async () => {
    tokenStorage.save({ access: fakeAccessToken({ role: 'customer' }), refresh: 'old-refresh' });
    const authorToken = fakeAccessToken({ role: 'author' });
    fakeAuthoringApi({
      'POST /api/user/become-author': () =>
        jsonResponse(200, { access: authorToken, refresh: 'new-refresh', user: {} }),
    });
    const { store } = renderWithProviders(<AuthorInvitation role="customer" />);
    const user = userEvent.setup();
    expect(screen.getByRole('link', { name: 'Read the publishing guide' })).toHaveAttribute(
      'href',
      '/publish',
    );
    await user.click(screen.getByRole('button', { name: 'Become an author' }));
    await waitFor(() => expect(tokenStorage.getRefresh()).toBe('new-refresh'));
    expect(store.getState().auth.userInfo?.role).toBe('author');
  });

  it('sends editors to the editorial queue', () => {
    renderWithProviders(<AuthorInvitation role="editor" />, { lng: 'fr' });
    expect(
      screen.getByRole('heading', { name: 'L’espace auteur est réservé aux auteurs' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ouvrir la file éditoriale' })).toHaveAttribute(
      'href',
      '/back-office/editorial',
    );
  });
});
