import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/test-i18n';
import { useValidationText } from './use-validation-text';

function validationTextIn(lng: 'fr' | 'en') {
  const i18n = createTestI18n(lng);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return renderHook(() => useValidationText(), { wrapper }).result.current;
}

describe('validation text', () => {
  it('says a message key in the page’s language', () => {
    expect(validationTextIn('fr')('email.invalid')).toBe('Saisissez une adresse e-mail valide.');
    expect(validationTextIn('en')('email.invalid')).toBe('Enter a valid e-mail address.');
  });

  it('says a key it does not know as the generic message, never as the raw key', () => {
    expect(validationTextIn('fr')('shipping.unknownRule')).toBe('Cette valeur n’est pas valide.');
  });

  it('shows a sentence as it is, and nothing for no message', () => {
    expect(validationTextIn('fr')('Saisissez un nom.')).toBe('Saisissez un nom.');
    expect(validationTextIn('fr')(undefined)).toBeUndefined();
  });
});
