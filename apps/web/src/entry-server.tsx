/**
 * The server render of a page (built with `vite build --ssr`, run by the API): the public screens reach the
 * visitor as HTML, painted before any JavaScript, with their data and their head; the browser then hydrates them
 * (main.tsx). Personal screens (cart, login, account …) are not rendered here: they need the visitor's saved
 * state, which only the browser has.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router';
import type { RouteObject } from 'react-router';
import { markServerRendered } from '@/lib/after-first-paint';
import { AppReady } from '@/app/app-ready';
import { storeContext } from '@/app/current-store';
import { env } from '@/config/env';
import { paths, SEARCH_PARAM } from '@/config/paths';
import { isRouteHandle } from '@/app/layout/route-handle';
import { AppProvider } from '@/app/provider';
import { LOGIN_REQUIRED, routes } from '@/app/router';
import { makeStore } from '@/app/store';
import { sectionPages } from '@/features/catalog/catalog-trail';
import { parseListParams, readSearch, toSearchParams } from '@/features/catalog/list-params';
import { contentApi } from '@/features/content/api/content-api';
import { formatTitle } from '@/components/seo/seo-head';
import { createServerPage, ServerPageContext } from '@/components/seo/server-page';
import { SiteOriginContext } from '@/components/seo/site-origin';
import type { AppLanguage } from '@/i18n/languages';
import { baseOptions, defaultNamespace, namespaces } from '@/i18n/options';
import { api, setServerFetch } from '@/lib/api-client';
import type { ServerData } from '@/lib/server-data';
import type { Section } from '@hls/contract';
import type { PageRequest, RenderedPage, ServerRenderOptions } from '@hls/contract/server-render';

/** Base of the request the router's handler gets: only the page's path and query matter to it. */
const ORIGIN = 'http://hls.internal';
// Whatever this module renders is a server render: the whole shell, with its data (lib/after-first-paint.ts).
markServerRendered();
const handler = createStaticHandler(routes);
let translations: ServerRenderOptions['translations'] | null = null;
const instances = new Map<AppLanguage, Promise<I18n>>();

export function configure(options: ServerRenderOptions): void {
  setServerFetch(options.fetch);
  translations = options.translations;
  instances.clear();
}

/** One i18next instance per language, with every namespace: renders only read it. */
function translatorFor(language: AppLanguage): Promise<I18n> {
  let instance = instances.get(language);
  if (!instance) {
    const read = translations;
    if (!read) throw new Error('configure() the server render first');
    instance = (async () => {
      const loaded = await Promise.all(namespaces.map(async (ns) => [ns, await read(language, ns)] as const));
      const i18n = i18next.createInstance().use(initReactI18next);
      await i18n.init({
        ...baseOptions,
        lng: language,
        resources: { [language]: Object.fromEntries(loaded) },
        react: { useSuspense: false },
      });
      return i18n;
    })();
    // A failed read is tried again by the next render rather than remembered.
    instance.catch(() => instances.delete(language));
    instances.set(language, instance);
  }
  return instance;
}

/**
 * The translation namespaces of the page at `url`, or null when the server does not render it (a personal screen,
 * made of the visitor's saved state).
 */
function serverRenderedNamespaces(url: string): string[] | null {
  const matches = matchRoutes(routes, url) ?? [];
  const handles = matches.map(({ route }) => (isRouteHandle(route.handle) ? route.handle : null));
  if (
    matches.length === 0 ||
    matches.some(({ route }, index) => route.id === LOGIN_REQUIRED || handles[index]?.personal)
  )
    return null;
  return [...new Set([defaultNamespace, ...handles.flatMap((handle) => handle?.namespaces ?? [])])];
}

/** The query parameters each screen that reads any reads, as it reads them: values checked, defaults left out. */
const screenQueries = new Map<string, (query: URLSearchParams) => URLSearchParams>([
  ...Object.entries(sectionPages).map(
    ([section, page]) =>
      [
        page.path,
        (query: URLSearchParams) => toSearchParams(parseListParams(query, section as Section)),
      ] as const,
  ),
  [
    paths.search.path,
    (query) => {
      const search = readSearch(query);
      return new URLSearchParams(search ? { [SEARCH_PARAM]: search } : {});
    },
  ],
  [
    paths.passwordResetConfirm.path,
    (query) => new URLSearchParams(query.get('token') ? { token: query.get('token')! } : {}),
  ],
]);

