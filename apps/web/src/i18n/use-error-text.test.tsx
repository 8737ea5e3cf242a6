import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '@hls/contract';
import { createTestI18n } from '@/testing/test-i18n';
import { useErrorText } from './use-error-text';

function errorTextIn(lng: 'fr' | 'en') {
  const i18n = createTestI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(() => useErrorText(), { wrapper }).result.current;
}

describe('error text', () => {
  it('says an error code in the page’s language', () => {
    expect(errorTextIn('fr')({ hasResponse: true, code: 'invalid_credentials' })).toBe(
      'Adresse e-mail ou mot de passe incorrect.',
    );
    expect(errorTextIn('en')({ hasResponse: true, code: 'invalid_credentials' })).toBe(
      'Wrong e-mail address or password.',
    );
  });

  it('says a code it has no words for as an unexpected error, in the page’s language, never in the server’s', () => {
    const failure = { hasResponse: true, code: 'teapot' as ErrorCode, message: 'I am a teapot.' };
    expect(errorTextIn('fr')(failure)).toBe('Une erreur inattendue s’est produite. Réessayez plus tard.');
  });

  it('has words for every error code the API can answer with, in both languages', async () => {
    const { errorCodes } = await import('@hls/contract');
    for (const lng of ['fr', 'en'] as const) {
      const i18n = createTestI18n(lng);
      expect(
        errorCodes.filter((code) => !i18n.exists(code, { ns: 'errors' })),
        lng,
      ).toEqual([]);
    }
  });
});
