import { bankCountryCodes, hasIban } from '@hls/contract';

/**
 * The countries of the SEPA scheme (EPC list), whose banks a SEPA credit transfer reaches: the payouts' transfer
 * file is one. Names come from the browser in the interface language.
 */
export const sepaCountries = [
  'AD',
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'VA',
] as const;

const names = new Map<string, Intl.DisplayNames | null>();

/** A country's name in a locale (its code when the browser cannot name it). */
export function countryName(code: string, locale: string): string {
  if (!names.has(locale)) {
    try {
      names.set(locale, new Intl.DisplayNames([locale], { type: 'region' }));
    } catch {
      names.set(locale, null);
    }
  }
  return names.get(locale)?.of(code) ?? code;
}

/**
 * Every country as options (authors are paid wherever they live), sorted by their name in the locale; a saved
 * country outside the list is kept.
 */
export function countryOptions(locale: string, saved?: string): { value: string; label: string }[] {
  const codes: string[] = bankCountryCodes().filter((code) => countryName(code, locale) !== code);
  if (saved && !codes.includes(saved)) codes.push(saved);
  const collator = new Intl.Collator(locale);
  return codes
    .map((code) => ({ value: code, label: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** The country an IBAN belongs to (its first two letters), when that country has IBANs. */
export function ibanCountry(iban: string): string | null {
  const code = iban.replace(/\s/g, '').slice(0, 2).toUpperCase();
  return /^[A-Z]{2}$/.test(code) && hasIban(code) ? code : null;
}