/** Route of each path asked lately: matching ranks every route again (about 0.1 ms), paid once per path. */
const routeByPath = new Map<string, RouteObject | undefined>();
const PATHS_KEPT = 2000;
function matchedRoute(pathname: string): RouteObject | undefined {
  if (routeByPath.has(pathname)) return routeByPath.get(pathname);
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (routeByPath.size >= PATHS_KEPT) routeByPath.delete(routeByPath.keys().next().value!);
  routeByPath.set(pathname, route);
  return route;
}

/** Where every unknown path is rendered: the 404 page shows nothing of the address asked. */
const NOT_FOUND_URL = '/not-found';
if (matchedRoute(NOT_FOUND_URL)?.path !== '*') throw new Error(`${NOT_FOUND_URL} must be an unknown path`);

/** The address a page is rendered at and kept under (`ServerRender.pageUrl`). */
export function pageUrl(url: string): string {
  const { pathname, searchParams } = new URL(url, ORIGIN);
  const route = matchedRoute(pathname);
  if (route?.path === '*') return NOT_FOUND_URL;
  const read = route?.path === undefined ? undefined : screenQueries.get(route.path);
  const query = read ? read(searchParams).toString() : '';
  return query ? `${pathname}?${query}` : pathname;
}

/** JSON for a <script type="application/json"> element: no "<" can close it or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Renders a page in a language, with its data; null when the page is left to the browser (a personal screen, or
 * a loader's error or redirect: the browser then renders it as it does without a server render).
 */
export async function render({ url, language, origin }: PageRequest): Promise<RenderedPage | null> {
  const pageNamespaces = serverRenderedNamespaces(url);
  if (!pageNamespaces) return null;
  const [i18n, store] = [await translatorFor(language), makeStore()];
  const requestContext = new RouterContextProvider();
  requestContext.set(storeContext, store);
  const context = await handler.query(new Request(new URL(url, ORIGIN)), { requestContext });
  if (context instanceof Response || context.errors) return null;
  // The shell's own data: the live site contacts of the header and the footer.
  void store.dispatch(contentApi.util.prefetch('getSiteInfo', undefined, {}));
  // The loaders started the screen's requests; the render shows their answers.
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));

  const page = createServerPage();
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <ServerPageContext value={page}>
        <SiteOriginContext value={origin}>
          <AppProvider store={store} i18n={i18n}>
            <StaticRouterProvider
              router={createStaticRouter(handler.dataRoutes, context)}
              context={context}
              hydrate={false}
            />
            <AppReady />
          </AppProvider>
        </SiteOriginContext>
      </ServerPageContext>
    </StrictMode>,
    {
      onError: (error) => void failures.push(error),
      // Every boundary inline, in document order: no boundary is held back to be revealed by an inline script,
      // which neither the CSP (script-src 'self') nor a page without JavaScript would run.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const html = await new Response(prelude).text();
  if (failures.length > 0) throw failures[0];

  type CachedQuery = { status?: string } | undefined;
  const { queries, ...cache } = store.getState().api ?? { queries: {} };
  const answered = Object.entries(queries as Record<string, CachedQuery>).filter(
    ([, query]) => query?.status === 'fulfilled' || query?.status === 'rejected',
  );
  const data: ServerData = {
    language,
    router: { loaderData: context.loaderData, actionData: null, errors: null },
    api: { ...cache, queries: Object.fromEntries(answered), subscriptions: {} },
  };
  const json = scriptJson(data);
  // Ends the store's removal timers (an hour for the site's facts), which would keep every render's store alive.
  store.dispatch(api.util.resetApiState());
  const shown = page.shown();
  return {
    status: page.code(),
    title: formatTitle(shown?.title),
    description: shown?.description ?? null,
    html,
    data: json,
    // As the browser's i18next asks for them (i18n/i18n.ts).
    preload: pageNamespaces.map((ns) => `${env.apiUrl}/locales/${language}/${ns}.json`),
  };
}
