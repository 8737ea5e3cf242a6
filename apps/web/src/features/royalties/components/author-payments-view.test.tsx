import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuthorPayments } from '@hls/contract';
import { tokenStorage } from '@/lib/token-storage';
import { fakeApi } from '@/testing/fake-api';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { makeEntry, makePayments } from '../test-fixtures';
import { AuthorPaymentsView } from './author-payments-view';

function renderPayments(route = '/author-payment', lng: 'fr' | 'en' = 'en') {
  tokenStorage.save({ access: fakeAccessToken({ role: 'author' }), refresh: 'refresh-token' });
  return renderWithProviders(null, {
    routes: [{ path: '/author-payment', element: <AuthorPaymentsView /> }],
    route,
    lng,
  });
}

function paymentsServer(payments: AuthorPayments | ((search: URLSearchParams) => AuthorPayments)) {
  return fakeApi({
    'GET /api/checkout/list': ({ search }) =>
      jsonResponse(200, typeof payments === 'function' ? payments(new URLSearchParams(search)) : payments),
    'GET /api/checkout/bank/one': () => jsonResponse(200, null),
    'GET /api/checkout/list.csv': () =>
      new Response('date,order\n2026-11-03,HLS-2026-000041\n', {
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="royalties-2026-11.csv"',
        },
      }),
    'GET /api/checkout/statement/.*': () =>
      new Response('%PDF-1.7', {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="statement-2026-11.pdf"',
        },
      }),
  });
}

/** The links the app clicks to save a file, with the name each asked for. */
function savedFiles() {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }),
  );
  return names;
}

