import { describe, expect, it } from 'vitest';
import { DecisionBody } from './editorial.ts';

const issuesOf = (body: unknown) => {
  const parsed = DecisionBody.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('an editor’s decision', () => {
  it('asks for the copies in stock with a paper price when publishing', () => {
    expect(issuesOf({ decision: 'publish', comment: 'OK', paperPriceCents: 2400 })).toEqual([
      ['stock', 'stock.required'],
    ]);
    expect(issuesOf({ decision: 'publish', comment: 'OK', paperPriceCents: 2400, stock: '' })).toEqual([
      ['stock', 'stock.required'],
    ]);
    expect(
      DecisionBody.parse({ decision: 'publish', comment: 'OK', paperPriceCents: 2400, stock: '0' }),
    ).toEqual({ decision: 'publish', comment: 'OK', paperPriceCents: 2400, stock: 0 });
  });

  it('refuses a stock that is not a whole number of copies', () => {
    for (const stock of [-1, 1.5, 'many'])
      expect(issuesOf({ decision: 'publish', comment: 'OK', paperPriceCents: 2400, stock })).toEqual([
        ['stock', 'stock.invalid'],
      ]);
  });

  it('needs no stock without a paper price, nor for another decision', () => {
    expect(issuesOf({ decision: 'publish', comment: 'OK', ebookPriceCents: 900 })).toEqual([]);
    expect(issuesOf({ decision: 'request_changes', comment: 'OK', paperPriceCents: 2400 })).toEqual([]);
  });
});
