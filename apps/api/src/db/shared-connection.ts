import pg from 'pg';

/**
 * The embedded database's one connection shared by the statements sent at the same time (decision 0045).
 *
 * PGlite is one session, so its pool holds one connection, and `pg.Pool` lends a connection to one statement at a
 * time: the next statement leaves only once the API's thread has read the last one's answer and given the
 * connection back. Meanwhile the database's thread waits: at four searches at once it was idle 13–15 % of the time,
 * and four at once went no faster than one after the other. A statement with parameters, sent outside a
 * transaction, is one implicit transaction of its own (its Sync ends it, an error fails it alone), so several can
 * be written on the connection one behind the other (`pg`'s pipeline mode) and answered in order.
 *
 * So while no transaction waits for the connection, such statements borrow it together: the first takes it from
 * the pool, the next ones are written behind it, and the last one to be answered gives it back. Once a
 * transaction (or any other statement) waits, new statements queue behind it in the pool, as before: a
 * transaction's BEGIN is written behind the statements already sent, and nothing is written between its BEGIN and
 * its end. Statements without parameters (a `SET`, pg-boss's several statements in one string, whose own
 * transaction can outlive an error) keep a connection to themselves.
 */
export function shareConnection(pool: pg.Pool): void {
  const alone = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  /** The connection borrowed together: its statements not yet answered, and an error that ended it. */
  let shared: { client: Promise<pg.PoolClient>; ready: boolean; sent: number; lost?: Error } | undefined;

  function borrow() {
    const lease = { client: pool.connect(), ready: false, sent: 0 } as NonNullable<typeof shared>;
    lease.client.then(
      () => (lease.ready = true),
      () => {
        if (shared === lease) shared = undefined;
      },
    );
    return lease;
  }

  function giveBack(lease: NonNullable<typeof shared>) {
    lease.sent -= 1;
    if (lease.sent > 0) return;
    if (shared === lease) shared = undefined;
    // A connection that failed is closed, as `pool.query` does; an error of the statement alone keeps it.
    void lease.client.then((client) => client.release(lease.lost)).catch(() => {});
  }

  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = function (...args: unknown[]) {
    const config = (typeof args[0] === 'string' ? { text: args[0] } : args[0]) as {
      values?: unknown;
      submit?: unknown;
    } | null;
    const values = config?.values ?? args[1];
    const together =
      typeof config === 'object' &&
      config !== null &&
      config.submit === undefined &&
      typeof args.at(-1) !== 'function' &&
      Array.isArray(values) &&
      values.length > 0;
    // Joins the borrowed connection until someone else waits for it, or borrows it when nobody waits; otherwise
    // waits in the pool's queue.
    const joins = shared !== undefined && !(shared.ready && pool.waitingCount > 0);
    const borrows = shared === undefined && pool.waitingCount === 0;
    if (!together || !(joins || borrows)) return alone(...args);
    const lease = (shared ??= borrow());
    lease.sent += 1;
    return lease.client.then(
      (client) =>
        (client.query(...(args as [pg.QueryConfig])) as Promise<pg.QueryResult>).then(
          (result) => {
            giveBack(lease);
            return result;
          },
          (error: unknown) => {
            // A statement's own error is the server's answer; any other ends the connection.
            if (!(error instanceof pg.DatabaseError)) lease.lost ??= error as Error;
            giveBack(lease);
            throw error;
          },
        ),
      (error: unknown) => {
        lease.sent -= 1;
        throw error;
      },
    );
  };
}
