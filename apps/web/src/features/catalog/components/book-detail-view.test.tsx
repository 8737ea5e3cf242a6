import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { bookDetail } from '../test-fixtures';
import { BookDetailView } from './book-detail-view';

const actions = () => ({
  onAddToCart: vi.fn(),
  onAddToWishlist: vi.fn(),
  onAddToCompare: vi.fn(),
  inWishlist: false,
  inCompare: false,
});

describe('book page', () => {
  it('shows the chosen edition’s price and stock, and adds that edition to the cart', async () => {
    const book = bookDetail();
    const handlers = actions();
    const { container } = renderWithProviders(<BookDetailView book={book} trail={[]} actions={handlers} />);
    const editions = screen.getByRole('group', { name: 'Choose an edition' });
    expect(within(editions).getByRole('radio', { name: /Paper book/ })).toBeChecked();
    const buy = container.querySelector('.product-buy__price') as HTMLElement;
    expect(within(buy).getByText('€18.00')).toBeInTheDocument();
    expect(within(buy).getByText('Only 3 copies left')).toBeInTheDocument();
    expect(
      within(container.querySelector('.product-buy')!).getByText(/Delivery included/),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(editions).getByRole('radio', { name: /Ebook/ }));
    expect(within(buy).getByText('€9.90')).toBeInTheDocument();
    expect(within(buy).getByText('Available to download at once')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(handlers.onAddToCart).toHaveBeenCalledWith(book.editions[1]);

    await user.click(screen.getByRole('button', { name: 'Add to wishlist' }));
    await user.click(screen.getByRole('button', { name: 'Add to compare' }));
    expect(handlers.onAddToWishlist).toHaveBeenCalledOnce();
    expect(handlers.onAddToCompare).toHaveBeenCalledOnce();
    expect(screen.getByText('Auteur et aviateur.')).toBeInTheDocument();
    expect(screen.getByText('Second paragraphe.')).toBeInTheDocument();
  });

  it('opens on an edition in stock and refuses to sell one that is out of stock', async () => {
    const [paper, ebook] = bookDetail().editions;
    const book = bookDetail({ editions: [{ ...paper!, stock: 0, inStock: false }, ebook!] });
    renderWithProviders(<BookDetailView book={book} trail={[]} actions={actions()} />, { lng: 'fr' });
    const editions = screen.getByRole('group', { name: 'Choisissez une édition' });
    expect(within(editions).getByRole('radio', { name: /Livre numérique/ })).toBeChecked();
    await userEvent.setup().click(within(editions).getByRole('radio', { name: /Livre papier/ }));
    expect(screen.getByText('Rupture de stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeDisabled();
  });

  it.each([
    {
      lng: 'en' as const,
      group: 'Choose an edition',
      paper: /Paper book/,
      ebook: /Ebook/,
      meanwhile: 'The ebook is available meanwhile, to download at once.',
      choose: 'Choose the ebook',
      ready: 'Available to download at once',
      cart: 'Add to cart',
    },
    {
      lng: 'fr' as const,
      group: 'Choisissez une édition',
      paper: /Livre papier/,
      ebook: /Livre numérique/,
      meanwhile: 'En attendant, le livre numérique est disponible, téléchargeable immédiatement.',
      choose: 'Choisir le livre numérique',
      ready: 'Téléchargeable immédiatement',
      cart: 'Ajouter au panier',
    },
  ])(
    'says the ebook is available meanwhile when the paper book is out of stock, and chooses it ($lng)',
    async (words) => {
      const [paper, ebook] = bookDetail().editions;
      const book = bookDetail({ editions: [{ ...paper!, stock: 0, inStock: false }, ebook!] });
      const handlers = actions();
      renderWithProviders(<BookDetailView book={book} trail={[]} actions={handlers} />, { lng: words.lng });
      const editions = screen.getByRole('group', { name: words.group });
      const user = userEvent.setup();
      await user.click(within(editions).getByRole('radio', { name: words.paper }));
      expect(screen.getByText(words.meanwhile, { exact: false })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: words.choose }));
      const ebookRadio = within(editions).getByRole('radio', { name: words.ebook });
      expect(ebookRadio).toBeChecked();
      expect(ebookRadio).toHaveFocus();
      expect(screen.getByText(words.ready)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: words.choose })).toBeNull();
      await user.click(screen.getByRole('button', { name: words.cart }));
      expect(handlers.onAddToCart).toHaveBeenCalledWith(book.editions[1]);
    },
  );

  it('opens on the edition the address names (back from signing in), with the back-in-stock request', () => {
    const [paper, ebook] = bookDetail().editions;
    const book = bookDetail({ editions: [{ ...paper!, stock: 0, inStock: false }, ebook!] });
    renderWithProviders(
      <BookDetailView book={book} trail={[]} actions={actions()} stockAlert={<p>Request</p>} />,
      { route: '/product/1?edition=paper' },
    );
    expect(screen.getByRole('radio', { name: /Paper book/ })).toBeChecked();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByText('Request')).toBeInTheDocument();
  });

  it('offers no ebook instead when the out-of-stock book has none', async () => {
    const [paper] = bookDetail().editions;
    const book = bookDetail({ editions: [{ ...paper!, stock: 0, inStock: false }] });
    renderWithProviders(<BookDetailView book={book} trail={[]} actions={actions()} />);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    expect(screen.queryByText(/ebook is available meanwhile/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose the ebook' })).toBeNull();
  });

  it('gives the publisher, the date, the paper delivery estimate and customs, then the ebook’s file', async () => {
    const { container } = renderWithProviders(
      <BookDetailView
        book={bookDetail()}
        trail={[]}
        actions={actions()}
        delivery={{ minDays: 5, maxDays: 10 }}
      />,
    );
    expect(screen.getByText('Gallimard Jeunesse')).toBeInTheDocument();
    expect(screen.getByText('16 May 2024')).toHaveAttribute('datetime', '2024-05-16');
    const buy = container.querySelector('.product-buy') as HTMLElement;
    expect(
      within(buy).getByText(/^Delivered in 5–10 working days from our shipping centre in Tunisia/),
    ).toBeInTheDocument();
    expect(within(buy).getByText(/Import VAT and any customs duties are paid by HLS/)).toBeInTheDocument();
    expect(screen.queryByText(/without DRM/)).toBeNull();

    await userEvent.setup().click(screen.getByRole('radio', { name: /Ebook/ }));
    expect(screen.getByText('EPUB, without DRM: read it on any device')).toBeInTheDocument();
    expect(within(buy).queryByText(/customs duties/)).toBeNull();
  });

  it('offers the same book in the other language apart from the related books, in French', () => {
    const book = bookDetail({
      twin: { id: 12, kind: 'book', title: 'The Little Prince', language: 'en' },
    });
    renderWithProviders(<BookDetailView book={book} trail={[]} actions={actions()} />, { lng: 'fr' });
    expect(screen.getByRole('link', { name: 'Aussi en anglais The Little Prince' })).toHaveAttribute(
      'href',
      '/product/12',
    );
    expect(screen.getByText('16 mai 2024')).toBeInTheDocument();
    expect(screen.getByText(/^Aucun frais de douane à la livraison/)).toBeInTheDocument();
  });

  it('states its EPUB ebook’s accessibility in plain words, in French and in English', () => {
    const accessibility = {
      accessModes: ['textual', 'visual'],
      accessModesSufficient: ['textual'],
      features: ['displayTransformability', 'alternativeText', 'somethingNew'],
      hazards: ['noFlashingHazard'],
      summary: 'Images décrites.',
      conformsTo: null,
    };
    const book = bookDetail({ accessibility });
    const { unmount } = renderWithProviders(<BookDetailView book={book} trail={[]} actions={actions()} />);
    const section = screen.getByRole('region', { name: 'Accessibility' });
    for (const text of [
      'text, images',
      'Text alone: everything can be read aloud or in braille',
      'Text can be enlarged, and its font and colours changed',
      'Images have text descriptions',
      'somethingNew',
      'No flashing hazard',
      'No accessibility standard claimed',
    ]) {
      expect(within(section).getByText(text)).toBeInTheDocument();
    }
    expect(within(section).getByText('Images décrites.')).toHaveAttribute('lang', book.language);
    unmount();

    renderWithProviders(
      <BookDetailView
        book={bookDetail({ accessibility: { ...accessibility, features: [], hazards: [] } })}
        trail={[]}
        actions={actions()}
      />,
      { lng: 'fr' },
    );
    const fr = screen.getByRole('region', { name: 'Accessibilité' });
    expect(
      within(fr).getByText(/^Texte seul\s: tout peut être lu à voix haute ou en braille$/u),
    ).toBeInTheDocument();
    expect(within(fr).getAllByText('Non déclaré')).toHaveLength(2);
  });

  it('says when an EPUB states nothing of its accessibility, and shows no section for a PDF', () => {
    const none = {
      accessModes: [],
      accessModesSufficient: [],
      features: [],
      hazards: [],
      summary: null,
      conformsTo: null,
    };
    const { unmount } = renderWithProviders(
      <BookDetailView book={bookDetail({ accessibility: none })} trail={[]} actions={actions()} />,
    );
    expect(screen.getByRole('region', { name: 'Accessibility' })).toHaveTextContent(
      'No information about this ebook’s accessibility is available',
    );
    unmount();
    renderWithProviders(<BookDetailView book={bookDetail()} trail={[]} actions={actions()} />);
    expect(screen.queryByRole('region', { name: 'Accessibility' })).toBeNull();
  });
});
