import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { Header } from './header';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

describe('header', () => {
  it('reaches the main menu in a few tab stops: the top bar comes after it for the keyboard', () => {
    renderWithProviders(<Header />);
    const stops = Array.from(document.querySelectorAll<HTMLElement>(TABBABLE));
    const menu = stops.indexOf(screen.getAllByRole('link', { name: 'Home' })[0]!);
    // The burger (hidden on a desktop), the logo and the search box's field and button, at most.
    expect(menu).toBeGreaterThanOrEqual(0);
    expect(menu).toBeLessThanOrEqual(4);
    expect(stops.indexOf(screen.getByLabelText('Language'))).toBeGreaterThan(menu);
  });
});
