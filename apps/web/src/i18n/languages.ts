import type { Language } from '@hls/contract';
import { DEFAULT_LANGUAGE, parseLanguage, resolveLanguage } from '@hls/contract/language';
import { languages } from '@hls/contract/values';

/** Languages of the interface. The spec names French `fn`; it is accepted everywhere as an alias of `fr`. */
export const appLanguages = languages;
export type AppLanguage = Language;

export const FALLBACK_LANGUAGE: AppLanguage = DEFAULT_LANGUAGE;

/** Values offered by the language selector (SPEC §9: fn = French, en = English). */
export const languageOptions = [
  { value: 'fn', language: 'fr', label: 'Français' },
  { value: 'en', language: 'en', label: 'English' },
] as const;

/** Maps any detected or stored code (fn, fr-FR, en-GB, …) to an interface language, or null when unsupported. */
export function toAppLanguage(code: string | null | undefined): AppLanguage | null {
  return parseLanguage(code) ?? null;
}

/**
 * The interface language of a code as i18next or a browser gives it (fn, fr-FR, en-GB, …), read by the product's
 * one rule (@hls/contract/language): French when it names no language the shop speaks. For code outside React;
 * components use `useAppLanguage`.
 */
export function appLanguage(code: string | null | undefined): Language {
  return resolveLanguage(code);
}

/** The selector value for an interface language. */
export function toSelectorValue(language: string | undefined): 'fn' | 'en' {
  return parseLanguage(language) === 'en' ? 'en' : 'fn';
}
