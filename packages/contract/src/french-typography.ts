/**
 * French typography as the shop writes it: a narrow no-break space (U+202F) before `: ; ! ?` and inside « »,
 * the typographic apostrophe ’, thousands grouped by a narrow no-break space ("2 000"), and "−15 %" (minus sign,
 * no-break space before the percent sign). The web app's and the API's tests hold every French text to it.
 */

export const NARROW_NBSP = '\u202f';
export const NBSP = '\u00a0';

/** Parts of a text that are not French prose: web addresses, i18next placeholders and nesting. */
const urls = /\b(?:https?|ftp|mailto|tel):[^\s<>"«»]+|\bwww\.[^\s<>"«»]+/g;
const placeholders = /\{\{[^}]*\}\}/g;
const nesting = /\$t\([^)]*\)/g;
/** Times ("10:30", "17:55:03"): the colon of a clock takes no space. */
const times = /\d:\d/g;

export type TypographyFault = { rule: string; at: string };

const rules: { rule: string; pattern: RegExp }[] = [
  { rule: 'straight apostrophe (use ’)', pattern: /'/g },
  {
    rule: 'a narrow no-break space (U+202F) goes before : ; ! ?',
    // Any character other than U+202F before the mark; a "?!" pair counts as one mark.
    pattern: /(?:^|[^\u202f!?])[:;!?]/g,
  },
  { rule: 'a narrow no-break space (U+202F) goes after «', pattern: /«(?!\u202f)/g },
  { rule: 'a narrow no-break space (U+202F) goes before »', pattern: /(?<!\u202f)»/g },
  {
    rule: 'thousands are grouped by a narrow no-break space (U+202F): "2 000"',
    pattern: /(?<!\d{3})\d[ \u00a0]\d{3}(?!\d)/g,
  },
  {
    rule: 'thousands are grouped by a narrow no-break space (U+202F): "2 000"',
    // A count of something (not a year nor a code): 4 digits or more before its unit.
    pattern:
      /\b\d{4,}(?=[ \u00a0\u202f]?(?:caractères|exemplaires|pages|mots|euros|€|Mo|Ko|ventes|fichiers|livres)\b)/g,
  },
  { rule: 'a no-break space goes before %', pattern: /\d ?%/g },
  { rule: 'a minus sign (−) goes before a negative number', pattern: /(?:^|[\s(])-(?=\d)/g },
];

/**
 * What breaks French typography in a text, with where; an empty list when nothing does. Web addresses, times and
 * placeholders (`{{count}}` stands for a number) are not judged.
 */
export function frenchTypographyFaults(text: string): TypographyFault[] {
  const prose = text.replace(urls, ' ').replace(nesting, 'x').replace(placeholders, '0').replace(times, 'h');
  const faults: TypographyFault[] = [];
  for (const { rule, pattern } of rules) {
    for (const match of prose.matchAll(pattern)) {
      const start = Math.max(0, match.index - 20);
      faults.push({ rule, at: prose.slice(start, match.index + match[0].length + 20) });
    }
  }
  return faults;
}
