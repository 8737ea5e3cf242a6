// @module-tag postgres — events reach the other instances through the server's LISTEN/NOTIFY.
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { build, login, registerUser, type TestApp } from '../../test/helper.ts';

/** The names of the events this app sends to the other instances, in the order sent, heard as another would. */
async function listen(t: TestApp): Promise<{ heard: string[]; close: () => Promise<void> }> {
  const client = new pg.Client(t.database.pool.options);
  await client.connect();
  const heard: string[] = [];
  client.on('notification', (n) => heard.push((JSON.parse(n.payload ?? '{}') as { name: string }).name));
  await client.query('LISTEN hls_events');
  return { heard, close: () => client.end() };
}

/** A registration (its confirmation e-mail queued), then a logout (sessions ended: always sent). */
async function registerThenLogout(t: TestApp, heard: string[]): Promise<void> {
  const { email, password } = await registerUser(t.app);
  const { refresh } = await login(t.app, email, password);
  await t.app.inject({ method: 'POST', url: '/api/logout', payload: { refresh } });
  // Notifications arrive in the order sent: once the logout's is heard, the e-mail's would have been.
  for (let i = 0; i < 200 && !heard.includes('accounts.sessions-ended'); i += 1)
    await new Promise((resolve) => setTimeout(resolve, 25));
  expect(heard).toContain('accounts.sessions-ended');
}

describe.runIf(inject('testDatabase').kind === 'postgres')('events sent to the other instances', () => {
  it('leaves out mail queued where a sender runs, and sends it where none does', async () => {
    for (const runMailSender of [true, false]) {
      const t = await build({ runMailSender });
      const listener = await listen(t);
      try {
        await registerThenLogout(t, listener.heard);
        // The confirmation e-mail's event, told once, by the registration's transaction as it committed.
        expect(listener.heard.filter((name) => name === 'mail.queued')).toHaveLength(runMailSender ? 0 : 1);
      } finally {
        await listener.close();
        await t.close();
      }
    }
  });
});
