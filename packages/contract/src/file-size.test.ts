import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

// Intl separates a number from its unit with a no-break space (narrow in some locales): compare with spaces.
const size = (bytes: number, locale: string) => formatFileSize(bytes, locale).replace(/[\u00a0\u202f]/g, ' ');

describe('formatFileSize', () => {
  it('counts in decimal units, as the unit names mean', () => {
    expect(size(999, 'en')).toBe('999 byte');
    expect(size(1000, 'en')).toBe('1 kB');
    expect(size(1024, 'en')).toBe('1 kB');
    expect(size(2_400_000, 'en')).toBe('2.4 MB');
    expect(size(3_000_000_000, 'en')).toBe('3 GB');
  });

  it('speaks the interface language', () => {
    expect(size(2_400_000, 'fr')).toBe('2,4 Mo');
    expect(size(1_500, 'fr')).toBe('1,5 ko');
  });

  it('never shows 1,000 of a unit when the next one reads better', () => {
    expect(size(999_960, 'en')).toBe('1 MB');
    expect(size(999_949, 'en')).toBe('999.9 kB');
  });
});
