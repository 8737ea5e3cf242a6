// PGlite on a data directory in this thread, its files' sizes kept (pglite-file-sizes.ts): the relations grow,
// shrink and are replaced, and every row is still read; the operating system is asked a file's size once.
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keepFileSizes } from './pglite-file-sizes.ts';

describe('the embedded database keeps its files’ sizes', () => {
  let dataDir: string;
  let db: PGlite;

  const count = async (table: string) =>
    (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  /** Rows written past the table's end: the file grows through PGlite's writes. */
  const insert = (from: number, to: number) =>
    db.query(`INSERT INTO t SELECT g, repeat('x', 200) FROM generate_series(${from}, ${to}) g`);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hls-sizes-'));
    db = await PGlite.create({ dataDir });
    keepFileSizes(db);
    keepFileSizes(db);
    // Read by sequential scans only: each asks the table's length in blocks at its start.
    await db.exec(`SET enable_indexscan = off; SET enable_bitmapscan = off; SET enable_indexonlyscan = off;
      CREATE TABLE t (id int PRIMARY KEY, body text)`);
  });

  afterAll(async () => {
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('reads every row of a table that grows, shrinks and is emptied', async () => {
    await insert(1, 10);
    expect(await count('t')).toBe(10);
    for (let step = 1; step <= 4; step += 1) {
      await insert(step * 5_000 - 4_989, step * 5_000 + 10);
      expect(await count('t')).toBe(step * 5_000 + 10);
    }
    // The rows at the table's end deleted and vacuumed: the file is cut short, then grows again.
    const before = (await db.query<{ size: number }>(`SELECT pg_relation_size('t')::int AS size`)).rows[0]!
      .size;
    await db.query('DELETE FROM t WHERE id > 5000');
    await db.exec('VACUUM t');
    const after = (await db.query<{ size: number }>(`SELECT pg_relation_size('t')::int AS size`)).rows[0]!
      .size;
    expect(after).toBeLessThan(before);
    expect(await count('t')).toBe(5_000);
    await insert(5_001, 9_000);
    expect(await count('t')).toBe(9_000);
    // A new file under the table (TRUNCATE gives it a new relfilenode).
    await db.exec('TRUNCATE t');
    expect(await count('t')).toBe(0);
    await insert(1, 3_000);
    expect(await count('t')).toBe(3_000);
    // Rolled back: the file keeps the blocks written, their rows are not seen.
    await db.exec(`BEGIN; INSERT INTO t SELECT g, 'y' FROM generate_series(3001, 6000) g; ROLLBACK`);
    expect(await count('t')).toBe(3_000);
  });

  it('asks the operating system a file’s size once, not at every statement', async () => {
    await count('t');
    const asked = vi.spyOn(fs, 'fstatSync');
    try {
      for (let i = 0; i < 20; i += 1) expect(await count('t')).toBe(3_000);
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });

  it('opens the same directory again with every row', async () => {
    await db.close();
    db = await PGlite.create({ dataDir });
    keepFileSizes(db);
    expect(await count('t')).toBe(3_000);
    await insert(3_001, 4_000);
    expect(await count('t')).toBe(4_000);
  });
});
