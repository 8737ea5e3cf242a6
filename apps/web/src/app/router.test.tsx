import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import { renderWithProviders } from '@/testing/test-utils';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { LOGIN_REQUIRED, routes } from './router';

const specRoutes = [
  '/',
  '/product/12',
  '/prodoc/7',
  '/academic',
  '/professionnel',
  '/book',
  '/download',
  '/about',
  '/contact',
  '/my-account',
  '/file-book',
  '/file-proposed',
  '/book-proposed',
  '/author-product',
  '/author-payment',
  '/customer-commande',
  '/login-register',
  '/password/reset/confirm/',
  '/cart',
  '/wishlist',
  '/compare',
  '/terms',
  '/legals',
  '/privacy',
  '/publish',
  '/checkout',
  '/back-office/orders',
  '/back-office/orders/11111111-1111-4111-8111-111111111111',
];
const protectedRoutes = [
  '/download',
  '/my-account',
  '/file-book',
  '/file-proposed',
  '/book-proposed',
  '/author-product',
  '/author-payment',
  '/customer-commande',
  '/checkout',
  '/back-office/orders',
  '/back-office/orders/11111111-1111-4111-8111-111111111111',
];

describe('app routes', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('registers every route of the specification and the back office, and nothing falls to the not-found page', () => {
    for (const path of specRoutes) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.at(-1)?.route.path, path).not.toBe('*');
    }
    expect(matchRoutes(routes, '/no-such-page')?.at(-1)?.route.path).toBe('*');
  });

  it('puts exactly the login-required routes behind the guard', async () => {
    const guard = (matchRoutes(routes, '/my-account') ?? []).find(
      (match) => match.route.id === LOGIN_REQUIRED,
    );
    const lazy = guard?.route.lazy;
    expect(typeof lazy === 'function' ? (await lazy()).Component : undefined).toBe(RequireAuth);
    for (const path of specRoutes) {
      const guarded = (matchRoutes(routes, path) ?? []).some((match) => match.route.id === LOGIN_REQUIRED);
      expect(guarded, path).toBe(protectedRoutes.includes(path));
    }
  });

  it('shows the not-found page with its title for an unknown path', async () => {
    renderWithProviders(null, { routes, route: '/no-such-page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | HLS'));
  });

  it('shows a later screen with its real heading and breadcrumb, titled in French', async () => {
    renderWithProviders(null, { routes, route: '/terms', lng: 'fr' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conditions générales de vente' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Fil d’Ariane' })).toHaveTextContent('Accueil');
    await waitFor(() => expect(document.title).toBe('Conditions générales de vente | HLS'));
  });

  it('reports a page view for the loaded path', async () => {
    renderWithProviders(null, { routes, route: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'About us' });
    const views = () =>
      Promise.all(
        vi
          .mocked(fetch)
          .mock.calls.map(([request]) => request as Request)
          .filter((request) => new URL(request.url).pathname === '/api/analytics/pageview')
          .map((request) => request.clone().json()),
      );
    await waitFor(async () => expect(await views()).toEqual([{ path: '/about' }]));
  });
});
