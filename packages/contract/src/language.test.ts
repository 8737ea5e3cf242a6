import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  languagesFromAcceptLanguage,
  parseLanguage,
  requestLanguage,
  resolveLanguage,
} from './language.ts';

describe('parseLanguage', () => {
  it('reads French under its spec code fn, its ISO code and regional variants, in any case', () => {
    for (const code of ['fr', 'fn', 'FR', 'fr-FR', 'fr_CA', ' fr-be '])
      expect(parseLanguage(code)).toBe('fr');
  });

  it('reads English and its regional variants', () => {
    for (const code of ['en', 'EN', 'en-GB', 'en_US']) expect(parseLanguage(code)).toBe('en');
  });

  it('answers undefined for a language the shop does not speak or no code at all', () => {
    for (const code of ['de', 'ar-TN', 'f', 'french', '', '*', null, undefined])
      expect(parseLanguage(code)).toBeUndefined();
  });
});

describe('languagesFromAcceptLanguage', () => {
  it('orders the codes by quality, keeping the header order between equals', () => {
    expect(languagesFromAcceptLanguage('de;q=0.9, en-GB;q=0.8, fr-FR, fr;q=0.8')).toEqual([
      'fr-FR',
      'de',
      'en-GB',
      'fr',
    ]);
  });

  it('leaves out wildcards, refused languages (q=0) and empty parts', () => {
    expect(languagesFromAcceptLanguage('en;q=0, *, , fr;q=0.5')).toEqual(['fr']);
    expect(languagesFromAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('resolveLanguage', () => {
  it('takes the first candidate the shop speaks', () => {
    expect(resolveLanguage(undefined, 'de', 'en-US', 'fr')).toBe('en');
  });

  it('falls back to French, as the spec says', () => {
    expect(DEFAULT_LANGUAGE).toBe('fr');
    expect(resolveLanguage()).toBe('fr');
    expect(resolveLanguage('de', null, 'es')).toBe('fr');
  });
});

describe('requestLanguage', () => {
  it('prefers ?lng=, then the i18next cookie, then Accept-Language', () => {
    expect(requestLanguage({ lng: 'en', cookie: 'fn', acceptLanguage: 'fr' })).toBe('en');
    expect(requestLanguage({ lng: 'xx', cookie: 'fn', acceptLanguage: 'en' })).toBe('fr');
    expect(requestLanguage({ acceptLanguage: 'de, en;q=0.5' })).toBe('en');
    expect(requestLanguage({})).toBe('fr');
  });
});
