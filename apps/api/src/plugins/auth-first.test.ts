import { describe, expect, it } from 'vitest';
import { login, registerUser, useApp } from '../../test/helper.ts';

type Operation = { security?: Record<string, string[]>[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations of the OpenAPI document that need a session (not those where one is optional). */
async function securedOperations(app: ReturnType<typeof useApp>['app']) {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json<Document>();
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method, operation]) => {
        const security = operation.security ?? [];
        return (
          methods.includes(method) &&
          security.length > 0 &&
          security.every((scheme) => Object.keys(scheme).length > 0)
        );
      })
      .map(([method]) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
        // Path parameters get a value no schema accepts: the session is checked before them too.
        url: (path.startsWith('/api') ? path : `/api${path}`).replace(/\{[^}]+\}/g, 'x'),
      })),
  );
}

describe('a session and its role are checked before the request is read', () => {
  const t = useApp();

  /** Each operation called with an empty body (when it takes one): `METHOD url → status`. */
  const answers = (operations: Awaited<ReturnType<typeof securedOperations>>, headers = {}) =>
    Promise.all(
      operations.map(async ({ method, url }) => {
        const response = await t.app.inject({
          method,
          url,
          headers,
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        return `${method} ${url} → ${response.statusCode}`;
      }),
    );

  it('answers a guest 401 on every operation that needs a session, whatever the body', async () => {
    const operations = await securedOperations(t.app);
    expect(operations.length).toBeGreaterThan(40);
    const guest = await answers(operations);
    expect(guest.filter((answer) => !answer.endsWith('→ 401'))).toEqual([]);
  });

  it('answers a customer 403 on every operation of the back office, whatever the body', async () => {
    const customer = await registerUser(t.app);
    const { access } = await login(t.app, customer.email, customer.password);
    const operations = (await securedOperations(t.app)).filter(({ url }) => url.startsWith('/api/admin/'));
    expect(operations.length).toBeGreaterThan(5);
    const asCustomer = await answers(operations, { authorization: `Bearer ${access}` });
    expect(asCustomer.filter((answer) => !answer.endsWith('→ 403'))).toEqual([]);
  });
});
