import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { fileDetail } from '../test-fixtures';
import { FileDetailView } from './file-detail-view';

const actions = (loggedIn: boolean) => ({
  onAddToCart: vi.fn(),
  onAddToWishlist: vi.fn(),
  onAddToCompare: vi.fn(),
  inWishlist: false,
  inCompare: false,
  loggedIn,
});

describe('file page', () => {
  it('shows a free file’s type, size and pages, and sends a visitor to log in to download it', () => {
    renderWithProviders(<FileDetailView file={fileDetail()} trail={[]} actions={actions(false)} />);
    expect(screen.getByText('Word (.docx)')).toBeInTheDocument();
    expect(screen.getByText('2.4 MB')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Free — log in to download' })).toHaveAttribute(
      'href',
      '/login-register',
    );
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('gives a logged-in user the free file’s download in place of the cart', () => {
    renderWithProviders(
      <FileDetailView
        file={fileDetail()}
        trail={[]}
        actions={{ ...actions(true), freeDownload: <button type="button">Download</button> }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Free — log in to download' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('offers a paid file to the cart with its price in French', () => {
    const file = fileDetail({
      section: 'professional',
      free: false,
      fileType: 'excel',
      extension: 'xlsx',
      price: { priceCents: 2500, discountPercent: 10, finalPriceCents: 2250 },
    });
    const { container } = renderWithProviders(
      <FileDetailView file={file} trail={[]} actions={actions(true)} />,
      { lng: 'fr' },
    );
    expect(container.querySelector('.product-detail__info .product-price__final')?.textContent).toMatch(
      /^22,50\s€$/,
    );
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeEnabled();
    expect(screen.getByText('2,4 Mo')).toBeInTheDocument();
  });
});
