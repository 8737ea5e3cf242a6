import { describe, expect, it } from 'vitest';
import { interleave } from './interleave';
import { fileSummary, summary } from './test-fixtures';

describe('home rows', () => {
  it('take books and files in turn, up to the row length', () => {
    const books = [1, 2, 3].map((id) => summary({ id }));
    const files = [11, 12].map((id) => fileSummary({ id }));
    expect(interleave(books, files).map((p) => p.id)).toEqual([1, 11, 2, 12, 3]);
    expect(interleave(books, files, 3).map((p) => p.id)).toEqual([1, 11, 2]);
    expect(interleave([], files).map((p) => p.id)).toEqual([11, 12]);
  });
});
