import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A message key such as `email.invalid` or `upload.tooLarge`, as the contract and the server name them. */
const messageKey = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;

/**
 * Turns a field message into text in the page's language: messages are keys of the `validation` namespace
 * (`email.invalid`), from the form's own check or the server's `fieldKeys`; a key this page does not know reads
 * as the generic "not valid". A sentence (a server that sent no key) is shown as it is.
 */
export function useValidationText() {
  const { t, i18n } = useTranslation('validation');
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      if (i18n.exists(message, { ns: 'validation' })) return t(message);
      return messageKey.test(message) ? t('generic.invalid') : message;
    },
    [t, i18n],
  );
}
