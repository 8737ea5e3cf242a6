import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { LanguageSelect } from './preferences';

describe('language selector', () => {
  it('offers Français (fn) and English (en)', () => {
    renderWithProviders(<LanguageSelect />, { lng: 'fr' });
    const select = screen.getByRole('combobox', { name: 'Langue' });
    expect(select).toHaveValue('fn');
    expect(screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['fn', 'Français'],
      ['en', 'English'],
    ]);
  });

  it('switches the interface and the document language', async () => {
    const { i18n } = renderWithProviders(<LanguageSelect />, { lng: 'fr' });
    expect(document.documentElement.lang).toBe('fr');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Langue' }), 'en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fn');
    expect(document.documentElement.lang).toBe('fr');
  });
});
