import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { env } from '@/config/env';
import { resolveLanguage } from '@hls/contract/language';
import { toAppLanguage } from './languages';
import type { AppLanguage } from './languages';
import { registerI18n } from './namespaces';
import { baseOptions, defaultNamespace } from './options';
import type { Namespace } from './options';

export { baseOptions, defaultNamespace, namespaces } from './options';
export type { Namespace } from './options';

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
  language?: AppLanguage,
): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
  bindDocumentLanguage(instance);
  const ready = instance
    .init({
      ...baseOptions,
      ...(language ? { lng: language } : {}),
      ns: [...new Set<Namespace>([defaultNamespace, ...initialNamespaces])],
      backend: { loadPath: `${env.apiUrl}/locales/{{lng}}/{{ns}}.json` },
      // The http backend retries 5xx and network failures, not 4xx, and reports parse failures (SPEC §8).
      maxRetries: 3,
      retryTimeout: 500,
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
        caches: ['localStorage', 'cookie'],
        // The server renders pages in the cookie's language: it lasts as long as the stored choice.
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: (lng: string) => toAppLanguage(lng) ?? lng,
      },
      react: { useSuspense: true },
    })
    .then(() => instance);
  registerI18n(instance, ready);
  return ready;
}
