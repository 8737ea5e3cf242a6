import { describe, expect, it } from 'vitest';
import { formatMonth, formatRate, percentToBp, previousMonth, todayIso } from './format';

describe('royalty formats', () => {
  it('shows a rate in basis points as the locale writes a percentage', () => {
    expect(formatRate(2500, 'en-GB')).toBe('25%');
    expect(formatRate(1250, 'fr-FR')).toMatch(/^12,5\s%$/);
    expect(formatRate(3333, 'en-GB')).toBe('33.33%');
  });

  it('reads a percentage typed by an admin as basis points', () => {
    expect(percentToBp('27,5')).toBe(2750);
    expect(percentToBp(' 27.5 % ')).toBe(2750);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('0')).toBe(0);
    expect(percentToBp('12.345')).toBeNull();
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('-5')).toBeNull();
    expect(percentToBp('')).toBeNull();
    expect(percentToBp('1e2')).toBeNull();
  });

  it('names months and days whatever the time zone', () => {
    expect(formatMonth('2026-11', 'en-GB')).toBe('November 2026');
    expect(formatMonth('2026-01', 'fr-FR', 'short')).toBe('janv. 2026');
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
    expect(previousMonth(new Date(2026, 0, 15))).toBe('2025-12');
  });
});
