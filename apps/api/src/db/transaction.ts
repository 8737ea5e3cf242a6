import type { Db, Tx } from './database.ts';

/** Raises an event of map `E`, delivered once the transaction commits. */
export type Raise<E> = <K extends keyof E>(name: K, payload: E[K]) => void;

/** A statement not yet sent (a Drizzle query): `execute()` sends it at once. */
export type Unsent = { execute(): Promise<unknown> };

/** An event raised in a transaction, waiting for its commit. */
export type Raised<E> = { [K in keyof E]: { name: K; payload: E[K] } }[keyof E];

/**
 * An open transaction, the events waiting for its commit, and the statements left for its end: `withCommit` takes
 * a statement nobody needs the answer of (rows gathered during the work, written by one statement), built once the
 * work is done and sent with the COMMIT, in the same round trip (db/pipeline.ts). When it fails the transaction
 * rolls back and fails with its error.
 */
export type TxContext<E> = {
  tx: Tx;
  raise: Raise<E>;
  withCommit: (statement: () => Unsent) => void;
};

/**
 * Runs `work` in a new transaction, or inside `within` when the caller already has one (its events then wait
 * for that outer commit).
 */
export type Transaction<E> = <T>(
  work: (ctx: TxContext<E>) => Promise<T>,
  within?: TxContext<E>,
) => Promise<T>;

/** What the transactions do with their events besides delivering them (see `createTransaction`). */
export type TransactionEvents<E> = {
  deliver: <K extends keyof E>(name: K, payload: E[K]) => void;
  /** The statement that tells others of a transaction's events, sent with its COMMIT (NOTIFY is delivered at commit). */
  announce?: (events: readonly Raised<E>[], tx: Tx) => Unsent | undefined;
};

/**
 * Transactions whose events are delivered (by `deliver`) after the commit, in the order raised, and dropped
 * when the transaction rolls back: a listener never sees a change that did not happen, nor sees it too early.
 * `announce`, when given, is asked for a statement to send with the COMMIT about them.
 */
export function createTransaction<E>(db: Db, events: TransactionEvents<E>): Transaction<E> {
  return async (work, within) => {
    if (within) return work(within);
    const pending: Raised<E>[] = [];
    const last: (() => Unsent)[] = [];
    let sentWithCommit: Promise<unknown> | undefined;
    const result = await db
      .transaction(async (tx) => {
        const done = await work({
          tx,
          raise: (name, payload) => void pending.push({ name, payload } as Raised<E>),
          withCommit: (statement) => void last.push(statement),
        });
        const announcement = pending.length > 0 ? events.announce?.(pending, tx) : undefined;
        // Sent now, in this turn: Drizzle's COMMIT follows them on the connection, in the same write.
        const statements = [...last.map((build) => build()), ...(announcement ? [announcement] : [])];
        if (statements.length > 0) {
          sentWithCommit = Promise.all(statements.map((statement) => statement.execute()));
          sentWithCommit.catch(() => undefined);
        }
        return done;
      })
      .catch(async (error: unknown) => {
        // The COMMIT of a transaction whose last statements failed rolls back: their error says why.
        await sentWithCommit;
        throw error;
      });
    for (const { name, payload } of pending) events.deliver(name, payload);
    return result;
  };
}
