import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { fromDrizzle, PgBoss, type Db as BossDb, type JobResult } from 'pg-boss';
import { JOBS_SCHEMA } from '../db/migrate.ts';
import type { AppTxContext } from './database.ts';

/** A job as its handler receives it. */
export type Job<T> = { id: string; name: string; data: T; retryCount: number };

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type SendOptions = {
  /**
   * Insert the job in this transaction, with its COMMIT (one round trip less, nothing to wait for): it exists, and
   * runs, only if the transaction commits; `send` then resolves with null, its id not yet known.
   */
  ctx?: AppTxContext;
  /** At most one queued (or active) job per key and queue: a second send with the same key is a no-op. */
  singletonKey?: string;
  /** Not before this time (a Date, or seconds from now). */
  startAfter?: Date | number;
};

export type WorkOptions = {
  /** Jobs fetched at once; each still succeeds or fails alone (default 1). */
  batchSize?: number;
  /** Attempts after the first failure (default 5), spaced by an exponential backoff from `retryDelay` s. */
  retryLimit?: number;
  retryDelay?: number;
  /** Seconds a job may run before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
};

/**
 * pg-boss's insert of a job sent in a transaction, left for its COMMIT (`withCommit`): nobody needs its answer,
 * and it fails the transaction if it fails. pg-boss is told that nothing was inserted, so it answers no id.
 */
function withTheCommit(ctx: AppTxContext): BossDb {
  const inTransaction = fromDrizzle(ctx.tx, sql);
  return {
    async executeSql(text, values) {
      ctx.withCommit(() => ({ execute: () => inTransaction.executeSql(text, values) }));
      return { rows: [] };
    },
  };
}

export type Jobs = {
  /** Queues a job; resolves with its id, or null when `singletonKey` found one already queued (or with `ctx`). */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for the jobs of `name` (creates the queue). A handler that throws is retried with backoff. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Sends a job of `name` on a cron schedule (UTC), once across every instance. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /**
   * Resolves once no job is due or running (jobs deferred to later with `startAfter` aside; retries count);
   * rejects after `timeoutMs`. For tests and commands that must see the effects of the jobs they caused.
   */
  settle(timeoutMs?: number): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs on the app's database (pg-boss): PDF stamping, e-mails, expiries. */
    jobs: Jobs;
  }
}

declare module './events.ts' {
  interface AppEvents {
    /** A job was sent inside a transaction that has committed: this instance's worker can fetch it now. */
    'jobs.sent': { name: string };
  }
}

