import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@hls/contract';
import { languagesFromAcceptLanguage, resolveLanguage } from '@hls/contract/language';

/** Translates the contract's validation keys ("email.invalid") with the web app's `validation` namespace. */
export type Translate = (key: string) => string;

type Catalogue = Record<string, unknown>;

function loadCatalogue(localesDir: string, language: Language): Catalogue {
  const file = path.join(localesDir, language, 'validation.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Catalogue) : {};
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
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
