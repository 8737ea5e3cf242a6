import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppSelector } from '@/app/hooks';
import { selectIsLoggedIn } from '@/features/auth/auth-slice';
import { ACCESS_TOKEN_KEY } from '@/lib/token-storage';
import { createTestI18n } from '@/testing/test-i18n';
import { fakeAccessToken } from '@/testing/test-utils';
import { AppProvider } from './provider';
import { makeStore } from './store';
import { asServerRendered } from './visitor-state';

function Visitor() {
  return <p>{useAppSelector(selectIsLoggedIn) ? 'logged in' : 'logged out'}</p>;
}

describe('a server-rendered page taken over by a logged-in visitor', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hydrates as the server rendered it, logged out, then shows the session', async () => {
    const i18n = createTestI18n('en');
    const serverStore = makeStore(asServerRendered(makeStore().getState()));
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <AppProvider store={serverStore} i18n={i18n}>
        <Visitor />
      </AppProvider>,
    );
    document.body.append(container);
    expect(container.textContent).toBe('logged out');

    localStorage.setItem(ACCESS_TOKEN_KEY, fakeAccessToken());
    const store = makeStore();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <AppProvider store={store} serverState={asServerRendered(store.getState())} i18n={i18n}>
          <Visitor />
        </AppProvider>,
        { onRecoverableError: recoverable },
      );
    });
    expect(await screen.findByText('logged in')).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