describe('Paid products', () => {
  it('shows the totals, the terms, the sales and every entry with its rate and when it becomes payable', async () => {
    paymentsServer(
      makePayments({
        report: {
          results: [
            makeEntry({
              id: 2,
              kind: 'reversal',
              createdAt: '2026-11-05T10:00:00.000Z',
              netCents: -1137,
              royaltyCents: -284,
              state: 'available',
              availableAt: '2026-11-05T10:00:00.000Z',
            }),
            makeEntry({ reversed: true }),
            makeEntry({
              id: 3,
              format: 'paper',
              title: 'Manuel de paie',
              rateBp: 1000,
              netCents: 2370,
              royaltyCents: 237,
              availableAt: null,
            }),
          ],
          count: 3,
          page: 1,
          pageSize: 20,
          pages: 1,
        },
      }),
    );
    renderPayments();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Pending').nextElementSibling).toHaveTextContent(
      '£2.84'.replace('£', '€'),
    );
    expect(summary).toHaveTextContent(
      'You earn 10% of the net sale of a paper book, 25% of an ebook and 40% of a professional file',
    );
    expect(summary).toHaveTextContent('A digital sale becomes payable 14 days after payment');
    expect(summary).toHaveTextContent('once your available balance reaches €50.00');
    expect(within(summary).getByRole('link', { name: 'Add your bank details' })).toHaveAttribute(
      'href',
      '#royalties-bank',
    );

    const sales = screen.getByRole('table', { name: 'Sales and royalties per product and format' });
    expect(within(sales).getByRole('row', { name: /Le droit des contrats/ })).toHaveTextContent('Ebook');

    const report = screen.getByRole('table', { name: 'Royalty entries, newest first' });
    const [reversal, refunded, paper] = within(report).getAllByRole('row').slice(1);
    expect(reversal).toHaveTextContent('Refund');
    expect(reversal).toHaveTextContent('-€11.37');
    expect(reversal).toHaveTextContent('-€2.84');
    expect(refunded).toHaveTextContent('Refunded');
    expect(refunded).toHaveTextContent('25%');
    expect(refunded).toHaveTextContent('PendingPayable from 17 Nov 2026');
    expect(paper).toHaveTextContent('10%');
    expect(paper).toHaveTextContent('Payable 14 days after delivery');
  });

  it('puts the report filters in the address and asks the server for them; Reset clears them', async () => {
    const api = paymentsServer(makePayments());
    const { router } = renderPayments();
    const user = userEvent.setup();
    const filters = await screen.findByRole('search', { name: 'Report filters' });
    await user.type(within(filters).getByLabelText('From'), '2026-11-01');
    await user.type(within(filters).getByLabelText('To'), '2026-11-30');
    await user.selectOptions(within(filters).getByLabelText('Product'), 'Comptabilité des PME');
    await user.click(within(filters).getByRole('button', { name: 'Show the entries' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30&productId=9'),
    );
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/checkout/list').at(-1)?.search).toBe(
        '?from=2026-11-01&to=2026-11-30&productId=9',
      ),
    );
    // The form shows what the address holds.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Product')).toHaveValue('9');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The unfiltered report is the one loaded first: it comes from the cache.
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('Product')).toHaveValue('');
  });

  it('refuses a period that ends before it starts, without asking the server', async () => {
    const api = paymentsServer(makePayments());
    const { router } = renderPayments();
    const user = userEvent.setup();
    const filters = await screen.findByRole('search', { name: 'Report filters' });
    await user.type(within(filters).getByLabelText('From'), '2026-11-30');
    await user.type(within(filters).getByLabelText('To'), '2026-11-01');
    await user.click(within(filters).getByRole('button', { name: 'Show the entries' }));
    expect(within(filters).getByLabelText('To')).toHaveAccessibleDescription(
      'The end date comes before the start date.',
    );
    expect(router.state.location.search).toBe('');
    expect(api.callsTo('GET', '/api/checkout/list')).toHaveLength(1);
  });

  it('reads the filters and the page from the address, and its page links keep the filters', async () => {
    const api = paymentsServer((search) =>
      makePayments({
        report: {
          results: [makeEntry()],
          count: 45,
          page: Number(search.get('page') ?? 1),
          pageSize: 20,
          pages: 3,
        },
      }),
    );
    renderPayments('/author-payment?from=2026-10-01&productId=7&page=2&junk=1');
    expect(await screen.findByText('45 entries')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/checkout/list')[0]?.search).toBe('?from=2026-10-01&productId=7&page=2');
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    const pages = screen.getByRole('navigation', { name: 'Pages of the report' });
    expect(within(pages).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/author-payment?junk=1&from=2026-10-01&productId=7&page=3',
    );
    expect(within(pages).getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      '/author-payment?junk=1&from=2026-10-01&productId=7',
    );
  });

  it('downloads the CSV of the filters shown and the PDF statement of a month, with the session', async () => {
    const files = savedFiles();
    // The month picker offers the months from the first sale to the current one.
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(now);
    const api = paymentsServer(
      makePayments({ monthly: [{ month, paper: 0, ebook: 284, professional_file: 0 }] }),
    );
    renderPayments('/author-payment?from=2026-11-01');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(files).toEqual(['royalties-2026-11.csv']));
    const csv = api.callsTo('GET', '/api/checkout/list.csv')[0];
    expect(csv?.search).toBe('?from=2026-11-01&lng=en');
    expect(csv?.headers.get('Authorization')).toMatch(/^Bearer /);

    const statement = screen.getByRole('form', { name: 'Monthly statement' });
    const picker = within(statement).getByLabelText('Month');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([monthName]);
    await user.selectOptions(picker, month);
    await user.click(within(statement).getByRole('button', { name: 'Download the statement' }));
    await waitFor(() => expect(files).toEqual(['royalties-2026-11.csv', 'statement-2026-11.pdf']));
    expect(api.callsTo('GET', `/api/checkout/statement/${month}`).map((call) => call.search)).toEqual([
      '?lng=en',
    ]);
  });

  it('asks for the CSV and the statement in the language of the page, French here', async () => {
    const files = savedFiles();
    const now = new Date();
    const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    const api = paymentsServer(
      makePayments({ monthly: [{ month, paper: 0, ebook: 284, professional_file: 0 }] }),
    );
    renderPayments('/author-payment?from=2026-11-01', 'fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Télécharger le CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(api.callsTo('GET', '/api/checkout/list.csv')[0]?.search).toBe('?from=2026-11-01&lng=fr');
    const statement = screen.getByRole('form', { name: 'Relevé mensuel' });
    await user.click(within(statement).getByRole('button', { name: 'Télécharger le relevé' }));
    await waitFor(() => expect(files).toHaveLength(2));
    expect(api.callsTo('GET', `/api/checkout/statement/${month}`).map((call) => call.search)).toEqual([
      '?lng=fr',
    ]);
  });

  it('helps an author without sales: where royalties will appear, how to propose a product', async () => {
    paymentsServer(
      makePayments({
        totals: { pendingCents: 0, availableCents: 0, paidCents: 0, refundedCents: 0, balanceCents: 0 },
        products: [],
        monthly: [],
        productChoices: [],
        report: { results: [], count: 0, page: 1, pageSize: 20, pages: 0 },
      }),
    );
    renderPayments();
    expect(
      await screen.findByText('No sales yet — your royalties appear here after the first sale.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Propose a book' })).toHaveAttribute('href', '/book-proposed');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('region', { name: 'Bank details' })).toBeInTheDocument();
  });

  it('tells a non-author that the screen is for authors (403)', async () => {
    fakeApi({
      'GET /api/checkout/list': () =>
        jsonResponse(403, { error: { code: 'forbidden', message: 'Forbidden' } }),
    });
    renderPayments();
    expect(await screen.findByRole('heading', { name: 'Paid products are for authors' })).toBeInTheDocument();
  });

  it('speaks French: the amounts, the dates and the buttons', async () => {
    paymentsServer(makePayments());
    renderPayments('/author-payment', 'fr');
    const summary = await screen.findByRole('region', { name: 'Résumé' });
    expect(summary).toHaveTextContent(/2,84\s€/);
    expect(screen.getByRole('button', { name: 'Télécharger le CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Télécharger le relevé' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /^Écritures/ })).toHaveTextContent(
      'Payable à partir du 17 nov. 2026',
    );
  });
});
