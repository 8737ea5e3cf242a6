import type pg from 'pg';

/**
 * Statements written together (docs/decisions/0038-statements-written-together.md). The pool's connections run in
 * `pg`'s pipeline mode (`pipeline: true`): a statement is sent without waiting for the one before it, each answered
 * in its turn. On top of it, for every connection:
 *
 * - What its statements write in one turn of the event loop leaves in one write (the socket is corked until the
 *   turn's promises are settled): two statements sent together cost one system call and one wake-up of the server,
 *   not two.
 * - A `BEGIN` is answered at once and leaves with the transaction's first statement, which answers for both: a
 *   BEGIN that failed (a lost connection, a session left in a failed transaction) fails that statement, whatever
 *   its own answer (`COMMIT` included, for a transaction that sent nothing else).
 *
 * - A `COMMIT` the server answers `ROLLBACK` (a statement of the transaction failed: one sent without waiting for
 *   its answer, whose failure nobody saw) fails, with SQLSTATE 40000: a transaction is never taken for
 *   committed when nothing of it was.
 *
 * The statements a caller sends together (`Promise.all` in a transaction) then cost one round trip.
 */

const opening = new WeakSet<pg.ClientBase>();

/** Whether the connection is outside any transaction, counting a `BEGIN` sent but not yet answered. */
export function isIdle(client: pg.ClientBase): boolean {
  return client.getTransactionStatus() === 'I' && !opening.has(client);
}

type QueryMethod = (this: pg.PoolClient, ...args: unknown[]) => unknown;
type Corkable = { cork(): void; uncork(): void };

const BEGIN = /^\s*(begin|start\s+transaction)\b[^;]*$/i;
const COMMIT = /^\s*(commit|end)\s*(transaction|work)?\s*;?\s*$/i;

/** The error of a COMMIT that rolled back (PostgreSQL's `transaction_rollback` class). */
class RolledBack extends Error {
  readonly code = '40000';
  constructor() {
    super('the transaction was rolled back at COMMIT: one of its statements had failed');
  }
}
const committed = (result: unknown) => {
  if ((result as { command?: unknown } | null)?.command === 'ROLLBACK') throw new RolledBack();
  return result;
};
const begun = Object.freeze({ command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] });

/** Installs the above on every connection of `pool` (after `autoPrepare`: it wraps the query it installed). */
export function writeTogether(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const stream = (client as unknown as { connection: { stream: Corkable } }).connection.stream;
    let corked = false;
    const flush = () => {
      corked = false;
      stream.uncork();
    };
    const inner = (client as unknown as { query: QueryMethod }).query;
    /** A BEGIN sent, answered at once: the next statement answers for it too. */
    let begin: Promise<unknown> | undefined;
    const query: QueryMethod = function (this: pg.PoolClient, ...args) {
      if (!corked) {
        corked = true;
        stream.cork();
        // After the microtasks of this turn: the statements they send join this write.
        process.nextTick(flush);
      }
      if (typeof args.at(-1) === 'function') return inner.apply(this, args);
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: unknown } | null)?.text;
      if (typeof text === 'string' && BEGIN.test(text) && !begin) {
        const sent = inner.apply(this, args) as Promise<unknown>;
        opening.add(this);
        begin = sent.finally(() => opening.delete(this));
        begin.catch(() => undefined);
        return Promise.resolve(begun);
      }
      const sent = inner.apply(this, args) as Promise<unknown>;
      const result = typeof text === 'string' && COMMIT.test(text) ? sent.then(committed) : sent;
      if (!begin) return result;
      // Answered after the BEGIN (a connection answers in order): a BEGIN that failed fails this statement too.
      const sentBefore = begin;
      begin = undefined;
      return Promise.allSettled([sentBefore, result]).then(([before, own]) => {
        if (before.status === 'rejected') throw before.reason;
        if (own.status === 'rejected') throw own.reason;
        return own.value;
      });
    };
    (client as unknown as { query: QueryMethod }).query = query;
  });
}
