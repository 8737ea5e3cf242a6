import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '@/i18n/use-validation-text';

/**
 * A field message as text: the codes of the editorial forms (`comment.required`, `confidentiality.required` …)
 * from this screen's namespace, any other from `validation`, a server sentence as it is.
 */
export function useFieldText() {
  const { t, i18n } = useTranslation('editorial');
  const validationText = useValidationText();
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = `fields.${message}`;
      return i18n.exists(key, { ns: 'editorial' }) ? t(key) : validationText(message);
    },
    [t, i18n, validationText],
  );
}
