import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_PAGE_VIEW } from '@hls/contract/page-views';
import { useApp } from '../../../test/helper.ts';
import { PRUNE_JOB } from './analytics.plugin.ts';

const post = (app: ReturnType<typeof useApp>['app'], path: string, client = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/analytics/pageview', payload: { path }, remoteAddress: client });

describe('POST /api/analytics/pageview', () => {
  const t = useApp({ env: { RATE_LIMIT_PAGEVIEW_MAX: '1000' } });
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

  it('counts addresses that are no page in one not-found bucket, and a product page with its id', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => post(t.app, `/${String(n).padStart(3, '0')}${'x'.repeat(496)}`)),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    expect(await views(NOT_FOUND_PAGE_VIEW)).toBe(200);
    await post(t.app, '/product/42?ref=mail');
    expect(await views('/product/42')).toBe(1);
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from page_views where day = current_date and path like '/0%'`,
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it(
    'deletes the days older than PAGE_VIEW_RETENTION through its daily job, and keeps the others',
    { tags: ['postgres'] },
    async () => {
      const day = (daysAgo: number) => sql`current_date - ${daysAgo}::int`;
      await t.database.db.execute(sql`insert into page_views (path, day, count)
      values ('/about', ${day(401)}, 3), ('/about', ${day(400)}, 2), ('/about', ${day(30)}, 1)`);
      const schedules = await t.database.db.execute<{ name: string }>(
        sql`select name from pgboss.schedule where name = ${PRUNE_JOB}`,
      );
      expect(schedules.rows).toHaveLength(1);

      await t.app.jobs.send(PRUNE_JOB, {});
      await t.app.jobs.settle();
      const left = await t.database.db.execute<{ days: number }>(
        sql`select current_date - day as days from page_views where path = '/about' order by day`,
      );
      expect(left.rows.map((row) => row.days)).toEqual([400, 30]);
    },
  );
});

describe('page views per client', () => {
  const t = useApp({ env: { RATE_LIMIT_PAGEVIEW_MAX: '3', RATE_LIMIT_PAGEVIEW_WINDOW: '1m' } });

  it('refuses a client’s views past RATE_LIMIT_PAGEVIEW_MAX a window with 429, other clients still counted', async () => {
    const statuses = [];
    for (let n = 0; n < 5; n += 1) statuses.push((await post(t.app, '/book', '198.51.100.1')).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429, 429]);
    expect((await post(t.app, '/book', '198.51.100.2')).statusCode).toBe(204);
  });
});
