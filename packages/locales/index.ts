import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@hls/contract';
import { languages } from '@hls/contract/values';
import { namespaces, type Namespace } from './namespaces.ts';

/**
 * The product's words in French and English, one home for the web app and the API: `{lng}/{ns}.json`, i18next's
 * format (nested keys, `{{name}}` placeholders, `_one`/`_other` plurals). The web app fetches them from the API's
 * `/locales/{lng}/{ns}.json`; the API renders pages, validation messages, card refusals and e-mails with them.
 */

export { namespaces, webNamespaces, type Namespace, type WebNamespace } from './namespaces.ts';

/** The folder holding `fr/` and `en/`: the API's default for LOCALES_DIR. */
export const localesDir = path.dirname(fileURLToPath(import.meta.url));

/** One namespace's translations: nested objects of strings. */
export type Translations = { [key: string]: unknown };

/** The file of a namespace in a language, in `dir` (LOCALES_DIR) or this package's folder. */
export function namespaceFile(language: string, namespace: string, dir: string = localesDir): string {
  return path.join(dir, language, `${namespace}.json`);
}

/** Reads a namespace at once (start-up, tests); throws when the file is missing or not JSON. */
export function readNamespace(language: string, namespace: string, dir: string = localesDir): Translations {
  return JSON.parse(readFileSync(namespaceFile(language, namespace, dir), 'utf8')) as Translations;
}

/** Reads a namespace without blocking (a request); rejects when the file is missing or not JSON. */
export async function loadNamespace(
  language: string,
  namespace: string,
  dir: string = localesDir,
): Promise<Translations> {
  return JSON.parse(await readFile(namespaceFile(language, namespace, dir), 'utf8')) as Translations;
}

/** Every namespace in every language, keyed by language then namespace (i18next's `resources`). */
export function readResources(dir: string = localesDir): Record<Language, Record<Namespace, Translations>> {
  const inLanguage = (language: Language) =>
    Object.fromEntries(namespaces.map((ns) => [ns, readNamespace(language, ns, dir)])) as Record<
      Namespace,
      Translations
    >;
  return Object.fromEntries(languages.map((language) => [language, inLanguage(language)])) as Record<
    Language,
    Record<Namespace, Translations>
  >;
}

/** The string at a dotted key (`pay.title`), if there is one. */
export function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Translations)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The dotted keys of a namespace's strings, from its JSON's type: `'welcome.subject' | 'greeting' | …`. */
export type KeyPath<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${KeyPath<T[K]>}`;
}[keyof T & string];

/** What fills a text's placeholders. */
export type Values = Readonly<Record<string, string | number>>;

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders as i18next does, in one pass (a value is never read as a placeholder) and
 * without escaping (an HTML part escapes what it shows). A placeholder without a value is a mistake: it throws.
 */
export function interpolate(text: string, values: Values = {}): string {
  return text.replace(placeholder, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {{${name}}} in “${text}”`);
    return String(value);
  });
}

/** Says a key of a namespace in one language, its placeholders filled. */
export type Say<T> = (key: KeyPath<T>, values?: Values) => string;

/**
 * A typed lookup in one namespace for code outside i18next (the API's e-mails): `say('fr')('welcome.subject')`.
 * The keys are those of the English file's type, which the French one must have too; a key missing at run time
 * throws rather than showing itself to a customer.
 */
export function createTranslator<T>(
  catalogues: Readonly<Record<Language, T>>,
): (language: Language) => Say<T> {
  return (language) => (key, values) => {
    const text = lookup(catalogues[language], key);
    if (text === undefined) throw new Error(`No translation for ${language}:${key}`);
    return interpolate(text, values);
  };
}
