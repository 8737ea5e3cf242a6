import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { pageViews } from './analytics.tables.ts';

export function createAnalyticsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Counts a view of `path` for today; query strings and fragments are dropped so nothing personal is kept. */
    async recordPageView(path: string): Promise<void> {
      const cleanPath = path.split(/[?#]/)[0] || '/';
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
