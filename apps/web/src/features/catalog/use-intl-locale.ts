import { useTranslation } from 'react-i18next';
import { intlLocale } from '@/lib/money';

/** The Intl locale of the interface language, for prices, sizes and numbers. */
export function useIntlLocale(): string {
  const { i18n } = useTranslation();
  return intlLocale(i18n.language);
}
