// @module-tag postgres — a transaction's connection is held from the pool of a server.
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useApp } from '../../../test/helper.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import { createRegistration } from './accounts.registration.ts';
import { hashPassword } from './passwords.ts';

const t = useApp();

describe('registration', () => {
  it('hashes the password before its transaction opens, so the connection is not held meanwhile', async () => {
    let open = 0;
    const transactionOpenWhileHashing: boolean[] = [];
    const transaction: AppTransaction = async (work, within) =>
      t.app.transaction(async (ctx) => {
        open += 1;
        try {
          return await work(ctx);
        } finally {
          open -= 1;
        }
      }, within);
    const accounts = createRegistration({
      db: t.app.db,
      transaction,
      mail: t.app.mail,
      emailLinks: t.config.emailLinks,
      email: t.app.accounts.email,
      hashPassword: async (password) => {
        transactionOpenWhileHashing.push(open > 0);
        return hashPassword(password);
      },
    });

    const email = uniqueEmail('hash-first');
    const user = await accounts.register(
      { firstName: 'Amel', lastName: 'Trabelsi', email, password: 'Secret123' },
      'customer',
    );
    expect(user.email).toBe(email);
    expect(transactionOpenWhileHashing).toEqual([false]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Secret123' },
    });
    expect(login.statusCode, 'the stored hash is the password’s').toBe(200);
  });
});
