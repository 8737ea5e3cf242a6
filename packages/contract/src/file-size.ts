/**
 * A file's size as people read it: decimal units (1 kB = 1,000 bytes, as `Intl` names them), one decimal past
 * bytes, in the interface language ("2.4 MB", "2,4 Mo").
 */
const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

export function formatFileSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  // 999,950 bytes rounds to "1,000 kB": say "1 MB" instead.
  if (unit > 0 && unit < units.length - 1 && Math.round(value * 10) / 10 >= 1000) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
