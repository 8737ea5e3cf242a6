import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import { persistStore } from 'redux-persist';
import { AppProvider } from '@/app/provider';
import { isRouteHandle } from '@/app/layout/route-handle';
import { createAppRouter, routes } from '@/app/router';
import { setCurrentStore } from '@/app/current-store';
import { makeStore } from '@/app/store';
import { initI18n } from '@/i18n/i18n';
import '@/styles/global.css';
import '@/styles/components.css';
import '@/styles/layout.css';
import '@/styles/catalog.css';

// The translations of the screen the visit starts on are fetched with those of the shell, not after them.
const startNamespaces = (matchRoutes(routes, window.location) ?? []).flatMap(({ route }) =>
  isRouteHandle(route.handle) ? (route.handle.namespaces ?? []) : [],
);
// i18n first: the router starts loading the first screen at once, and its translations wait for i18n's init.
const i18nReady = initI18n(startNamespaces);
const store = makeStore();
setCurrentStore(store);
const persistor = persistStore(store);
const router = createAppRouter();

void i18nReady.then((i18n) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProvider store={store} persistor={persistor} i18n={i18n}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    ),
  );
});
