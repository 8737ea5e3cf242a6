import i18next from 'i18next';
import type { i18n as I18n, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { env } from '@/config/env';
import { LANGUAGE_COOKIE, resolveLanguage } from '@hls/contract/language';
import type { AppLanguage } from './languages';
import { registerI18n } from './namespaces';
import { baseOptions, defaultNamespace } from './options';
import type { Namespace } from './options';

export { baseOptions, defaultNamespace, namespaces } from './options';
export type { Namespace } from './options';

/** Where this browser also keeps the choice (the key i18next's detector used, so earlier choices still count). */
const STORAGE_KEY = 'i18nextLng';
/** The cookie lasts a year: the server renders pages in its language as long as the choice stands. */
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode, blocked cookies)
  }
}

function cookieValue(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * The visitor's language, in the order of SPEC §9 (`?lng=`, the cookie, this browser's local then session storage,
 * its languages, the page's `lang`), each read by the product's one rule (@hls/contract/language) that the server
 * also renders pages by; French when none is a language the shop speaks.
 */
export function visitorLanguage(): AppLanguage {
  return resolveLanguage(
    new URLSearchParams(window.location.search).get('lng'),
    cookieValue(LANGUAGE_COOKIE),
    stored(() => localStorage),
    stored(() => sessionStorage),
    ...navigator.languages,
    document.documentElement.lang,
  );
}

/** Keeps the interface language where the server reads it (the cookie) and where this browser keeps it. */
function rememberLanguage(instance: I18n): void {
  instance.on('languageChanged', (lng: string) => {
    const language = resolveLanguage(lng);
    document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // The cookie holds it.
    }
  });
}

/**
 * Reads a namespace from the API (`/locales/{lng}/{ns}.json`). A server error or a network failure asks i18next
 * to try again (`maxRetries` times, `retryTimeout` apart); a missing file or one that is not JSON does not: its
 * keys show, as for any missing translation (SPEC §8).
 */
function readTranslations(language: string, namespace: string, callback: ReadCallback): void {
  fetch(`${env.apiUrl}/locales/${language}/${namespace}.json`).then(
    (response) => {
      if (!response.ok) {
        callback(new Error(`${response.status} for ${response.url}`), response.status >= 500);
        return;
      }
      response.json().then(
        (data: object) => callback(null, data),
        (error: unknown) => callback(error as Error, false),
      );
    },
    (error: unknown) => callback(error as Error, true),
  );
}

/** Keeps <html lang> and <html dir> in line with the interface language. */
export function bindDocumentLanguage(instance: I18n): void {
  const apply = (lng: string | undefined) => {
    const language = resolveLanguage(lng);
    document.documentElement.lang = language;
    document.documentElement.dir = instance.dir(language);
  };
  instance.on('languageChanged', apply);
  if (instance.language) apply(instance.language);
}

/**
 * The browser instance. Only the namespaces the first screen needs are fetched before it renders (`common` for
 * the shell, plus `initialNamespaces`, those of the route the app starts on); each other screen loads its own
 * with its chunk (see `loadNamespaces`), and a language change reloads the namespaces loaded so far.
 */
export function initI18n(
  initialNamespaces: readonly Namespace[] = [],
  /** The language a server-rendered page was rendered in: the browser hydrates it in the same one. */
  language: AppLanguage = visitorLanguage(),
): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(resourcesToBackend(readTranslations)).use(initReactI18next);
  bindDocumentLanguage(instance);
  rememberLanguage(instance);
  const ready = instance
    .init({
      ...baseOptions,
      lng: language,
      ns: [...new Set<Namespace>([defaultNamespace, ...initialNamespaces])],
      maxRetries: 3,
      retryTimeout: 500,
      react: { useSuspense: true },
    })
    .then(() => instance);
  registerI18n(instance, ready);
  return ready;
}
