import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartReducer,
  decreaseQuantity,
  deleteAllFromCart,
  deleteFromCart,
  computeCartTotals,
  removeBooksFromCart,
  restoreCartLines,
} from './cart-slice';
import type { AddToCartPayload, CartState } from './cart-slice';

const book: AddToCartPayload = {
  id: 1,
  type: 'book',
  title: 'Comptabilité',
  price: 2500,
  discount: 10,
  image: '/c.jpg',
};
const file: AddToCartPayload = {
  id: 2,
  type: 'file',
  title: 'Tableau de bord',
  price: 1200,
  discount: 0,
  image: '/f.jpg',
  extension: 'excel',
};

const reduce = (...actions: Parameters<typeof cartReducer>[1][]) =>
  actions.reduce<CartState>(
    (state, action) => cartReducer(state, action),
    cartReducer(undefined, { type: 'init' }),
  );

describe('cart reducer', () => {
  it('keeps one copy of an ebook or a file: adding it again changes nothing', () => {
    const ebook = { ...book, edition: 'ebook' as const };
    const state = reduce(
      addToCart(ebook),
      addToCart(ebook),
      addToCart({ ...file, quantity: 3 }),
      addToCart(file),
    );
    expect(state.cartItems.map((item) => item.quantity)).toEqual([1, 1]);
  });

  it('never takes a free document', () => {
    expect(reduce(addToCart({ ...file, price: 0 })).cartItems).toEqual([]);
    expect(reduce(addToCart({ ...file, discount: 100 })).cartItems).toEqual([]);
  });

  it('puts emptied lines back on undo, beside a line added since', () => {
    const full = reduce(addToCart({ ...book, edition: 'paper', quantity: 2 }), addToCart(file));
    const emptied = cartReducer(full, deleteAllFromCart());
    const later = cartReducer(emptied, addToCart(file));
    const restored = cartReducer(later, restoreCartLines(full.cartItems));
    expect(restored.cartItems.map((item) => [item.id, item.quantity])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('adds a new line with quantity 1 and a generated cartItemId', () => {
    const state = reduce(addToCart(book));
    expect(state.cartItems).toHaveLength(1);
    expect(state.cartItems[0]).toMatchObject({ id: 1, quantity: 1 });
    expect(state.cartItems[0]?.cartItemId).toEqual(expect.any(String));
  });

  it('adds a new line with the given quantity', () => {
    expect(reduce(addToCart({ ...book, quantity: 3 })).cartItems[0]?.quantity).toBe(3);
  });

  it('raises the quantity of an existing line by 1 or by the given quantity instead of adding a line', () => {
    const state = reduce(addToCart(book), addToCart(book), addToCart({ ...book, quantity: 4 }));
    expect(state.cartItems).toHaveLength(1);
    expect(state.cartItems[0]?.quantity).toBe(6);
  });

  it('keeps one line per (product, edition): the paper and the ebook of a book are two lines', () => {
    const state = reduce(
      addToCart({ ...book, edition: 'paper' }),
      addToCart({ ...book, edition: 'ebook', price: 900 }),
      addToCart({ ...book, edition: 'paper', quantity: 2 }),
    );
    expect(state.cartItems.map((item) => [item.edition, item.quantity])).toEqual([
      ['paper', 3],
      ['ebook', 1],
    ]);
  });

  it('adds 1 when the given quantity is not a positive number', () => {
    expect(reduce(addToCart({ ...book, quantity: 0 })).cartItems[0]?.quantity).toBe(1);
  });

  it('keeps a separate line for another colour or size of the same product', () => {
    const state = reduce(
      addToCart({ ...book, selectedProductSize: 'A5' }),
      addToCart({ ...book, selectedProductSize: 'A4' }),
    );
    expect(state.cartItems).toHaveLength(2);
  });

  it('lowers the quantity by 1, and removes the line when decreasing from 1', () => {
    let state = reduce(addToCart({ ...book, quantity: 2 }));
    const cartItemId = state.cartItems[0]!.cartItemId;
    state = cartReducer(state, decreaseQuantity({ cartItemId }));
    expect(state.cartItems[0]?.quantity).toBe(1);
    state = cartReducer(state, decreaseQuantity({ cartItemId }));
    expect(state.cartItems).toHaveLength(0);
  });

  it('deletes one line', () => {
    let state = reduce(addToCart(book), addToCart(file));
    state = cartReducer(state, deleteFromCart({ cartItemId: state.cartItems[0]!.cartItemId }));
    expect(state.cartItems.map((item) => item.id)).toEqual([2]);
  });

  it('removes every book line and keeps the files', () => {
    const state = reduce(
      addToCart(book),
      addToCart(file),
      addToCart({ ...book, id: 3 }),
      removeBooksFromCart(),
    );
    expect(state.cartItems.map((item) => item.id)).toEqual([2]);
  });

  it('empties the cart', () => {
    expect(reduce(addToCart(book), addToCart(file), deleteAllFromCart()).cartItems).toEqual([]);
  });
});

describe('cart totals', () => {
  it('sums list prices, what discounts take off and the total; discounts apply only when above 0', () => {
    const totals = computeCartTotals(
      reduce(
        addToCart({ ...book, edition: 'paper', quantity: 2 }),
        addToCart(file),
        addToCart({ ...file, id: 4, discount: -5 }),
      ).cartItems,
    );
    // 2 × 25.00 at -10 % = 45.00; 12.00; a negative discount is ignored: 12.00.
    expect(totals).toEqual({ subtotal: 7400, discount: 500, total: 6900, hasPaperBooks: true });
  });

  it('says whether paper books (delivery included) are in the cart', () => {
    expect(computeCartTotals(reduce(addToCart({ ...book, edition: 'ebook' })).cartItems).hasPaperBooks).toBe(
      false,
    );
    expect(computeCartTotals([])).toEqual({ subtotal: 0, discount: 0, total: 0, hasPaperBooks: false });
  });
});
