import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser, useApp } from '../../test/helper.ts';
import { contactMessages, users } from '../db/schema.ts';
import { errorWithoutValues } from './logger.ts';

const NUL = '\u0000';

describe('control characters in inputs', () => {
  const t = useApp();
  const count = async (table: typeof users | typeof contactMessages) =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  it('refuses a NUL in a registration name with a 400 naming the field, and stores nothing', async () => {
    const before = await count(users);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register/customer',
      headers: { 'accept-language': 'en' },
      payload: {
        firstName: `Na${NUL}dia`,
        lastName: 'Haddad',
        email: 'nul.name@example.test',
        password: 'Secret123',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: { firstName: expect.stringContaining('control character') },
      },
    });
    expect(await count(users)).toBe(before);
  });

  it('names the field in French; tabs and new lines in a message are fine', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'accept-language': 'fr' },
      payload: {
        name: 'Sami',
        email: 'sami@example.test',
        subject: `Objet${NUL}`,
        message: 'Bonjour\tà vous,\r\nmerci.',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json<{ error: { fields: object } }>().error.fields)).toEqual(['subject']);
    expect(response.body).toContain('caractère de contrôle');
    expect(await count(contactMessages)).toBe(0);
  });

  it('refuses them in a search, and an escape character in a profile update', async () => {
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/books/filter/book?page=1',
      payload: { search: `droit${NUL}` },
    });
    expect(search.statusCode).toBe(400);
    expect(Object.keys(search.json<{ error: { fields: object } }>().error.fields)).toEqual(['search']);

    const author = await registerUser(t.app, {}, 'author');
    const { access } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: author.email, password: author.password },
      })
    ).json<{ access: string }>();
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/update/user',
      headers: { authorization: `Bearer ${access}` },
      payload: { firstName: 'Nadia', lastName: `Had\u001bdad` },
    });
    expect(update.statusCode).toBe(400);
    expect(Object.keys(update.json<{ error: { fields: object } }>().error.fields)).toEqual(['lastName']);
  });
});

describe('errors in the logs', () => {
  const t = useApp();

  it('carry the failed query, its code and stack, never the values it was given', async () => {
    const secret = 'victim@example.test';
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    const error = await t.database.db
      .execute(
        sql`INSERT INTO users (email, password_hash, first_name, last_name, role) VALUES (${secret}, ${hash}, ${'a' + NUL}, 'b', 'customer')`,
      )
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(`${error!.message}`).toContain(secret);
    const logged = JSON.stringify(errorWithoutValues(error!));
    expect(logged).toContain('INSERT INTO users');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(hash);
  });
});
