import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ToastArea } from '@/components/ui/toast-area';
import { RouteSpinner } from './routes/route-spinner';
import type { AppStore, RootState } from './store';

type AppProviderProps = {
  store: AppStore;
  /** A server-rendered page's state, which its selectors read while it hydrates (app/visitor-state.ts). */
  serverState?: RootState;
  i18n: I18n;
  children: ReactNode;
};

/**
 * Store, translations and the toast area. The app renders it once the saved state is restored (main.tsx), so
 * the first render already shows the visitor's session and cart.
 */
export function AppProvider({ store, serverState, i18n, children }: AppProviderProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store} serverState={serverState}>
        <Suspense fallback={<RouteSpinner />}>
          {children}
          <ToastArea />
        </Suspense>
      </Provider>
    </I18nextProvider>
  );
}
