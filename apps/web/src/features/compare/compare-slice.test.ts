import { describe, expect, it } from 'vitest';
import { addToCompare, compareReducer, deleteFromCompare } from './compare-slice';
import type { CompareItem } from './compare-slice';

const item: CompareItem = {
  id: 1,
  type: 'file',
  title: 'Procédure achats',
  price: 900,
  discount: 0,
  image: '/c1.jpg',
};

describe('compare reducer', () => {
  it('adds a product once', () => {
    let state = compareReducer(undefined, addToCompare(item));
    state = compareReducer(state, addToCompare(item));
    expect(state.compareItems).toEqual([item]);
  });

  it('removes a product by id', () => {
    let state = compareReducer(undefined, addToCompare(item));
    state = compareReducer(state, addToCompare({ ...item, id: 2 }));
    state = compareReducer(state, deleteFromCompare({ id: 1 }));
    expect(state.compareItems.map((i) => i.id)).toEqual([2]);
  });
});
