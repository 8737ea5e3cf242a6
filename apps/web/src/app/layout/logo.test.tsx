import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { Logo } from './logo';

describe('logo', () => {
  it.each([
    ['fr', 'Livres · Pro · Étudiants'],
    ['en', 'Books · Pro · Students'],
  ] as const)('says its tagline in the page’s language (%s)', (lng, tagline) => {
    const { container } = renderWithProviders(<Logo />, { lng });
    expect(container.querySelector('.logo__tagline')).toHaveTextContent(tagline);
  });
});
