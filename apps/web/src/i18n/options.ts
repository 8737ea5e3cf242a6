import type { InitOptions } from 'i18next';
import { webNamespaces, type WebNamespace } from '@hls/locales/namespaces';
import { appLanguages, FALLBACK_LANGUAGE } from './languages';

/** The namespaces of the interface (@hls/locales; not the e-mails' words, which only the API reads). */
export const namespaces = webNamespaces;
export type Namespace = WebNamespace;
export const defaultNamespace = 'common';

/** Options shared by the browser instance, the server render's instances and the test instance. */
export const baseOptions: InitOptions = {
  supportedLngs: [...appLanguages],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  // Any other language falls back to French. English has every key too (packages/locales' test), so it needs no
  // French files behind it: a visit in English downloads English only.
  fallbackLng: { en: [], default: [FALLBACK_LANGUAGE] },
  ns: [...namespaces],
  defaultNS: defaultNamespace,
  interpolation: { escapeValue: false },
  returnNull: false,
};
