export function formatMoney(cents: number, locale: string, currency = 'EUR'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** The Intl locale of an interface language, for prices and numbers. */
export function intlLocale(language: string | undefined): string {
  return language?.startsWith('en') ? 'en-GB' : 'fr-FR';
}
