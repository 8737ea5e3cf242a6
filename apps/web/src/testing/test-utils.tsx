import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store';
import type { RootState } from '@/app/store';
import { createTestI18n } from './test-i18n';

type Options = {
  route?: string;
  lng?: 'fr' | 'en';
  preloadedState?: Partial<RootState>;
  routes?: RouteObject[];
};

/** The app's real store, for tests that dispatch without rendering. */
export function createTestStore(preloadedState?: Partial<RootState>) {
  return makeStore(preloadedState);
}

/** Renders with the real store, translations and a memory router; returns the router to inspect navigation. */
export function renderWithProviders(
  ui: ReactElement | null,
  { route = '/', lng = 'en', preloadedState, routes }: Options = {},
) {
  const store = makeStore(preloadedState);
  const i18n = createTestI18n(lng);
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [route] });
  const view = render(
    <AppProvider store={store} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, router, i18n };
}

/** A JWT-shaped access token (unsigned: the client only reads it). */
export function fakeAccessToken({
  role = 'customer',
  expiresInSeconds = 3600,
}: { role?: string; expiresInSeconds?: number } = {}) {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', role, iat: now, exp: now + expiresInSeconds })}.signature`;
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
}
