import { readFile, writeFile } from 'node:fs/promises';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { answerInBatches } from './pglite-batches.ts';
import { keepFileSizes } from './pglite-file-sizes.ts';

/**
 * Worker thread hosting the embedded PGlite database, so its queries never run on the API's event loop.
 * It speaks the PostgreSQL wire protocol on a unix socket; the main thread uses the same `pg` driver as for a server.
 */

export type HostOptions = {
  /** Directory of the persistent database; unset = in memory. */
  dataDir?: string;
  /** A tarball written by `dump`, loaded into a fresh in-memory database (fast test databases). */
  loadFrom?: string;
  socketPath: string;
  /** PostgreSQL's `shared_buffers` (embedded-postgres.ts says why its size). */
  sharedBuffers: string;
};

export type HostRequest = { type: 'dump'; file: string } | { type: 'close' };
export type HostMessage =
  { type: 'ready' } | { type: 'dumped' } | { type: 'closed' } | { type: 'error'; message: string };

/** Opens the database, serves it on the socket and answers the main thread's requests. */
async function host(port: MessagePort, options: HostOptions) {
  const send = (message: HostMessage) => port.postMessage(message);
  try {
    const loadDataDir = options.loadFrom ? new Blob([await readFile(options.loadFrom)]) : undefined;
    const db = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      extensions: { unaccent, pg_trgm, btree_gin },
      // A new database's pages carry no checksums, as PostgreSQL's before 18 (decision 0043).
      initDbStartParams: ['--no-data-checksums'],
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`],
    });
    // From here on, each of the database's files is asked its size once (pglite-file-sizes.ts).
    keepFileSizes(db);
    answerInBatches();
    // The pool holds one connection, but `pg` drops a connection after any query error and opens the next one at
    // once, before this server has seen the old one close: with a limit of 1, that next one was refused. Queries
    // are serialised by the server's queue whatever the limit.
    const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: 4 });
    await server.start();

    port.on('message', (request: HostRequest) => {
      void (async () => {
        try {
          if (request.type === 'dump') {
            const blob = await db.dumpDataDir('none');
            await writeFile(request.file, Buffer.from(await blob.arrayBuffer()));
            send({ type: 'dumped' });
          } else {
            await server.stop();
            await db.close();
            send({ type: 'closed' });
            port.close();
          }
        } catch (error) {
          send({ type: 'error', message: (error as Error).message });
        }
      })();
    });
    send({ type: 'ready' });
  } catch (error) {
    send({ type: 'error', message: (error as Error).stack ?? String(error) });
  }
}

// Imported on the main thread only by cli/compile-cache.ts, which fills Node's compile cache before `npm start`.
if (parentPort) await host(parentPort, workerData as HostOptions);
