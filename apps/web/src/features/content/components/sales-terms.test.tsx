import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SalesTerms } from './sales-terms';

describe('sales terms', () => {
  it.each(['en', 'fr'] as const)('has 11 sections, each linked from the contents (%s)', (lng) => {
    renderWithProviders(<SalesTerms />, { lng });
    const contents = screen.getByRole('navigation', { name: lng === 'en' ? 'Contents' : 'Sommaire' });
    const links = within(contents).getAllByRole('link');
    expect(links).toHaveLength(11);
    for (const link of links) {
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
  });
});
