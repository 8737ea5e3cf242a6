import { appLanguage } from '@/i18n/languages';

// Building an Intl.NumberFormat costs far more than using one: a grid of cards would build one per price.
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, locale: string, currency = 'EUR'): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}

/** The Intl locale of an interface language, for prices and numbers. */
export function intlLocale(language: string | undefined): string {
  return appLanguage(language) === 'en' ? 'en-GB' : 'fr-FR';
}

// Two decimals, no grouping: what a price field shows and a person edits.
const inputFormats = new Map<string, Intl.NumberFormat>();

/** Cents as a price field shows them, in the interface's language: "19,90" in French, "19.90" in English. */
export function priceInputText(cents: number | null, language: string | undefined): string {
  if (cents === null) return '';
  const locale = intlLocale(language);
  let format = inputFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    inputFormats.set(locale, format);
  }
  return format.format(cents / 100);
}

/**
 * A price as a person types it, whatever the interface's language ("19,90", "19.90", "12", "1 200,00 €") →
 * cents; null when blank, NaN when it is not a price.
 */
export function parsePriceInput(text: string): number | null {
  const compact = text.replace(/[\s\u00a0\u202f€]/g, '');
  if (compact === '') return null;
  if (!/^\d+(?:[.,]\d{1,2})?$/.test(compact)) return Number.NaN;
  const [whole = '0', fraction = ''] = compact.split(/[.,]/);
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
