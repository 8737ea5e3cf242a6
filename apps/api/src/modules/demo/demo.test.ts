import { describe, expect, it } from 'vitest';
import { login, useApp } from '../../../test/helper.ts';
import { DEMO_PASSWORD, demoAccounts } from './demo.accounts.ts';
import { seedDemo } from './demo.seed.ts';

describe('demo data', () => {
  const t = useApp();

  it('creates one account per role that can log in, and is idempotent', async () => {
    expect((await seedDemo(t.database.db)).accounts).toHaveLength(4);
    expect((await seedDemo(t.database.db)).accounts).toHaveLength(0);
    for (const account of demoAccounts) {
      const { access } = await login(t.app, account.email, DEMO_PASSWORD);
      const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString());
      expect(claims.role).toBe(account.role);
    }
    expect(demoAccounts.map((a) => a.role).sort()).toEqual(['admin', 'author', 'customer', 'editor']);
  });
});
