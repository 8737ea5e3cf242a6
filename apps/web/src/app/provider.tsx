import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ToastArea } from '@/components/ui/toast-area';
import { RouteSpinner } from './routes/route-spinner';
import type { AppStore, RootState } from './store';

type AppProviderProps = {
  store: AppStore;
  /** A server-rendered page's state, which its selectors read while it hydrates (app/visitor-state.ts). */
  serverState?: RootState;
  persistor?: Persistor;
  i18n: I18n;
  children: ReactNode;
};

/** Store, saved-state restore (nothing renders before it), translations and the toast area. */
export function AppProvider({ store, serverState, persistor, i18n, children }: AppProviderProps) {
  const content = (
    <Suspense fallback={<RouteSpinner />}>
      {children}
      <ToastArea />
    </Suspense>
  );
  return (
    <I18nextProvider i18n={i18n}>
      <Provider store={store} serverState={serverState}>
        {persistor ? (
          <PersistGate loading={null} persistor={persistor}>
            {content}
          </PersistGate>
        ) : (
          content
        )}
      </Provider>
    </I18nextProvider>
  );
}
