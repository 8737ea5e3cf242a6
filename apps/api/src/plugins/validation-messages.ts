import { existsSync } from 'node:fs';
import type { Language } from '@hls/contract';
import { languagesFromAcceptLanguage, resolveLanguage } from '@hls/contract/language';
import { lookup, namespaceFile, readNamespace, type Translations } from '@hls/locales';

/** Translates the contract's validation keys ("email.invalid") with the `validation` namespace (@hls/locales). */
export type Translate = (key: string) => string;

function loadCatalogue(localesDir: string, language: Language): Translations {
  return existsSync(namespaceFile(language, 'validation', localesDir))
    ? readNamespace(language, 'validation', localesDir)
    : {};
}

const fallbackMessage = 'This value is not valid.';

export function createTranslator(localesDir: string): (language: Language) => Translate {
  const catalogues = { fr: loadCatalogue(localesDir, 'fr'), en: loadCatalogue(localesDir, 'en') };
  return (language) => (key) =>
    lookup(catalogues[language], key) ??
    lookup(catalogues.en, key) ??
    lookup(catalogues[language], 'generic.invalid') ??
    fallbackMessage;
}

/** The `lng` query parameter, when there is one. */
export function lngParameter(query: unknown): string | undefined {
  const lng =
    typeof query === 'object' && query !== null ? (query as Record<string, unknown>).lng : undefined;
  return typeof lng === 'string' ? lng : undefined;
}

/** The caller's language (the contract's rule): `lng` query parameter, then Accept-Language, else French. */
export function requestLanguage(query: unknown, acceptLanguage: string | undefined): Language {
  return resolveLanguage(lngParameter(query), ...languagesFromAcceptLanguage(acceptLanguage));
}
