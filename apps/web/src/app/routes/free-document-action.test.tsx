import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAccessToken, renderWithProviders } from '@/testing/test-utils';
import { FreeDocumentAction } from './free-document-action';

describe('a free document in the wishlist or the compare list', () => {
  it('asks a visitor to log in, and the login page knows to come back', async () => {
    const { router } = renderWithProviders(null, {
      routes: [
        { path: '/wishlist', element: <FreeDocumentAction productId={7} /> },
        { path: '/login-register', element: <h1>Login</h1> },
      ],
      route: '/wishlist',
    });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Free — log in to download' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/wishlist' });
  });

  it('offers a logged-in user its download', () => {
    renderWithProviders(<FreeDocumentAction productId={7} />, {
      preloadedState: {
        auth: {
          loading: false,
          userInfo: null,
          userToken: fakeAccessToken(),
          error: null,
          success: false,
          restoring: false,
        },
      },
    });
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });
});
