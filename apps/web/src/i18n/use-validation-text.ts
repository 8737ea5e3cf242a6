import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Turns a field message into text: client messages are keys of the `validation` namespace
 * (e.g. `email.invalid`); server messages are already sentences and are shown as they are.
 */
export function useValidationText() {
  const { t, i18n } = useTranslation('validation');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      return i18n.exists(message, { ns: 'validation' }) ? t(message) : message;
    },
    [t, i18n],
  );
}
