import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { buttonClasses } from './button-classes';
import { ButtonLink } from './button-link';

describe('buttons', () => {
  it('builds the classes in one order: btn, variant, size, block, then the caller’s', () => {
    expect(buttonClasses()).toBe('btn btn--primary btn--md');
    expect(buttonClasses({ variant: 'danger', size: 'sm', block: true, className: 'x y' })).toBe(
      'btn btn--danger btn--sm btn--block x y',
    );
    expect(buttonClasses({ variant: 'link', size: null })).toBe('btn btn--link');
  });

  it('draws a button of type button, with its icon before the label, and a spinner instead while busy', () => {
    const { rerender } = render(
      <Button variant="ghost" icon={<svg data-testid="icon" />}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('btn btn--ghost btn--md', { exact: true });
    expect(button.firstElementChild).toBe(screen.getByTestId('icon'));
    rerender(
      <Button busy busyLabel="Saving" icon={<svg data-testid="icon" />}>
        Save
      </Button>,
    );
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(screen.getByRole('button')).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Saving');
  });

  it('draws a link as a button, its content as it is', () => {
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <ButtonLink to="/cart" variant="secondary" block className="extra">
            <strong>Cart</strong>
          </ButtonLink>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link).toHaveAttribute('href', '/cart');
    expect(link).toHaveClass('btn btn--secondary btn--md btn--block extra', { exact: true });
    expect(link.firstElementChild?.tagName).toBe('STRONG');
  });
});
