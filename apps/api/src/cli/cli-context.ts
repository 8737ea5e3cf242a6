import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { loggerOptions } from '../plugins/logger.ts';
import { loadConfigOrExit, openDatabaseOrExit } from '../start.ts';

export type CliContext = { config: Config; database: Database; logger: pino.Logger };

/** Config, a migrated database and a logger for the commands; exits with a clear message on bad settings. */
export async function openCliContext(): Promise<CliContext> {
  const config = loadConfigOrExit();
  const database = await openDatabaseOrExit(
    config,
    'Commands and the server cannot use the embedded database at the same time.',
  );
  await runMigrations(database.db);
  return { config, database, logger: pino(loggerOptions(config.logLevel === 'silent' ? 'silent' : 'info')) };
}

/**
 * The app built (not listening, no mail sender, no job workers) on the command's database, for commands that go through the
 * modules' interfaces (`app.accounts`, the demo seed); `close()` closes both.
 */
export async function openCliApp(): Promise<CliContext & { app: FastifyInstance; close(): Promise<void> }> {
  const context = await openCliContext();
  const app = await buildApp(context.config, {
    database: context.database,
    runMailSender: false,
    runJobs: false,
  });
  await app.ready();
  return {
    ...context,
    app,
    async close() {
      await app.close();
      await context.database.close();
    },
  };
}
