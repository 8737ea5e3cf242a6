import type { InitOptions } from 'i18next';
import { appLanguages, FALLBACK_LANGUAGE } from './languages';

export const namespaces = [
  'common',
  'auth',
  'account',
  'validation',
  'errors',
  'toast',
  'catalog',
  'shop',
  'pages',
  'checkout',
  'orders',
  'downloads',
  'backoffice',
  'authoring',
  'editorial',
  'royalties',
  'reviews',
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace = 'common';

/** Options shared by the browser instance, the server render's instances and the test instance. */
export const baseOptions: InitOptions = {
  supportedLngs: [...appLanguages],
  nonExplicitSupportedLngs: true,
  load: 'languageOnly',
  // Any other language falls back to French. English has every key too (locale-parity test), so it needs no
  // French files behind it: a visit in English downloads English only.
  fallbackLng: { en: [], default: [FALLBACK_LANGUAGE] },
  ns: [...namespaces],
  defaultNS: defaultNamespace,
  interpolation: { escapeValue: false },
  returnNull: false,
};
