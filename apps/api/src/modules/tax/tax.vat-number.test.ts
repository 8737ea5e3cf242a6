import { describe, expect, it } from 'vitest';
import { parseVatNumber, vatPrefixOf, viesPrefixes } from './tax.vat-number.ts';

// Valid and invalid numbers from jsvat's own test lists (an invalid one differs from a valid one by its check digits).
const numbers: [country: string, valid: string, invalid: string][] = [
  ['AT', 'ATU12011204', 'ATU10223001'],
  ['BE', 'BE0411905847', 'BE0897221791'],
  ['CY', 'CY10000314J', 'CY12000139V'],
  ['DE', 'DE136695976', 'DE111111126'],
  ['DK', 'DK10000009', 'DK10000010'],
  ['ES', 'ESA08017535', 'ESA0011012A'],
  ['FR', 'FR40303265045', 'FR00300076967'],
  ['GR', 'EL094012834', 'EL000000022'],
  ['IE', 'IE6323439A', 'IE0000002A'],
  ['IT', 'IT00140390501', 'IT00000010210'],
  ['NL', 'NL001079293B01', 'NL000000025B01'],
  ['PL', 'PL5260006841', 'PL7122913628'],
  ['PT', 'PT501413197', 'PT502757192'],
  ['SE', 'SE202100281701', 'SE000000002301'],
];

describe('parseVatNumber', () => {
  it.each(numbers)('%s: accepts %s and refuses %s by its check digits', (country, valid, invalid) => {
    const prefix = valid.slice(0, 2);
    expect(parseVatNumber(valid)).toEqual({ ok: true, country, prefix, number: valid });
    expect(parseVatNumber(invalid)).toEqual({ ok: false, reason: 'format' });
  });

  it('reads spaces, dots, dashes, slashes and lower case as people type them', () => {
    const france = { ok: true, country: 'FR', prefix: 'FR', number: 'FR40303265045' };
    expect(parseVatNumber('fr 40 303 265 045')).toEqual(france);
    expect(parseVatNumber(' FR-40.303.265.045 ')).toEqual(france);
    expect(parseVatNumber('fr40\u00a0303/265/045')).toEqual(france);
    expect(parseVatNumber('atu-1201-1204')).toMatchObject({ ok: true, number: 'ATU12011204' });
    expect(parseVatNumber('nl001079293b01')).toMatchObject({ ok: true, number: 'NL001079293B01' });
  });

  it('takes the billing country when the number has no prefix', () => {
    expect(parseVatNumber('40 303 265 045', 'FR')).toEqual({
      ok: true,
      country: 'FR',
      prefix: 'FR',
      number: 'FR40303265045',
    });
    expect(parseVatNumber('094012834', 'GR')).toMatchObject({
      ok: true,
      country: 'GR',
      number: 'EL094012834',
    });
    expect(parseVatNumber('U12011204', 'at')).toMatchObject({ ok: true, number: 'ATU12011204' });
    // Without a prefix nor a billing country there is no telling whose number it is.
    expect(parseVatNumber('40303265045')).toEqual({ ok: false, reason: 'format' });
    // A prefix written out wins over the billing country.
    expect(parseVatNumber('DE136695976', 'FR')).toMatchObject({ ok: true, country: 'DE' });
    // A French number whose key is two letters, typed without its prefix.
    expect(parseVatNumber('AB 012 345 678', 'FR')).toMatchObject({ ok: true, number: 'FRAB012345678' });
  });

  it('writes Greece as EL for VIES and GR as its country, whichever the buyer typed', () => {
    const greece = { ok: true, country: 'GR', prefix: 'EL', number: 'EL094012834' };
    expect(parseVatNumber('EL094012834')).toEqual(greece);
    expect(parseVatNumber('GR 094 012 834')).toEqual(greece);
  });

  it('accepts Northern Ireland’s XI numbers, refuses GB, CH and NO numbers as outside the EU', () => {
    expect(parseVatNumber('XI 100 000 132')).toEqual({
      ok: true,
      country: 'GB',
      prefix: 'XI',
      number: 'XI100000132',
    });
    expect(parseVatNumber('XI100000133')).toEqual({ ok: false, reason: 'format' });
    expect(parseVatNumber('GB100000132')).toEqual({ ok: false, reason: 'notEu' });
    expect(parseVatNumber('GB 412 7795 31')).toEqual({ ok: false, reason: 'notEu' });
    expect(parseVatNumber('CHE-100.416.306 MWST')).toEqual({ ok: false, reason: 'notEu' });
    expect(parseVatNumber('NO 864 234 232')).toEqual({ ok: false, reason: 'notEu' });
    expect(parseVatNumber('123456789', 'US')).toEqual({ ok: false, reason: 'notEu' });
    expect(parseVatNumber('100000132', 'GB')).toEqual({ ok: false, reason: 'notEu' });
  });

  it('refuses what is no VAT number at all', () => {
    for (const input of ['', '   ', 'FR', 'hello world', 'FR40303265045!', 'ZZ123456789', 'FR4030326504'])
      expect(parseVatNumber(input), input).toEqual({ ok: false, reason: 'format' });
    expect(parseVatNumber('x'.repeat(500))).toEqual({ ok: false, reason: 'format' });
  });
});

describe('vatPrefixOf', () => {
  it('gives the VIES prefix of a member state, null elsewhere', () => {
    expect(vatPrefixOf('FR')).toBe('FR');
    expect(vatPrefixOf('gr')).toBe('EL');
    expect(vatPrefixOf('GB')).toBeNull();
    expect(vatPrefixOf('TN')).toBeNull();
    expect(vatPrefixOf('EL')).toBeNull();
    expect(viesPrefixes).toHaveLength(28);
  });
});
