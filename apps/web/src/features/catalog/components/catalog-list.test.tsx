import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNT_CAP, SEARCH_CANDIDATES, type Section } from '@hls/contract';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { page, summary } from '../test-fixtures';
import { useListParams } from '../use-list-params';
import { CatalogList } from './catalog-list';

function Screen({ section }: { section: Section }) {
  const [state, setState] = useListParams(section);
  return <CatalogList section={section} state={state} onChange={setState} path="/book" />;
}

const categories = [
  { id: 3, section: 'book', parentId: null, slug: 'novels', name: { fr: 'Romans', en: 'Novels' } },
  { id: 4, section: 'book', parentId: null, slug: 'law', name: { fr: 'Droit', en: 'Law' } },
];

type Call = { url: URL; body: unknown };

/** A fake API answering the list calls with `list` and recording them. */
function stubApi(list: () => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/category/list') return jsonResponse(200, categories);
      if (url.pathname === '/api/category/list/subcategory') return jsonResponse(200, []);
      calls.push({ url, body: await input.clone().json() });
      return list();
    }),
  );
  return calls;
}

const renderList = (route: string) =>
  renderWithProviders(null, { routes: [{ path: '/book', element: <Screen section="book" /> }], route });

describe('catalogue list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows skeletons, then the products with their count, and sends the URL state as the filter', async () => {
    const calls = stubApi(() =>
      jsonResponse(200, page([summary(), summary({ id: 5, title: 'Vol de nuit' })], { count: 30, pages: 2 })),
    );
    const { container } = renderList('/book?search=prince&edition=paper&min=5&page=2');
    expect(container.querySelector('.product-card--skeleton')).not.toBeNull();
    expect(await screen.findByRole('link', { name: 'Vol de nuit' })).toHaveAttribute('href', '/product/5');
    expect(screen.getByRole('status')).toHaveTextContent('30 products');
    expect(calls[0]?.url.pathname).toBe('/api/books/filter/book');
    expect(calls[0]?.url.searchParams.get('page')).toBe('2');
    expect(calls[0]?.body).toEqual({ search: 'prince', edition: 'paper', minPrice: 500, sort: 'relevance' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      '/book?search=prince&edition=paper&min=5',
    );
  });

  it('says "at least" when the count reaches the cap of the list or of a search', async () => {
    stubApi(() => jsonResponse(200, page([summary()], { count: COUNT_CAP, pages: 42 })));
    renderList('/book');
    expect(await screen.findByRole('status')).toHaveTextContent('1,000+ products');
  });

  it('says "at least" for a search that reaches its ranking cap', async () => {
    stubApi(() => jsonResponse(200, page([summary()], { count: SEARCH_CANDIDATES, pages: 21 })));
    renderList('/book?search=guide');
    expect(await screen.findByRole('status')).toHaveTextContent('500+ products');
  });

  it('writes a filter change to the URL and goes back to page 1', async () => {
    stubApi(() => jsonResponse(200, page([summary()], { count: 30, pages: 2 })));
    const { router } = renderList('/book?page=2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Law' }));
    expect(router.state.location.search).toBe('?category=4');
    await user.click(screen.getByRole('radio', { name: 'Ebook' }));
    expect(router.state.location.search).toBe('?category=4&edition=ebook');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price_desc');
    expect(router.state.location.search).toBe('?category=4&edition=ebook&sort=price_desc');
    await user.type(screen.getByLabelText('Search the bookshop'), 'etudiant{Enter}');
    expect(router.state.location.search).toBe('?search=etudiant&category=4&edition=ebook&sort=price_desc');
  });

  it('offers to reset the filters when nothing matches', async () => {
    stubApi(() => jsonResponse(200, page([])));
    const { router } = renderList('/book?search=zzz&language=en');
    expect(await screen.findByRole('heading', { name: 'No products match' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 products');
    const resets = screen.getAllByRole('button', { name: 'Reset filters' });
    await userEvent.setup().click(resets[resets.length - 1]!);
    expect(router.state.location.search).toBe('');
  });

  it('shows an error with a retry that calls the API again', async () => {
    let fail = true;
    const calls = stubApi(() =>
      fail
        ? jsonResponse(500, { error: { code: 'internal', message: 'boom' } })
        : jsonResponse(200, page([summary()])),
    );
    renderList('/book');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The products could not be loaded');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Le Petit Prince' })).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('rejects a reversed price range without calling the API', async () => {
    const calls = stubApi(() => jsonResponse(200, page([summary()])));
    const { router } = renderList('/book');
    await screen.findByRole('link', { name: 'Le Petit Prince' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Minimum'), '30');
    await user.type(screen.getByLabelText('Maximum'), '10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The minimum price must not exceed the maximum price.',
    );
    expect(router.state.location.search).toBe('');
    await user.clear(screen.getByLabelText('Maximum'));
    await user.type(screen.getByLabelText('Maximum'), '45,5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?min=30&max=45.5');
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ minPrice: 3000, maxPrice: 4550 }));
  });

  it('follows the arrow keys through the category radios with one list, once they rest', async () => {
    const calls = stubApi(() => jsonResponse(200, page([summary()])));
    const { router } = renderList('/book');
    await screen.findByRole('link', { name: 'Le Petit Prince' });
    const before = calls.length;
    const user = userEvent.setup();
    screen.getByRole('radio', { name: 'All categories' }).focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Law' })).toBeChecked();
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?category=4'));
    await waitFor(() => expect(calls).toHaveLength(before + 1));
    expect(calls.at(-1)?.body).toMatchObject({ category: 4 });
  });

  it('opens the filters of a phone in a sheet, which gives the focus back to its button or to the results', async () => {
    stubApi(() => jsonResponse(200, page([summary()])));
    renderList('/book');
    await screen.findByRole('link', { name: 'Le Petit Prince' });
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('group', { name: 'Category' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Show 1 result' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toHaveFocus();
  });
});
