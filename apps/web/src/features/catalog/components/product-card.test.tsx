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

  it('shows the approved reviews’ stars with their average and count in words, in each language', () => {
    const rated = summary({ rating: { average: 4.5, count: 1234 } });
    const { unmount } = renderWithProviders(<ProductCard product={rated} />);
    expect(screen.getByRole('img', { name: '4.5 out of 5, 1,234 reviews' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<ProductCard product={rated} />, { lng: 'fr' });
    expect(screen.getByRole('img', { name: '4,5 sur 5, 1\u202f234 avis' })).toBeInTheDocument();
  });

  it('says the language the content is written in, in the reader’s language', () => {
    const { container, unmount } = renderWithProviders(<ProductCard product={summary({ language: 'en' })} />);
    expect(container.querySelector('.product-card__language')?.textContent).toBe('· English');
    unmount();
    const french = renderWithProviders(<ProductCard product={summary()} />, { lng: 'fr' });
    expect(french.container.querySelector('.product-card__language')?.textContent).toBe('· Français');
  });

  it('shows no stars before the first approved review', () => {
    renderWithProviders(<ProductCard product={summary({ rating: null })} />);
    expect(screen.queryByRole('img', { name: /out of 5/ })).toBeNull();
  });

  it('counts a free document’s downloads in the reader’s language, and says nothing at none', () => {
    const { unmount } = renderWithProviders(<ProductCard product={fileSummary({ downloads: 1234 })} />, {
      lng: 'fr',
    });
    // Grouped with a narrow no-break space, which the default matcher would turn into a space.
    expect(
      screen.getByText('1\u202f234 téléchargements', { normalizer: (text) => text.trim() }),
    ).toBeInTheDocument();
    unmount();
    const { unmount: again } = renderWithProviders(<ProductCard product={fileSummary({ downloads: 1 })} />);
    expect(screen.getByText('1 download')).toBeInTheDocument();
    again();
    renderWithProviders(<ProductCard product={fileSummary({ downloads: 0 })} />);
    expect(screen.queryByText(/download/)).toBeNull();
  });

  it('links a free academic file to /prodoc/{id} with its type icon and the "Gratuit" badge', () => {
    renderWithProviders(<ProductCard product={fileSummary()} eager />, { lng: 'fr' });
    expect(screen.getByRole('link', { name: 'Rapport de stage' })).toHaveAttribute('href', '/prodoc/2');
    expect(screen.getByRole('img', { name: 'Word' })).toBeInTheDocument();
    expect(screen.getAllByText('Gratuit').length).toBeGreaterThan(0);
    expect(screen.getByText('Rapports')).toBeInTheDocument();
  });
});
