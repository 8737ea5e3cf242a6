import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { siteInfo } from '@/testing/site-fixture';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { PublishGuide } from './publish-guide';

describe('publish guide', () => {
  // The guide states today's royalty terms from GET /api/site.
  beforeEach(() => fakeApi({ 'GET /api/site': () => jsonResponse(200, siteInfo()) }));

  it.each([
    ['fr', 'Connexion / Inscription', 'Mes produits', 'Produits payés'],
    ['en', 'Log in / Register', 'My products', 'Paid products'],
  ] as const)(
    'names the pages of the steps as links, never a raw route (%s)',
    (lng, register, products, paid) => {
      renderWithProviders(<PublishGuide />, { lng });
      expect(document.body).not.toHaveTextContent('login-register');
      expect(screen.getByRole('link', { name: register })).toHaveAttribute(
        'href',
        '/login-register?tab=register',
      );
      expect(screen.getByRole('link', { name: products })).toHaveAttribute('href', '/file-book');
      expect(screen.getByRole('link', { name: paid })).toHaveAttribute('href', '/author-payment');
    },
  );
});
