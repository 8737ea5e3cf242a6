import i18next from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readResources } from '@hls/locales';
import { baseOptions, bindDocumentLanguage } from '@/i18n/i18n';

/** Translations read from the real locale files (@hls/locales), keyed by language then namespace. */
export const localeResources: Resource = readResources();

/** An i18next instance with the real translations loaded synchronously (no http backend in tests). */
export function createTestI18n(lng: 'fr' | 'en' = 'en'): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  bindDocumentLanguage(instance);
  void instance.init({
    ...baseOptions,
    lng,
    resources: localeResources,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}
