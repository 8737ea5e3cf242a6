import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyReview, ProductReviews as ProductReviewsPage, PublicReview } from '@hls/contract';
import { ACCESS_TOKEN_KEY } from '@/lib/token-storage';
import { fakeAccessToken, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ProductReviews } from './product-reviews';

const review = (n: number, rating: number): PublicReview => ({
  id: `r${n}`,
  rating,
  text: `Avis numéro ${n}.`,
  reviewer: 'Camille M.',
  date: '2026-11-20T10:00:00.000Z',
});

const firstPage: ProductReviewsPage = {
  summary: { count: 6, average: 4.5 },
  distribution: [0, 0, 1, 1, 4],
  results: [1, 2, 3, 4, 5].map((n) => review(n, 5)),
  count: 6,
  page: 1,
  pageSize: 5,
  pages: 2,
};

/** The reviews' endpoints; returns the requests they received. */
function stubApi(mine: MyReview | null = null) {
  const requests: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'PUT' ? await request.clone().json() : undefined;
      requests.push({ method: request.method, path: `${url.pathname}${url.search}`, body });
      if (url.pathname === '/api/products/7/reviews') {
        return url.searchParams.get('page') === '2'
          ? jsonResponse(200, { ...firstPage, page: 2, results: [review(6, 3)] })
          : jsonResponse(200, firstPage);
      }
      if (url.pathname === '/api/products/7/review' && request.method === 'GET')
        return jsonResponse(200, mine);
      if (url.pathname === '/api/products/7/review' && request.method === 'PUT') {
        return jsonResponse(201, {
          id: 'mine',
          productId: 7,
          ...(body as object),
          status: 'pending',
          rejectionReason: null,
          createdAt: '2026-11-25T10:00:00.000Z',
          updatedAt: '2026-11-25T10:00:00.000Z',
        });
      }
      return jsonResponse(404, { error: { code: 'not_found', message: url.pathname } });
    }),
  );
  return requests;
}

describe('a product’s customer reviews', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows the average, the spread of stars and the reviews, more on demand, and invites buyers to log in', async () => {
    stubApi();
    renderWithProviders(<ProductReviews productId={7} free={false} loggedIn={false} />);
    const section = screen.getByRole('region', { name: 'Customer reviews' });
    expect(await within(section).findByRole('img', { name: '4.5 out of 5, 6 reviews' })).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Reviews by stars' })).toHaveTextContent(
      '5 stars: 4 reviews',
    );
    expect(within(section).getAllByText('Verified purchase')).toHaveLength(5);
    expect(within(section).getByText('Bought this product?')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Log in to review it.' })).toHaveAttribute(
      'href',
      '/login-register',
    );

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(section).findByText('Avis numéro 6.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).toBeNull();
  });

  it('shows its author a refused review with the editor’s reason, in French', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    stubApi({
      eligible: true,
      review: {
        id: 'mine',
        productId: 7,
        rating: 2,
        text: 'Appelez-moi.',
        status: 'rejected',
        rejectionReason: 'Pas de coordonnées personnelles.',
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
    });
    renderWithProviders(<ProductReviews productId={7} free loggedIn />, { lng: 'fr' });
    expect(await screen.findByText('Non publié.')).toBeInTheDocument();
    expect(
      screen.getByText('Motif de l’éditeur\u202f: Pas de coordonnées personnelles.', {
        normalizer: (text) => text.trim(),
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(screen.getAllByText('Téléchargement vérifié').length).toBeGreaterThan(0);
  });

  it('lets a buyer rate and write a review, checks it first, then says it waits for an editor', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    const requests = stubApi({ eligible: true, review: null });
    renderWithProviders(<ProductReviews productId={7} free={false} loggedIn />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));

    await user.click(await screen.findByRole('button', { name: 'Send my review' }));
    expect(await screen.findByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(screen.getByText('Write a few words about this product.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '4 stars out of 5' }));
    await user.type(screen.getByRole('textbox', { name: /Your review/ }), 'Clair et bien construit.');
    await user.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(
      await screen.findByText('Thank you! Your review will be published once an editor has read it.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        rating: 4,
        text: 'Clair et bien construit.',
      }),
    );
  });

  it('tells a visitor who did not buy the product why they cannot review it', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    stubApi({ eligible: false, review: null });
    renderWithProviders(<ProductReviews productId={7} free={false} loggedIn />);
    expect(
      await screen.findByText('Only customers who bought this product can review it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });
});
