// @module-tag postgres — a server ending its sessions (a restart, a failover) is a server's.
import pg from 'pg';
import { describe, expect, it, inject } from 'vitest';
import { build, json, readMails, registerUser, uniqueEmail } from '../../test/helper.ts';

/** Ends, as `pg_ctl stop -m fast` does, every session of the database but the caller's: SQLSTATE 57P01. */
async function terminateSessions(connectionString: string, database: string): Promise<number> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

// The embedded database is one session in this process: nothing can end it from outside.
describe.runIf(inject('testDatabase').kind === 'postgres')('the database ending its sessions', () => {
  it('under load, a checked-out connection losing its server ends no process: 503 at worst, then service again', async () => {
    const { app, database, mailDir, close } = await build({ runMailSender: true });
    try {
      const email = uniqueEmail('restart');
      await registerUser(app, { email, password: 'Secret123' });
      let pings = 0;
      await app.jobs.work('test.lost-connections.ping', async () => {
        pings += 1;
      });
      const connectionString = database.pool.options.connectionString!;
      const { rows } = await database.pool.query<{ name: string }>('SELECT current_database() AS name');
      const name = rows[0]!.name;

      // A connection checked out of the pool between two statements of a transaction, as a checkout holds one:
      // the server's "terminating connection" reaches it while no query waits for an answer.
      const held = await database.pool.connect();
      await held.query('BEGIN');
      const load = Array.from({ length: 8 }, (_, i) =>
        app.inject(
          i % 2
            ? { method: 'POST', url: '/api/login', payload: { email, password: 'Secret123' } }
            : { method: 'POST', url: '/api/books/filter/book', payload: {} },
        ),
      );
      expect(await terminateSessions(connectionString, name)).toBeGreaterThan(0);
      // The next statement on the held connection fails, after the driver has read the server's notice of the end.
      await expect(held.query('SELECT 1')).rejects.toThrow();
      held.release(true);

      // What ran meanwhile either succeeded or was told to come back later; none met a server error.
      for (const response of await Promise.all(load)) {
        expect([200, 503], response.body).toContain(response.statusCode);
        if (response.statusCode === 503) expect(response.headers['retry-after']).toBe('5');
      }

      // The pool opens fresh connections: the service carries on by itself.
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'Secret123' },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(json<{ access: string }>(login).access).toEqual(expect.any(String));

      // The job queue and the mail sender, whose connections were ended too, carry on by themselves.
      await app.jobs.send('test.lost-connections.ping', {});
      await app.jobs.settle();
      expect(pings).toBe(1);
      const later = uniqueEmail('after-restart');
      await registerUser(app, { email: later, password: 'Secret123' });
      await expect
        .poll(() => readMails(mailDir).some((mail) => mail.to.includes(later)), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await close();
    }
  });
});
