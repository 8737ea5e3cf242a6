import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';

// Creating a PGlite database takes seconds; loading a dump of a migrated one takes a fraction of that.
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hls-test-template-'));
  const dumpFile = path.join(dir, 'template.tar');
  const database = await openDatabase({});
  try {
    await runMigrations(database.db);
    await database.embedded!.dump(dumpFile);
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { kind: 'pglite', dumpFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
