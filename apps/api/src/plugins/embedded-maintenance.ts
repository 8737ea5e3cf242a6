import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { maintainTables } from '../db/maintenance.ts';

/** The job that vacuums and analyses the embedded database's tables, every ten minutes. */
export const MAINTAIN_TABLES_JOB = 'database.maintain-tables';
const MAINTAIN_TABLES_CRON = '*/10 * * * *';

/**
 * On the embedded database only: PostgreSQL's autovacuum, which PGlite does not run, as a job (`maintainTables`).
 * A PostgreSQL server vacuums its own tables.
 */
export default fp(
  async function embeddedMaintenance(app: FastifyInstance, options: { pool: pg.Pool }) {
    const log = app.log.child({ plugin: 'embedded-maintenance' });
    await app.jobs.work(MAINTAIN_TABLES_JOB, async () => {
      const done = await maintainTables(options.pool);
      if (done.vacuumed.length || done.analysed.length) log.info(done, 'tables vacuumed and analysed');
    });
    await app.jobs.schedule(MAINTAIN_TABLES_JOB, MAINTAIN_TABLES_CRON);
  },
  { name: 'embedded-maintenance', dependencies: ['jobs'] },
);
