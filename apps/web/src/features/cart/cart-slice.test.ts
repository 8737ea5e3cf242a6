import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartReducer,
  decreaseQuantity,
  deleteAllFromCart,
  deleteFromCart,
  removeBooksFromCart,
} from './cart-slice';
import type { AddToCartPayload, CartState } from './cart-slice';

const book: AddToCartPayload = {
  id: 'b1',
  type: 'book',
  title: 'Comptabilité',
  price: 2500,
  discount: 10,
  image: '/c.jpg',
};
const file: AddToCartPayload = {
  id: 'f1',
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
  it('adds a new line with quantity 1 and a generated cartItemId', () => {
    const state = reduce(addToCart(book));
    expect(state.cartItems).toHaveLength(1);
    expect(state.cartItems[0]).toMatchObject({ id: 'b1', quantity: 1 });
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
    expect(state.cartItems.map((item) => item.id)).toEqual(['f1']);
  });

  it('removes every book line and keeps the files', () => {
    const state = reduce(
      addToCart(book),
      addToCart(file),
      addToCart({ ...book, id: 'b2' }),
      removeBooksFromCart(),
    );
    expect(state.cartItems.map((item) => item.id)).toEqual(['f1']);
  });

  it('empties the cart', () => {
    expect(reduce(addToCart(book), addToCart(file), deleteAllFromCart()).cartItems).toEqual([]);
  });
});
