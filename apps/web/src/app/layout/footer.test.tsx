import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SiteInfo } from '@hls/contract';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { Footer } from './footer';

const site = (partners: SiteInfo['partners']): SiteInfo => ({
  company: {
    name: 'HLS Ltd',
    registrationNumber: '1',
    address: 'London',
    vatNumber: 'GB1',
    contactPerson: 'A',
  },
  host: { name: 'Host', address: 'Paris', phone: '+33 1' },
  contact: { customers: 'c@hls.test', authors: 'a@hls.test', claims: 'r@hls.test', phone: '+44 1' },
  social: [],
  royaltyRates: { paper: 10, ebook: 20, professionalFile: 30 },
  royaltyTerms: { digitalHoldDays: 14, paperHoldDays: 14, minimumPayoutCents: 5000 },
  vatRates: null,
  delivery: { minDays: 5, maxDays: 10 },
  contractUrl: '/contract.pdf',
  privacy: { sentMailDays: 3, pageViewDays: 400, sessionDays: 30, paymentProvider: 'demo' },
  partners,
});

function answerSite(partners: SiteInfo['partners']) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => jsonResponse(200, site(partners)));
}

afterEach(() => vi.restoreAllMocks());

describe('footer', () => {
  it('lists the configured partners, opening their sites, and the author pages in their own column', async () => {
    answerSite([{ name: 'Université de Tunis', url: 'https://utm.example' }]);
    renderWithProviders(<Footer />);
    const partners = await screen.findByRole('navigation', { name: 'Partners' });
    const link = within(partners).getByRole('link', { name: /Université de Tunis/ });
    expect(link).toHaveAttribute('href', 'https://utm.example');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(partners).queryByRole('link', { name: 'Become an author' })).toBeNull();

    const authors = screen.getByRole('navigation', { name: 'Authors' });
    expect(within(authors).getByRole('link', { name: 'Become an author' })).toHaveAttribute(
      'href',
      '/publish',
    );
    expect(within(authors).getByRole('link', { name: 'Royalties and payments' })).toBeInTheDocument();
  });

  it('links the legal pages from the site map, the privacy notice included (fr)', async () => {
    answerSite([]);
    renderWithProviders(<Footer />, { lng: 'fr' });
    const sitemap = await screen.findByRole('navigation', { name: 'Plan du site' });
    expect(within(sitemap).getByRole('link', { name: 'Conditions générales de vente' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(sitemap).getByRole('link', { name: 'Mentions légales' })).toHaveAttribute(
      'href',
      '/legals',
    );
    expect(within(sitemap).getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  it('shows no Partners column when none is configured', async () => {
    answerSite([]);
    renderWithProviders(<Footer />, { lng: 'fr' });
    expect(await screen.findByRole('navigation', { name: 'Auteurs' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'c@hls.test' });
    expect(screen.queryByRole('navigation', { name: 'Partenaires' })).toBeNull();
    expect(screen.queryByText('Partenaires')).toBeNull();
  });
});
