/**
 * The one language rule of the product, used by the API's messages, the server render and the web app: the
 * interface speaks French or English, the spec names French `fn` (an alias of `fr`), and French is the fallback.
 */
import type { languages } from './values.ts';

type Language = (typeof languages)[number];

/** The cookie that holds the visitor's choice of language: the browser writes it, the server renders pages in it. */
export const LANGUAGE_COOKIE = 'i18next';

/** The spec's fallback language (SPEC §9). */
export const DEFAULT_LANGUAGE: Language = 'fr';

/** The language of a code (`fr`, `fn`, `fr-FR`, `en_GB`, any case), or undefined when we do not speak it. */
export function parseLanguage(code: string | null | undefined): Language | undefined {
  const base = code?.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'fr' || base === 'fn') return 'fr';
  if (base === 'en') return 'en';
  return undefined;
}

/** The codes of an Accept-Language header from the most to the least preferred (by `q`, then by order). */
export function languagesFromAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [code = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((param) => param.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { code, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.code !== '' && entry.code !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.code);
}

/** The first of the candidates (in order of precedence) that names a language we speak, else French. */
export function resolveLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    const language = parseLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The visitor's language from a `?lng=` parameter, the language cookie and Accept-Language, in that order. */
export function requestLanguage(request: {
  lng?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return resolveLanguage(request.lng, request.cookie, ...languagesFromAcceptLanguage(request.acceptLanguage));
}
