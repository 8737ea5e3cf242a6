import { createSlice, nanoid } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type CartItemType = 'file' | 'book';

export type CartItem = {
  id: string;
  /** Unique per line: the same product in another colour/size is another line. */
  cartItemId: string;
  type: CartItemType;
  title: string;
  /** Unit price in cents. */
  price: number;
  /** Percent. */
  discount: number;
  quantity: number;
  image: string;
  /** File type icon name (excel, word, powerpoint, powerbi, publisher, pdf, package, access). */
  extension?: string;
  selectedProductColor?: string;
  selectedProductSize?: string;
};

export type CartState = { cartItems: CartItem[] };

export type AddToCartPayload = Omit<CartItem, 'cartItemId' | 'quantity'> & { quantity?: number };

const initialState: CartState = { cartItems: [] };

const sameLine = (a: Pick<CartItem, 'id' | 'selectedProductColor' | 'selectedProductSize'>, b: typeof a) =>
  a.id === b.id &&
  a.selectedProductColor === b.selectedProductColor &&
  a.selectedProductSize === b.selectedProductSize;

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    addToCart: {
      reducer(state, action: PayloadAction<AddToCartPayload & { cartItemId: string }>) {
        const { quantity, ...item } = action.payload;
        const existing = state.cartItems.find((line) => sameLine(line, item));
        if (existing) {
          existing.quantity += quantity ?? 1;
        } else {
          state.cartItems.push({ ...item, quantity: quantity ?? 1 });
        }
      },
      prepare: (item: AddToCartPayload) => ({ payload: { ...item, cartItemId: nanoid() } }),
    },
    decreaseQuantity(state, action: PayloadAction<{ cartItemId: string }>) {
      const line = state.cartItems.find((item) => item.cartItemId === action.payload.cartItemId);
      if (!line) return;
      if (line.quantity <= 1) {
        state.cartItems = state.cartItems.filter((item) => item.cartItemId !== line.cartItemId);
      } else {
        line.quantity -= 1;
      }
    },
    deleteFromCart(state, action: PayloadAction<{ cartItemId: string }>) {
      state.cartItems = state.cartItems.filter((item) => item.cartItemId !== action.payload.cartItemId);
    },
    removeBooksFromCart(state) {
      state.cartItems = state.cartItems.filter((item) => item.type !== 'book');
    },
    deleteAllFromCart(state) {
      state.cartItems = [];
    },
  },
  selectors: {
    selectCartItems: (state) => state.cartItems,
    selectCartCount: (state) => state.cartItems.reduce((sum, item) => sum + item.quantity, 0),
  },
});

export const { addToCart, decreaseQuantity, deleteFromCart, removeBooksFromCart, deleteAllFromCart } =
  cartSlice.actions;
export const { selectCartItems, selectCartCount } = cartSlice.selectors;
export const cartReducer = cartSlice.reducer;
