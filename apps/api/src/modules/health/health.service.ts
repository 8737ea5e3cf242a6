import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export function createHealthService(deps: { db: Db }) {
  return {
    /** Whether the database answers a trivial query; rejects with the driver's error when it does not. */
    async checkDatabase(): Promise<void> {
      await deps.db.execute(sql`select 1`);
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
