import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '@/lib/api-error';

type Failure = Pick<ApiFailure, 'hasResponse' | 'code'> & { retryAfter?: number | null };

/**
 * Sentence for an API failure, always in the page's language: the translated error code (with the wait a
 * throttled answer names), else a generic text — never the server's own message, which is English.
 */
export function useErrorText() {
  const { t, i18n } = useTranslation('errors');
  return useCallback(
    (failure: Failure): string => {
      if (!failure.hasResponse) return t('network');
      if (failure.code === 'rate_limited' && failure.retryAfter) {
        const seconds = failure.retryAfter;
        return seconds < 90
          ? t('rate_limited_seconds', { count: seconds })
          : t('rate_limited_minutes', { count: Math.ceil(seconds / 60) });
      }
      if (failure.code && i18n.exists(failure.code, { ns: 'errors' })) return t(String(failure.code));
      return t('internal_error');
    },
    [t, i18n],
  );
}
