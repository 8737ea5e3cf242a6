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
  it('shows a free file’s format, size and pages, and sends a visitor to log in to download it', () => {
    renderWithProviders(<FileDetailView file={fileDetail()} trail={[]} actions={actions(false)} />);
    expect(screen.getByText('Word document (.docx)')).toBeInTheDocument();
    expect(screen.getByText('2.4 MB')).toBeInTheDocument();
    expect(screen.getByText('42 pages')).toBeInTheDocument();
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

  it('names a ZIP archive by what it holds, and gives the software, macros, licence and last update', () => {
    const file = fileDetail({
      section: 'professional',
      free: false,
      fileType: 'powerbi',
      extension: 'zip',
      pages: null,
      archiveParts: ['csv_data', 'pdf_guide', 'readme'],
      software: [
        { app: 'powerbi_desktop', version: null },
        { app: 'excel', version: '2016' },
      ],
      usage: 'commercial',
      updatedAt: '2026-03-02T10:00:00.000Z',
      price: { priceCents: 2500, discountPercent: 0, finalPriceCents: 2500 },
    });
    renderWithProviders(<FileDetailView file={file} trail={[]} actions={actions(true)} />);
    expect(screen.getByText('ZIP archive: CSV data + Power BI guide (PDF) + README')).toBeInTheDocument();
    expect(screen.queryByText(/Power BI \(\.zip\)/)).toBeNull();
    expect(screen.getByText('Power BI Desktop (free, Windows)')).toBeInTheDocument();
    expect(screen.getByText('Excel 2016 or later')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.getByText(/^Commercial use/)).toBeInTheDocument();
    expect(screen.getByText('2 March 2026')).toBeInTheDocument();
  });

  it('says a workbook’s sheets and its macros, and offers its twin in the other language, in French', () => {
    const file = fileDetail({
      fileType: 'excel',
      extension: 'xlsm',
      pages: null,
      sheets: 3,
      macros: true,
      twin: { id: 77, kind: 'file', title: 'Cash-flow tracker', language: 'en' },
    });
    renderWithProviders(<FileDetailView file={file} trail={[]} actions={actions(true)} />, { lng: 'fr' });
    expect(screen.getByText('Classeur Excel avec macros (.xlsm)')).toBeInTheDocument();
    expect(screen.getByText('3 feuilles')).toBeInTheDocument();
    expect(screen.getByText(/^Contient des macros \(VBA\)\s:/)).toBeInTheDocument();
    const twin = screen.getByRole('link', { name: 'Aussi en anglais Cash-flow tracker' });
    expect(twin).toHaveAttribute('href', '/prodoc/77');
  });
});