export type JobsPluginOptions = {
  /** The app's pool: pg-boss runs its statements on it (on the embedded database, its one connection). */
  pool: pg.Pool;
  /** Fetch and run jobs in this process (default true); sending works either way. */
  runWorkers?: boolean;
  /** Seconds between two looks at a queue when nothing woke its worker (default 1; pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
};

const SCHEMA = JOBS_SCHEMA;
const DEFAULT_QUEUE = {
  // At most one queued (not yet started) job per singleton key; a job sent without a key gets a unique one.
  policy: 'short',
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: 15 * 60,
  // Finished jobs are kept a day for inspection, then removed by pg-boss's maintenance.
  deleteAfterSeconds: 24 * 3600,
};

/**
 * pg-boss's statements on the app's own pool. The result goes back as `pg` gives it: a multi-statement query
 * (pg-boss's claims under an advisory lock) answers one result per statement, which pg-boss unwraps itself.
 */
export function poolAdapter(pool: pg.Pool): BossDb {
  return {
    executeSql: (text, values) =>
      pool.query(text, values as unknown[] | undefined) as unknown as Promise<{ rows: unknown[] }>,
  };
}

/**
 * `app.jobs`: a pg-boss 12 queue in the `pgboss` schema of the app's database (PostgreSQL or the embedded
 * PGlite). It runs on the app's pool rather than a pool of its own: on the embedded database every connection
 * shares one session, so LISTEN/NOTIFY and advisory locks cannot separate them, and a second pool would only
 * queue behind the first. Workers wake by polling, and at once when this instance sent the job.
 */
export default fp(
  async function jobs(app: FastifyInstance, options: JobsPluginOptions) {
    const runWorkers = options.runWorkers ?? true;
    const pollingIntervalSeconds = Math.max(0.5, options.pollingIntervalSeconds ?? 1);
    const log = app.log.child({ plugin: 'jobs' });
    const boss = new PgBoss({
      db: poolAdapter(options.pool),
      schema: SCHEMA,
      // Installs or upgrades the pgboss schema on start, under pg-boss's own lock.
      migrate: true,
      // Maintenance and cron run where workers do (a command that only sends jobs leaves them to those).
      supervise: runWorkers,
      schedule: runWorkers,
      registerInstance: false,
      persistWarnings: false,
      monitorVacuum: false,
      reindex: false,
      openTelemetry: { enabled: false },
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    await boss.start();

    const queues = new Map<string, Promise<void>>();
    const workers = new Map<string, string[]>();
    const scheduled = new Set<string>();
    let inFlight = 0;
    let closing = false;

    function ensureQueue(name: string, queueOptions: WorkOptions = {}): Promise<void> {
      let ready = queues.get(name);
      if (!ready) {
        // Idempotent (an existing queue is kept as it is), and it loads pg-boss's cache of the queue, so a
        // send inside a transaction needs no other connection.
        ready = boss.createQueue(name, {
          ...DEFAULT_QUEUE,
          ...(queueOptions.retryLimit !== undefined ? { retryLimit: queueOptions.retryLimit } : {}),
          ...(queueOptions.retryDelay !== undefined ? { retryDelay: queueOptions.retryDelay } : {}),
          ...(queueOptions.expireInSeconds !== undefined
            ? { expireInSeconds: queueOptions.expireInSeconds }
            : {}),
        });
        ready.catch(() => queues.delete(name));
        queues.set(name, ready);
      }
      return ready;
    }

    function wake(name: string) {
      for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
    }

    const unsubscribe = app.events.on('jobs.sent', ({ name }) => wake(name));
    // A job sent here to a queue this instance works is taken here: the other instances need not hear of it.
    app.actsOnItsOwn('jobs.sent', ({ name }) => (workers.get(name)?.length ?? 0) > 0);

    const service: Jobs = {
      async send(name, data, sendOptions = {}) {
        const { ctx } = sendOptions;
        if (ctx && !queues.has(name)) {
          // The queue must be known before the transaction: on the embedded database the transaction holds the
          // only connection, so creating the queue now would wait for it forever.
          throw new Error(
            `job queue ${name} is not set up: register its worker (app.jobs.work) when the plugin starts`,
          );
        }
        await ensureQueue(name);
        const id = await boss.send(name, data, {
          singletonKey: sendOptions.singletonKey ?? `~${randomUUID()}`,
          ...(sendOptions.startAfter !== undefined
            ? {
                startAfter:
                  typeof sendOptions.startAfter === 'number'
                    ? Math.max(0, Math.round(sendOptions.startAfter))
                    : sendOptions.startAfter,
              }
            : {}),
          ...(ctx ? { db: withTheCommit(ctx) } : {}),
        });
        if (ctx) ctx.raise('jobs.sent', { name });
        else wake(name);
        return id;
      },

      async work<T extends object>(name: string, handler: JobHandler<T>, workOptions: WorkOptions = {}) {
        await ensureQueue(name, workOptions);
        if (!runWorkers) return;
        const run = async (job: { id: string; name: string; data: T; retryCount: number }) => {
          inFlight += 1;
          try {
            await handler({ id: job.id, name: job.name, data: job.data, retryCount: job.retryCount });
          } catch (error) {
            log.warn({ err: error, job: job.name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
            throw error;
          } finally {
            inFlight -= 1;
          }
        };
        const batchSize = workOptions.batchSize ?? 1;
        const id =
          batchSize === 1
            ? await boss.work<T>(name, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
                await run(job!);
              })
            : await boss.work<
                T,
                unknown,
                { pollingIntervalSeconds: number; batchSize: number; perJobResults: true }
              >(name, { pollingIntervalSeconds, batchSize, perJobResults: true }, async (batch) => {
                const results: JobResult[] = [];
                for (const job of batch) {
                  try {
                    await run(job);
                    results.push({ id: job.id, status: 'completed' });
                  } catch (error) {
                    results.push({ id: job.id, status: 'failed', output: { message: String(error) } });
                  }
                }
                return results;
              });
        workers.set(name, [...(workers.get(name) ?? []), id]);
      },

      async schedule(name, cron, data) {
        await ensureQueue(name);
        await boss.schedule(name, cron, data ?? null, { tz: 'UTC' });
        scheduled.add(name);
      },

      async settle(timeoutMs = 10_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const { rows } = await options.pool.query<{ pending: number }>(
            `SELECT count(*)::int AS pending FROM ${SCHEMA}.job
             WHERE name NOT LIKE '\\_\\_%'
               AND (state IN ('active', 'retry') OR (state = 'created' AND start_after <= now()))`,
          );
          if (rows[0]!.pending === 0 && inFlight === 0) return;
          if (closing) throw new Error('the job queue is stopping');
          if (Date.now() > deadline) {
            throw new Error(`jobs did not settle within ${timeoutMs} ms (${rows[0]!.pending} pending)`);
          }
          for (const name of workers.keys()) wake(name);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      },
    };

    app.decorate('jobs', service);
    if (runWorkers) {
      // A schedule no module declares any more (a job renamed or retired) stops when the app that dropped it starts.
      app.addHook('onReady', async () => {
        for (const { name, key } of await boss.getSchedules()) {
          if (scheduled.has(name)) continue;
          await boss.unschedule(name, key);
          log.info({ name }, 'removed a schedule no module declares');
        }
      });
    }
    app.addHook('onClose', async () => {
      closing = true;
      unsubscribe();
      // Running jobs finish (or are retried by another instance after their expiry); nothing new is fetched.
      // pg-boss's stop never settles once the pool is gone, so it is not waited for past a bound.
      const stopped = boss.stop({ graceful: !options.pool.ending, close: false, timeout: 10_000 });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        stopped.catch((error: unknown) => log.error({ err: error }, 'job queue stop failed')),
        new Promise((resolve) => (timer = setTimeout(resolve, options.pool.ending ? 0 : 12_000))),
      ]);
      clearTimeout(timer);
    });
  },
  { name: 'jobs', dependencies: ['events', 'database', 'broadcast'] },
);
