// @module-tag postgres — lost connections, locks and timeouts are a server's.
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it, inject } from 'vitest';
import { build, registerUser, uniqueEmail } from '../../test/helper.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { mapError } from '../plugins/error-mapping.ts';
import { isDatabaseUnavailable } from './errors.ts';

const translate = (key: string) => key;

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );
}

describe('a database out of reach or too slow', () => {
  it('answers 503 service_unavailable for a statement past the statement timeout', async () => {
    const database = await openTestDatabase({ statementTimeoutMs: 300 });
    try {
      const error = await rejection(database.pool.query('SELECT pg_sleep(2)'));
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(mapError(error, translate)).toEqual({
        status: 503,
        body: { error: { code: 'service_unavailable', message: 'The service is temporarily unavailable.' } },
        fault: true,
      });
    } finally {
      await database.close();
    }
  });

  it('answers 503 for a refused connection, and a request the database refuses stays a 500', async () => {
    const client = new pg.Client({
      host: '127.0.0.1',
      port: await closedPort(),
      connectionTimeoutMillis: 2000,
    });
    const refused = await rejection(client.connect());
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(mapError(refused, translate).status).toBe(503);

    const database = await openTestDatabase();
    try {
      const wrong = await rejection(database.pool.query('SELECT * FROM no_such_table'));
      expect(isDatabaseUnavailable(wrong)).toBe(false);
      expect(mapError(wrong, translate).status).toBe(500);
    } finally {
      await database.close();
    }
  });

  it('answers 503 for a connection reset by the server, and for a client left unusable by a broken connection', () => {
    // What node-postgres reports when the server goes away under a query, and on the rollback that follows.
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const broken = new Error('Client has encountered a connection error and is not queryable');
    for (const cause of [reset, broken]) {
      const wrapped = new Error('Failed query: rollback', { cause });
      expect(isDatabaseUnavailable(wrapped)).toBe(true);
      expect(mapError(wrapped, translate).status).toBe(503);
    }
    expect(isDatabaseUnavailable(new Error('Client has no such table'))).toBe(false);
  });

  // Another session holding a lock is something only a PostgreSQL server has (the embedded one is one session).
  it.runIf(inject('testDatabase').kind === 'postgres')(
    'a login held up past the timeout by a lock answers 503 with Retry-After, and works once the lock is gone',
    async () => {
      const { app, database, close } = await build({ env: { DATABASE_STATEMENT_TIMEOUT: '500ms' } });
      try {
        const email = uniqueEmail('slow');
        await registerUser(app, { email, password: 'Secret123' });
        const locker = await database.pool.connect();
        try {
          await locker.query('BEGIN');
          await locker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
          const held = await app.inject({
            method: 'POST',
            url: '/api/login',
            payload: { email, password: 'Secret123' },
          });
          expect(held.statusCode).toBe(503);
          expect(held.headers['retry-after']).toBe('5');
          expect(held.json()).toMatchObject({ error: { code: 'service_unavailable' } });
        } finally {
          await locker.query('ROLLBACK');
          locker.release();
        }
        const again = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: 'Secret123' },
        });
        expect(again.statusCode).toBe(200);
      } finally {
        await close();
      }
    },
  );
});
