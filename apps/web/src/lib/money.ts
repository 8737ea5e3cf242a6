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
