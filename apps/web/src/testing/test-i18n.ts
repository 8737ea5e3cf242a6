import i18next from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions, bindDocumentLanguage } from '@/i18n/i18n';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** Translations read from the real locale files, keyed by language then namespace. */
export const localeResources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = file.match(/locales\/([^/]+)\/([^/]+)\.json$/);
  if (!match) continue;
  const [, lng, ns] = match as [string, string, string];
  localeResources[lng] ??= {};
  localeResources[lng][ns] = content;
}

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
