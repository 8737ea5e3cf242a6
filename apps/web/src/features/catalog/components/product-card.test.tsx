import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { fileSummary, summary } from '../test-fixtures';
import { ProductCard } from './product-card';

describe('product card', () => {
  it('links a book to /product/{id} with its cover, author, category, formats and price', () => {
    const { container } = renderWithProviders(
      <ProductCard
        product={summary({
          formats: ['paper', 'ebook'],
          price: { priceCents: 2000, discountPercent: 25, finalPriceCents: 1500 },
        })}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Le Petit Prince' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Le Petit Prince' })).toHaveAttribute('href', '/product/1');
    expect(screen.getByText('by Antoine Durand')).toBeInTheDocument();
    expect(screen.getByText('Novels')).toBeInTheDocument();
    expect(screen.getByText('Paper book · Ebook')).toBeInTheDocument();
    expect(screen.getByText('From €15.00')).toBeInTheDocument();
    expect(screen.getByText('−25%')).toBeInTheDocument();
    const cover = container.querySelector('img');
    expect(cover).toHaveAttribute('width', '240');
    expect(cover).toHaveAttribute('height', '320');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('alt', '');
  });

  it('links a free academic file to /prodoc/{id} with its type icon and the "Gratuit" badge', () => {
    renderWithProviders(<ProductCard product={fileSummary()} eager />, { lng: 'fr' });
    expect(screen.getByRole('link', { name: 'Rapport de stage' })).toHaveAttribute('href', '/prodoc/2');
    expect(screen.getByRole('img', { name: 'Word' })).toBeInTheDocument();
    expect(screen.getAllByText('Gratuit').length).toBeGreaterThan(0);
    expect(screen.getByText('Rapports')).toBeInTheDocument();
  });
});
