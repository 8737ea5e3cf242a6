import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ProductPrice } from './product-price';

const discounted = { priceCents: 2000, discountPercent: 10, finalPriceCents: 1800 };

describe('product price', () => {
  it('shows the price to pay, the struck list price and the percentage in English', () => {
    const { container } = renderWithProviders(<ProductPrice price={discounted} />);
    expect(container.querySelector('.product-price__final')).toHaveTextContent('€18.00');
    expect(container.querySelector('del')).toHaveTextContent('Was €20.00');
    expect(screen.getByText('−10%')).toBeInTheDocument();
  });

  it('formats in French', () => {
    const { container } = renderWithProviders(<ProductPrice price={discounted} />, { lng: 'fr' });
    expect(container.querySelector('.product-price__final')?.textContent).toMatch(/^18,00\s€$/);
    expect(container.querySelector('del')?.textContent).toMatch(/Au lieu de 20,00\s€/);
  });

  it('shows no discount when the percentage is 0', () => {
    const { container } = renderWithProviders(
      <ProductPrice price={{ priceCents: 1500, discountPercent: 0, finalPriceCents: 1500 }} />,
    );
    expect(container.querySelector('del')).toBeNull();
    expect(container).toHaveTextContent('€15.00');
  });

  it('says "Free" / "Gratuit" for a free file', () => {
    const zero = { priceCents: 0, discountPercent: 0, finalPriceCents: 0 };
    renderWithProviders(<ProductPrice price={zero} free />);
    expect(screen.getByText('Free')).toBeInTheDocument();
  });

  it('says "From" for a book with several editions', () => {
    renderWithProviders(<ProductPrice price={discounted} from />);
    expect(screen.getByText('From €18.00')).toBeInTheDocument();
  });
});
