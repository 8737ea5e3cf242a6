import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApp } from '../../../test/helper.ts';

describe('POST /api/analytics/pageview', () => {
  const t = useApp();
  const views = async (path: string) =>
    (
      await t.database.db.execute<{ count: number }>(
        sql`select count from page_views where path = ${path} and day = current_date`,
      )
    ).rows[0]?.count ?? 0;

  it('counts views per path and day, dropping query strings', async () => {
    for (const path of ['/book', '/book?utm_source=mail&email=someone@example.test', '/book#top']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/analytics/pageview',
        payload: { path },
      });
      expect(response.statusCode).toBe(204);
    }
    expect(await views('/book')).toBe(3);
    const stored = await t.database.db.execute<{ path: string }>(sql`select path from page_views`);
    expect(stored.rows.map((r) => r.path)).toEqual(['/book']);
  });

  it('never stores a password reset link’s token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: '/password/reset/confirm/c2VjcmV0LXJlc2V0LXRva2Vu' },
    });
    expect(response.statusCode).toBe(204);
    const stored = await t.database.db.execute<{ path: string }>(
      sql`select path from page_views where path like '/password/%'`,
    );
    expect(stored.rows.map((r) => r.path)).toEqual(['/password/reset/confirm/']);
  });

  it('refuses a path that is not absolute with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/analytics/pageview',
      payload: { path: 'http://evil' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
  });
});
