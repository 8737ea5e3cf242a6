import { sql } from 'drizzle-orm';
import { pageViewPath } from '@hls/contract/paths';
import type { Db } from '../../db/database.ts';
import { pageViews } from './analytics.tables.ts';

export function createAnalyticsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * Counts a view of `path` for today; query strings, fragments and a reset link's token are dropped so nothing
     * personal or secret is kept.
     */
    async recordPageView(path: string): Promise<void> {
      const cleanPath = pageViewPath(path);
      await db
        .insert(pageViews)
        .values({ path: cleanPath, day: sql`current_date`, count: 1 })
        .onConflictDoUpdate({
          target: [pageViews.path, pageViews.day],
          set: { count: sql`${pageViews.count} + 1`, updatedAt: sql`now()` },
        });
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
