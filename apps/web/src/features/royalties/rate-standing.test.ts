import { describe, expect, it } from 'vitest';
import type { RoyaltyRateChange } from '@hls/contract';
import { changeStanding } from './rate-standing';

const change = (
  id: number,
  format: RoyaltyRateChange['format'],
  effectiveFrom: string,
): RoyaltyRateChange => ({
  id,
  format,
  rateBp: 2000 + id,
  effectiveFrom,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: null,
});

describe('where a rate change stands', () => {
  it('is scheduled, in force, or replaced by a later one of the same format', () => {
    const now = Date.parse('2026-11-22T12:00:00.000Z');
    const changes = [
      change(4, 'ebook', '2026-12-01T00:00:00.000Z'),
      change(3, 'ebook', '2026-06-01T00:00:00.000Z'),
      change(2, 'paper', '2026-02-01T00:00:00.000Z'),
      change(1, 'ebook', '2026-02-01T00:00:00.000Z'),
    ];
    const standing = changes.map((c) => changeStanding(c, changes, now));
    expect(standing).toEqual(['scheduled', 'inForce', 'inForce', 'replaced']);
  });
});
