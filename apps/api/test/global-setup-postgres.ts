import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrl } from './test-database.ts';

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// Each test file gets CREATE DATABASE … TEMPLATE of this migrated database, dropped after the file.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const template = `hls_template_${process.pid}`;
  await admin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin(adminUrl, `CREATE DATABASE ${template}`);
  const database = await openDatabase({ url: databaseUrl(adminUrl, template), poolSize: 1 });
  try {
    await runMigrations(database.db);
  } finally {
    await database.close();
  }
  project.provide('testDatabase', { kind: 'postgres', adminUrl, template });
  return () => admin(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
