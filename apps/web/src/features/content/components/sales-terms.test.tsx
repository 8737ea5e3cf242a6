import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { siteInfo } from '@/testing/site-fixture';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { SalesTerms } from './sales-terms';

describe('sales terms', () => {
  beforeEach(() => fakeApi({ 'GET /api/site': () => jsonResponse(200, siteInfo()) }));

  it.each(['en', 'fr'] as const)('has 11 sections, each linked from the contents (%s)', (lng) => {
    renderWithProviders(<SalesTerms />, { lng });
    const contents = screen.getByRole('navigation', { name: lng === 'en' ? 'Contents' : 'Sommaire' });
    const links = within(within(contents).getByRole('list')).getAllByRole('link');
    expect(links).toHaveLength(11);
    for (const link of within(contents).getAllByRole('link')) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.tagName).toBe('SECTION');
    }
  });

  it('states the withdrawal rules and the applicable law', () => {
    renderWithProviders(<SalesTerms />);
    expect(screen.getByText(/14 days from receipt of the products/)).toBeInTheDocument();
    expect(screen.getByText(/not refundable once they have been downloaded/)).toBeInTheDocument();
    expect(
      screen.getByText(/sends proof of payment .* receives a copy of the files by e-mail/),
    ).toBeInTheDocument();
    expect(screen.getByText(/registered in the United Kingdom/)).toBeInTheDocument();
    expect(screen.getByText(/courts of London/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the privacy notice' })).toHaveAttribute('href', '/privacy');
  });

  it.each([
    [
      'en',
      '6. Delivery',
      /links are personal .* about ten minutes .* signed in; a link sent by e-mail works for 24 hours/,
    ],
    [
      'fr',
      '6. Livraison',
      /liens .* sont personnels .* une dizaine de minutes .* connecté.; un lien reçu par e-mail fonctionne 24 heures/,
    ],
  ] as const)('says download links are personal, and how long each kind works (%s)', (lng, section, rule) => {
    renderWithProviders(<SalesTerms />, { lng });
    expect(within(screen.getByRole('region', { name: section })).getByText(rule)).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'Annex: model withdrawal form',
      'To HLS Editions Ltd, 20 Wenlock Road, London N1 7GU, United Kingdom, claims@hls.test:',
      '(*) Delete as appropriate.',
    ],
    [
      'fr',
      'Annexe\u202f: modèle de formulaire de rétractation',
      'À l’attention de HLS Editions Ltd, 20 Wenlock Road, London N1 7GU, United Kingdom, claims@hls.test\u202f:',
      '(*) Rayez la mention inutile.',
    ],
  ] as const)(
    'carries the model withdrawal form, addressed to the seller of the settings (%s)',
    async (lng, title, to, note) => {
      fakeApi({ 'GET /api/site': () => jsonResponse(200, siteInfo()) });
      renderWithProviders(<SalesTerms />, { lng });
      const form = screen.getByRole('region', { name: title });
      await within(form).findByText(/claims@hls\.test/);
      // textContent keeps the narrow no-break spaces that the matchers would fold into plain ones.
      expect(within(form).getAllByRole('listitem')[0]?.textContent).toBe(to);
      expect(within(form).getAllByRole('listitem')).toHaveLength(7);
      expect(form).toHaveTextContent(note);
      const withdrawal = screen.getByRole('region', {
        name: lng === 'en' ? '7. Right of withdrawal' : '7. Droit de rétractation',
      });
      expect(within(withdrawal).getByRole('link')).toHaveAttribute('href', '#terms-withdrawal-form');
    },
  );
});
