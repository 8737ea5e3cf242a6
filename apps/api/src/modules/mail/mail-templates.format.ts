import type { Address, Language } from '@hls/contract';

/** Numbers, amounts, moments and countries as each language writes them in an e-mail. */

const locales: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

/** Formatters are costly to build: one of each per language, made on first use. */
const perLanguage = <T>(make: (locale: string) => T) => {
  const made = new Map<Language, T>();
  return (lng: Language): T => {
    let formatter = made.get(lng);
    if (!formatter) made.set(lng, (formatter = make(locales[lng])));
    return formatter;
  };
};

const euros = perLanguage((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }));
const moments = perLanguage(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }),
);
const days = perLanguage((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }));
const regions = perLanguage((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** An amount in euros, in the language's format ("12,50 €", "€12.50"). */
export function money(cents: number, lng: Language): string {
  return euros(lng).format(cents / 100);
}

/** A moment, unambiguous for a record: date, time to the second and UTC. */
export function dateTime(iso: string, lng: Language): string {
  return moments(lng).format(new Date(iso));
}

/** A calendar day (YYYY-MM-DD), written out ("1 décembre 2026", "1 December 2026"). */
export function day(date: string, lng: Language): string {
  return days(lng).format(new Date(`${date}T00:00:00Z`));
}

const countryName = (code: string, lng: Language) => regions(lng).of(code) ?? code;

const unitFormats = perLanguage((locale) => ({
  day: new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }),
  hour: new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }),
  minute: new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'long' }),
}));

/** How long a link stays valid, in whole days from two days on, else hours or minutes ("24 heures", "7 days"). */
export function lifetime(seconds: number, lng: Language): string {
  const units = unitFormats(lng);
  if (seconds >= 2 * 86400 && seconds % 86400 === 0) return units.day.format(seconds / 86400);
  if (seconds % 3600 === 0) return units.hour.format(seconds / 3600);
  return units.minute.format(Math.max(1, Math.round(seconds / 60)));
}

/** An address as lines, its country named in the language. */
export function addressLines(a: Address, lng: Language): string[] {
  return [
    a.fullName,
    a.line1,
    ...(a.line2 ? [a.line2] : []),
    `${a.postalCode} ${a.city}`,
    countryName(a.country, lng),
    ...(a.phone ? [a.phone] : []),
  ];
}

/** A message quoted as in a reply, line by line. */
export const quote = (message: string) =>
  message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
