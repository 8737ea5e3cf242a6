import { openCliContext } from './cli-context.ts';

// `npm run migrate`: the database's migrations alone, for a release step before the instances start (they migrate
// too, under the same lock, and then find nothing to do).
const started = performance.now();
const { database, logger } = await openCliContext();
await database.close();
logger.info(
  { database: database.kind, ms: Math.round(performance.now() - started) },
  'the database is migrated',
);
