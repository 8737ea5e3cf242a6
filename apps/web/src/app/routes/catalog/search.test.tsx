import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductPage } from '@hls/contract';
import { fileSummary, page, summary } from '@/features/catalog/test-fixtures';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { Component as Search } from './search';

const excelFiles = Array.from({ length: 6 }, (_, index) =>
  fileSummary({
    id: 100 + index,
    section: 'professional',
    title: `Excel tool ${index + 1}`,
    fileType: 'excel',
  }),
);

/** The three list endpoints, answering per section, and the close spellings; returns the bodies they received. */
function stubLists(
  answers: { book: ProductPage; pro: ProductPage; student: ProductPage },
  suggestions: string[] = [],
) {
  const bodies: Record<string, unknown> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/search/suggestions') return jsonResponse(200, { suggestions });
      bodies[pathname] = await request.clone().json();
      if (pathname === '/api/books/filter/book') return jsonResponse(200, answers.book);
      if (pathname === '/api/category/filter/pro') return jsonResponse(200, answers.pro);
      if (pathname === '/api/category/filter/student') return jsonResponse(200, answers.student);
      return jsonResponse(404, { error: { code: 'not_found', message: pathname } });
    }),
  );
  return bodies;
}

const routes = [{ path: '/search', element: <Search /> }];

describe('search results', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each section with its count, its first results and a link to all of them', async () => {
    const bodies = stubLists({
      book: page([summary({ title: 'Excel for managers' })]),
      pro: page(excelFiles.slice(0, 6), { count: 6 }),
      student: page([]),
    });
    renderWithProviders(null, { routes, route: '/search?search=excel' });

    expect(screen.getByRole('heading', { level: 1, name: 'Search results' })).toBeInTheDocument();
    const pro = await screen.findByRole('region', { name: 'Pro files' });
    expect(await within(pro).findByText('6 results')).toBeInTheDocument();
    expect(within(pro).getAllByRole('article')).toHaveLength(4);
    expect(within(pro).getByRole('link', { name: 'See all 6 results in Pro files' })).toHaveAttribute(
      'href',
      '/professionnel?search=excel',
    );

    const books = screen.getByRole('region', { name: 'Bookshop' });
    expect(within(books).getByText('1 result')).toBeInTheDocument();
    expect(within(books).getByRole('link', { name: 'See the result in Bookshop' })).toHaveAttribute(
      'href',
      '/book?search=excel',
    );
    const student = screen.getByRole('region', { name: 'Student files' });
    expect(within(student).getByText('Nothing matches in this section.')).toBeInTheDocument();
    expect(within(student).queryByRole('link')).toBeNull();

    for (const path of ['/api/books/filter/book', '/api/category/filter/pro', '/api/category/filter/student'])
      expect(bodies[path]).toMatchObject({ search: 'excel' });
  });

  it('says when nothing matches anywhere, in French too', async () => {
    stubLists({ book: page([]), pro: page([]), student: page([]) });
    renderWithProviders(null, { routes, route: '/search?search=zzz', lng: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Aucun résultat pour « zzz »' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Résultats de recherche' })).toBeInTheDocument();
  });

  it('says which text a search corrected for its typos found its results for', async () => {
    stubLists({
      book: page([]),
      pro: page(excelFiles.slice(0, 2), { count: 2, correctedSearch: 'tableau' }),
      student: page([]),
    });
    renderWithProviders(null, { routes, route: '/search?search=tablau', lng: 'fr' });
    expect(
      await screen.findByText('Aucun résultat pour « tablau » : voici les résultats pour « tableau ».'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Fichiers pro' })).toBeInTheDocument();
  });

  it('offers close spellings and the three sections when nothing matches anywhere', async () => {
    stubLists({ book: page([]), pro: page([]), student: page([]) }, ['gestion stock', 'gestion stage']);
    renderWithProviders(null, { routes, route: '/search?search=gestion%20stoge' });
    const spellings = await screen.findByRole('navigation', { name: 'Close spellings' });
    expect(within(spellings).getByText('Did you mean:')).toBeInTheDocument();
    expect(within(spellings).getByRole('link', { name: 'gestion stock' })).toHaveAttribute(
      'href',
      '/search?search=gestion%20stock',
    );
    expect(within(spellings).getAllByRole('link')).toHaveLength(2);
    const sections = screen.getByRole('navigation', { name: 'Browse the catalogue:' });
    expect(within(sections).getAllByRole('link')).toHaveLength(3);
  });

  it('searches again from its own search box', async () => {
    stubLists({ book: page([]), pro: page(excelFiles, { count: 6 }), student: page([]) });
    const { router } = renderWithProviders(null, { routes, route: '/search' });
    expect(screen.getByText(/Type a few words/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('searchbox', {
        name: 'Search the bookshop, pro files and student files',
      }),
      'excel{Enter}',
    );
    expect(router.state.location.search).toBe('?search=excel');
    expect(await screen.findByText('6 results')).toBeInTheDocument();
  });
});
