import { describe, expect, it } from 'vitest';
import { appLanguage, toAppLanguage, toSelectorValue } from './languages';

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

  it('reads any code as the interface language, French when it names none the shop speaks', () => {
    expect(appLanguage('fn')).toBe('fr');
    expect(appLanguage('fr-FR')).toBe('fr');
    expect(appLanguage('en_GB')).toBe('en');
    expect(appLanguage('de')).toBe('fr');
    expect(appLanguage(undefined)).toBe('fr');
  });
});
