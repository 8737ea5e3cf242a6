import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import type { CartItem } from '../cart-slice';
import { CartView } from './cart-view';

const paper: CartItem = {
  id: 1,
  cartItemId: 'l1',
  type: 'book',
  edition: 'paper',
  title: 'Comptabilité',
  price: 2000,
  discount: 25,
  quantity: 2,
  image: '/c.jpg',
};
const file: CartItem = {
  id: 2,
  cartItemId: 'l2',
  type: 'file',
  title: 'Budget',
  price: 1200,
  discount: 0,
  quantity: 1,
  image: '/b.jpg',
  extension: 'excel',
};

const render = (cartItems: CartItem[]) =>
  renderWithProviders(<CartView />, { preloadedState: { cart: { cartItems } } });

afterEach(() => {
  vi.useRealTimers();
});

describe('cart screen', () => {
  it('shows each line with its edition, struck list price, discounted price and line total, then the summary', () => {
    render([paper, file]);
    const line = screen.getByRole('link', { name: 'Comptabilité' }).closest('li')!;
    expect(within(line).getByText('Paper book')).toBeInTheDocument();
    expect(within(line).getByText('€20.00')).toBeInTheDocument();
    expect(within(line).getByText('€15.00')).toBeInTheDocument();
    expect(within(line).getByText('€30.00')).toBeInTheDocument();
    const budget = screen.getByRole('link', { name: 'Budget' }).closest('li')!;
    expect(within(budget).getByText('Excel file')).toBeInTheDocument();
    expect(within(budget).queryByRole('deletion')).toBeNull();

    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('€52.00')).toBeInTheDocument();
    expect(within(summary).getByText('−€10.00')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('€42.00');
    expect(
      within(summary).getByText(/^Delivery included, shipped from our shipping centre in Tunisia/),
    ).toBeInTheDocument();
    // Never a surprise at the door: who pays import VAT and duties on a parcel from Tunisia.
    expect(
      within(summary).getByText(/Import VAT and any customs duties are paid by HLS/),
    ).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/checkout',
    );
  });

  it('tells how many working days paper books take, in French with typographic spaces', () => {
    renderWithProviders(<CartView delivery={{ minDays: 5, maxDays: 10 }} />, {
      preloadedState: { cart: { cartItems: [paper] } },
      lng: 'fr',
    });
    const summary = screen.getByRole('complementary', { name: 'Récapitulatif de la commande' });
    expect(
      within(summary).getByText(/^Livré en 5 à 10 jours ouvrés depuis notre centre d’expédition/),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText(
        /compris dans le prix\u202f: rien à payer au transporteur, dans l’UE comme partout où nous livrons\.$/,
        {
          normalizer: (text) => text,
        },
      ),
    ).toBeInTheDocument();
  });

  it('steps the quantity up and down with labelled buttons; from 1 the line goes', async () => {
    const user = userEvent.setup();
    const { store } = render([{ ...paper, quantity: 1 }]);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Comptabilité' }));
    expect(store.getState().cart.cartItems[0]?.quantity).toBe(2);
    expect(
      within(screen.getByRole('group', { name: 'Quantity of Comptabilité' })).getByText('2'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Comptabilité' }));
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Comptabilité' }));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bookshop' })).toHaveAttribute('href', '/book');
  });

  it('removes every book line, then clears the cart', async () => {
    const user = userEvent.setup();
    const { store } = render([paper, file]);
    await user.click(screen.getByRole('button', { name: 'Remove all books' }));
    expect(store.getState().cart.cartItems.map((item) => item.id)).toEqual([2]);
    expect(screen.queryByRole('button', { name: 'Remove all books' })).toBeNull();
    expect(screen.queryByText(/Delivery included/)).toBeNull();
    expect(screen.queryByText(/customs duties/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('puts the total and the checkout before the lines, so a phone shows them without scrolling past every line', () => {
    render([paper, file, { ...paper, cartItemId: 'l3', id: 3, title: 'Audit' }]);
    const checkout = screen.getByRole('link', { name: 'Proceed to checkout' });
    const firstLine = screen.getByRole('link', { name: 'Comptabilité' });
    expect(checkout.compareDocumentPosition(firstLine) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('cart-total').compareDocumentPosition(firstLine)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('offers no quantity for an ebook or a file: one licence', () => {
    render([paper, file, { ...paper, cartItemId: 'l3', edition: 'ebook' }]);
    expect(screen.getAllByRole('group', { name: /^Quantity of/ })).toHaveLength(1);
    expect(screen.getAllByText('One licence: downloaded after payment')).toHaveLength(2);
  });

  it('undoes "Clear cart" for a few seconds, from a button that takes the focus', async () => {
    const user = userEvent.setup();
    const { store } = render([paper, file]);
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Your cart was emptied.');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(store.getState().cart.cartItems.map((item) => [item.id, item.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('stops offering the undo after ten seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render([file]);
    await user.click(screen.getByRole('button', { name: 'Clear cart' }));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('speaks French', () => {
    renderWithProviders(<CartView />, { lng: 'fr', preloadedState: { cart: { cartItems: [paper] } } });
    expect(screen.getByRole('button', { name: 'Diminuer la quantité de Comptabilité' })).toBeInTheDocument();
    expect(screen.getByText('Livre papier')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent(/30,00\s€/);
  });
});
