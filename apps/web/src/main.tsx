import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { markServerRendered } from '@/lib/after-first-paint';
import { AppReady } from '@/app/app-ready';
import { AppProvider } from '@/app/provider';
import { isRouteHandle } from '@/app/layout/route-handle';
import { createAppRouter, routes } from '@/app/router';
import { setCurrentStore } from '@/app/current-store';
import { makeStore, persistVisitorState } from '@/app/store';
import { asServerRendered } from '@/app/visitor-state';
import { initI18n } from '@/i18n/i18n';
import { toAppLanguage } from '@/i18n/languages';
import { readServerData, serverDataReceived } from '@/lib/server-data';
import '@/styles/global.css';
import '@/styles/components.css';
import '@/styles/layout.css';
import '@/styles/catalog.css';
// Product pages' customer reviews are rendered by the server too: their styles come with the first paint.
import '@/styles/reviews.css';
// The content pages' styles too: they are rendered on the server, and their first paint needs them.
import '@/styles/content.css';

/** Loads the code of the routes a URL matches, so the router starts with them as the server rendered them. */
async function loadMatchedRoutes(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }: { route: RouteObject }) => {
      const { lazy } = route;
      if (!lazy) return;
      const loaded =
        typeof lazy === 'function'
          ? await lazy()
          : Object.fromEntries(
              await Promise.all(
                Object.entries(lazy).map(async ([key, load]) => [key, await (load as () => unknown)()]),
              ),
            );
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

// The translations of the screen the visit starts on are fetched with those of the shell, not after them.
const startNamespaces = (matchRoutes(routes, window.location) ?? []).flatMap(({ route }) =>
  isRouteHandle(route.handle) ? (route.handle.namespaces ?? []) : [],
);
const serverData = readServerData();
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
const store = makeStore();
setCurrentStore(store);

if (serverData) {
  // A server-rendered page: the browser takes over the markup it has (hydration) from the same state, the
  // server's data and language; what depends on the visitor (session, cart, wishlist …) comes right after.
  markServerRendered();
  const language = toAppLanguage(serverData.language) ?? undefined;
  const i18nReady = initI18n(startNamespaces, language);
  const dataReady = serverData.api
    ? import('@/lib/api-client').then(() => store.dispatch(serverDataReceived(serverData.api)))
    : null;
  void Promise.all([i18nReady, loadMatchedRoutes(window.location), dataReady]).then(([i18n]) => {
    const router = createAppRouter({ hydrationData: serverData.router });
    // Hydration reads the state the server rendered with; the visitor's (session, saved cart …) follows at once.
    const serverState = asServerRendered(store.getState());
    persistVisitorState(store);
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppProvider store={store} serverState={serverState} i18n={i18n}>
            <RouterProvider router={router} />
            <AppReady />
          </AppProvider>
        </StrictMode>,
      );
    });
  });
} else {
  // i18n first: the router starts loading the first screen at once, and its translations wait for i18n's init.
  const i18nReady = initI18n(startNamespaces);
  // Nothing renders before the visitor's saved state (session, cart …) is back in the store.
  const restored = new Promise<void>((resolve) => {
    persistVisitorState(store, resolve);
  });
  const router = createAppRouter();
  void Promise.all([i18nReady, restored]).then(([i18n]) => {
    const root = createRoot(container);
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page.
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProvider store={store} i18n={i18n}>
            <RouterProvider router={router} />
            <AppReady />
          </AppProvider>
        </StrictMode>,
      ),
    );
  });
}
