import type { Db, Tx } from './database.ts';

/** Raises an event of map `E`, delivered once the transaction commits. */
export type Raise<E> = <K extends keyof E>(name: K, payload: E[K]) => void;

/**
 * An open transaction, the events waiting for its commit, and `beforeCommit`: a write run once the work is done,
 * still in the transaction (rows gathered during the work, written by one statement).
 */
export type TxContext<E> = { tx: Tx; raise: Raise<E>; beforeCommit: (write: () => Promise<void>) => void };

/**
 * Runs `work` in a new transaction, or inside `within` when the caller already has one (its events then wait
 * for that outer commit).
 */
export type Transaction<E> = <T>(
  work: (ctx: TxContext<E>) => Promise<T>,
  within?: TxContext<E>,
) => Promise<T>;

/**
 * Transactions whose events are delivered (by `deliver`) after the commit, in the order raised, and dropped
 * when the transaction rolls back: a listener never sees a change that did not happen, nor sees it too early.
 */
export function createTransaction<E>(
  db: Db,
  deliver: <K extends keyof E>(name: K, payload: E[K]) => void,
): Transaction<E> {
  return async (work, within) => {
    if (within) return work(within);
    const pending: { name: keyof E; payload: E[keyof E] }[] = [];
    const writes: (() => Promise<void>)[] = [];
    const result = await db.transaction(async (tx) => {
      const done = await work({
        tx,
        raise: (name, payload) => void pending.push({ name, payload }),
        beforeCommit: (write) => void writes.push(write),
      });
      // A write may ask for another: each runs, in the order asked.
      for (let i = 0; i < writes.length; i += 1) await writes[i]!();
      return done;
    });
    for (const { name, payload } of pending) deliver(name, payload);
    return result;
  };
}
