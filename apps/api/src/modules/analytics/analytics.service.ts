import { sql } from 'drizzle-orm';
import { countedPageView } from '@hls/contract/page-views';
import type { Db } from '../../db/database.ts';
import { pageViews } from './analytics.tables.ts';

export function createAnalyticsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Counts a view of `path` for today, under the page it shows (`countedPageView`): query strings, fragments
     * and a link's token are dropped so nothing personal or secret is kept, and an address that is no page
     * lands in one not-found bucket, so the counters stay one row per page and product a day.
     */
    async recordPageView(path: string): Promise<void> {
      await db
        .insert(pageViews)
        .values({ path: countedPageView(path), day: sql`current_date`, count: 1 })
        .onConflictDoUpdate({
          target: [pageViews.path, pageViews.day],
          set: { count: sql`${pageViews.count} + 1`, updatedAt: sql`now()` },
        });
    },

    /** Deletes the counters of the days that ended more than `retentionDays` ago; answers how many rows went. */
    async pruneBefore(retentionDays: number): Promise<number> {
      const deleted = await db
        .delete(pageViews)
        .where(sql`${pageViews.day} < current_date - ${retentionDays}::int`)
        .returning({ day: pageViews.day });
      return deleted.length;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
