import { describe, expect, it } from 'vitest';
import { toAppLanguage, toSelectorValue } from './languages';

describe('interface languages', () => {
  it('accepts fn as French, and regional codes', () => {
    expect(toAppLanguage('fn')).toBe('fr');
    expect(toAppLanguage('fr-CA')).toBe('fr');
    expect(toAppLanguage('en-GB')).toBe('en');
    expect(toAppLanguage('de')).toBeNull();
  });

  it('shows French as fn in the selector', () => {
    expect(toSelectorValue('fr')).toBe('fn');
    expect(toSelectorValue('en')).toBe('en');
  });
});
