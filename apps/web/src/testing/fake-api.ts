import { vi } from 'vitest';
import { jsonResponse } from './test-utils';

type Handler = (call: ApiCall) => Response | Promise<Response>;
export type ApiCall = { method: string; path: string; search: string; body: unknown; headers: Headers };

/**
 * Answers the app's API calls in a test: `routes` maps "METHOD /api/path" (the path a regular expression) to a
 * handler; anything else is a 404. Every call is recorded with its parsed JSON body.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path: new RegExp(`^${path}$`), handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const call: ApiCall = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const route = compiled.find((r) => r.method === request.method && r.path.test(url.pathname));
    if (!route) return jsonResponse(404, { error: { code: 'not_found', message: 'Not found.' } });
    return route.handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls to one "METHOD /api/path". */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
