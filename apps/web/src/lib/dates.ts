// Building an Intl.DateTimeFormat costs far more than using one: lists of orders format many dates.
const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formats.set(key, formatter);
  }
  return formatter;
}

/** A day, e.g. "22 November 2026" / "22 novembre 2026". */
export function formatDate(iso: string, locale: string): string {
  return format(locale, { dateStyle: 'long' }).format(new Date(iso));
}

/** A moment, e.g. "22 Nov 2026, 16:56" / "22 nov. 2026, 16:56". */
export function formatDateTime(iso: string, locale: string): string {
  return format(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
