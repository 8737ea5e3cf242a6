import { useTranslation } from 'react-i18next';
import type { Language } from '@hls/contract';
import { appLanguage } from './languages';

/** The interface language (`fr` or `en`), for the texts the API gives in both (a category's name, …). */
export function useAppLanguage(): Language {
  const { i18n } = useTranslation();
  return appLanguage(i18n.language);
}
