import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '@/lib/api-error';

/** Sentence for an API failure: the translated error code, else the server message, else a generic text. */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (failure: ApiFailure): string => {
      if (!failure.hasResponse) return t('network');
      if (failure.code && i18n.exists(failure.code, { ns: 'errors' })) return t(String(failure.code));
      return failure.message ?? t('internal_error');
    },
    [t, i18n],
  );
}
