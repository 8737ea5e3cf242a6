/** Languages of the interface. The spec names French `fn`; it is accepted everywhere as an alias of `fr`. */
export const appLanguages = ['fr', 'en'] as const;
export type AppLanguage = (typeof appLanguages)[number];

export const FALLBACK_LANGUAGE: AppLanguage = 'fr';

/** Values offered by the language selector (SPEC §9: fn = French, en = English). */
export const languageOptions = [
  { value: 'fn', language: 'fr', label: 'Français' },
  { value: 'en', language: 'en', label: 'English' },
] as const;

/** Maps any detected or stored code (fn, fr-FR, en-GB, …) to an interface language, or null when unsupported. */
export function toAppLanguage(code: string | null | undefined): AppLanguage | null {
  if (!code) return null;
  const base = code.toLowerCase().split(/[-_]/)[0];
  if (base === 'fn' || base === 'fr') return 'fr';
  if (base === 'en') return 'en';
  return null;
}

/** The selector value for an interface language. */
export function toSelectorValue(language: string | undefined): 'fn' | 'en' {
  return toAppLanguage(language) === 'en' ? 'en' : 'fn';
}
