import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/test-i18n';
import { useAppLanguage } from './use-app-language';

describe('the interface language', () => {
  it('is the language of the page, and follows a change of language', async () => {
    const i18n = createTestI18n('fr');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    );
    const { result } = renderHook(() => useAppLanguage(), { wrapper });
    expect(result.current).toBe('fr');
    await act(() => i18n.changeLanguage('en-GB'));
    expect(result.current).toBe('en');
  });
});
