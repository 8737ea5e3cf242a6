import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { siteInfo } from '@/testing/site-fixture';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { AuthorDeal } from './author-deal';

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('what authors earn, on the author guide', () => {
  it("states today's rates per format and what one sale earns, by the royalty rule, without VAT", async () => {
    fakeApi({ 'GET /api/site': () => jsonResponse(200, siteInfo()) });
    renderWithProviders(<AuthorDeal />);
    expect(await screen.findByRole('heading', { name: 'What you earn, and when' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Paper book' })).toBeInTheDocument();
    expect(rows()).toEqual([
      ['10%', '€25.00', '€0.00', '€25.00', '€2.50'],
      ['25%', '€15.00', '€0.00', '€15.00', '€3.75'],
      ['50%', '€30.00', '€0.00', '€30.00', '€15.00'],
    ]);
    expect(
      screen.getByText(/available 14 days after payment, or as soon as the buyer starts the download/),
    ).toBeInTheDocument();
    expect(screen.getByText(/available 14 days after the book is delivered/)).toBeInTheDocument();
    expect(screen.getByText(/once they reach €50.00/)).toBeInTheDocument();
  });

  it('takes the VAT out of the price, follows a changed rate and hold, in French', async () => {
    fakeApi({
      'GET /api/site': () =>
        jsonResponse(
          200,
          siteInfo({
            royaltyRates: { paper: 10, ebook: 30, professionalFile: 50 },
            vatRates: { country: 'FR', paper: 550, ebook: 550, professionalFile: 2000 },
            royaltyTerms: { digitalHoldDays: 1, paperHoldDays: 21, minimumPayoutCents: 2500 },
          }),
        ),
    });
    renderWithProviders(<AuthorDeal />, { lng: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Ce que vous gagnez, et quand' })).toBeInTheDocument();
    // 15.00 with 5.5 % VAT: 0.78 of VAT, 14.22 net, 30 % of it 4.266 → 4.27; 30.00 with 20 %: 5.00 VAT, 25.00 net.
    expect(rows().map((cells) => cells.map((cell) => cell?.replace(/\s/g, ' ')))).toEqual([
      ['10 %', '25,00 €', '1,30 €', '23,70 €', '2,37 €'],
      ['30 %', '15,00 €', '0,78 €', '14,22 €', '4,27 €'],
      ['50 %', '30,00 €', '5,00 €', '25,00 €', '12,50 €'],
    ]);
    expect(screen.getByText(/disponibles 1 jour après le paiement/)).toBeInTheDocument();
    expect(screen.getByText(/disponibles 21 jours après la livraison du livre/)).toBeInTheDocument();
    expect(screen.getByText(/dès qu’ils atteignent 25,00\s€/)).toBeInTheDocument();
  });
});
