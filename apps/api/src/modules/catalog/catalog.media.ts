import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { createExpiringCache } from '../../lib/expiring-cache.ts';

/** Longest a publication made by another instance takes to show here (this process's writes clear it at once). */
const TTL_MS = 60_000;

/** Who may see a stored cover or sample: anyone, or only the authors of the products it belongs to. */
export type MediaAccess = { published: true } | { published: false; authorIds: readonly string[] };

/**
 * Which covers and samples are public: those of published products. The keys of every product are read in one
 * query and kept in memory until the next catalogue change (`clear`), so the public path (every card of every
 * page) asks the database nothing. A key of no product answers undefined (editors and admins only).
 */
export function createMediaAccess(db: Db) {
  const cache = createExpiringCache<Map<string, MediaAccess>>({ ttlMs: TTL_MS, max: 1 });

  async function load(): Promise<Map<string, MediaAccess>> {
    const { rows } = await db.execute<{ key: string; author_id: string; published: boolean }>(sql`
      SELECT cover_key AS key, author_id, status = 'published' AS published FROM products
      UNION ALL
      SELECT sample_key, author_id, status = 'published' FROM products WHERE sample_key IS NOT NULL`);
    const keys = new Map<string, MediaAccess>();
    for (const row of rows) {
      const known = keys.get(row.key);
      if (row.published || known?.published) keys.set(row.key, { published: true });
      else keys.set(row.key, { published: false, authorIds: [...(known?.authorIds ?? []), row.author_id] });
    }
    return keys;
  }

  return {
    access: async (key: string): Promise<MediaAccess | undefined> => (await cache('all', load)).get(key),
    clear: cache.clear,
  };
}

export type MediaAccessReads = ReturnType<typeof createMediaAccess>;
