import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from './database.ts';
import { isIdle } from './pipeline.ts';

/**
 * Statements prepared and planned once, as pgx and Npgsql do it, with the catalogue's reads still planned for
 * their values (docs/decisions/0036-statements-prepared-and-planned-once.md).
 *
 * - A parameterised statement sent `after` times runs from then on as a named prepared statement: parsed once per
 *   connection. Its name is drawn from its text, so every connection and every instance gives one text the same
 *   name and never one name two texts. At most `max` texts are named per pool (past them, new texts run unnamed);
 *   the count of texts seen but not yet named is forgotten when it passes `max × 8`. Statements without
 *   parameters (BEGIN, COMMIT, a `SET`, several statements in one string) keep the simple protocol, and a query
 *   that names itself keeps its name.
 * - Sessions plan with `plan_cache_mode = auto`: after five runs planned for their values, a prepared statement
 *   keeps one generic plan when it costs no more, which the keyed reads and writes of an order always do. A query
 *   marked with `plannedForValues` (a list's filters, a search's words, where a narrow and a wide range want
 *   different plans) runs with `force_custom_plan`. A connection switches its session's mode with one `SET` when
 *   the next query wants the other one, never inside a transaction: a transaction's statements keep the mode of its
 *   `BEGIN`, the generic one. On PostgreSQL each connection keeps the mode its last reads wanted; the embedded
 *   database's one session switches as its traffic alternates.
 */
export type AutoPrepareOptions = { after?: number; max?: number };

type PlanMode = 'auto' | 'force_custom_plan';
const INITIAL_MODE: PlanMode = 'auto';
/** The session setting every connection starts with (run by the pool's `onConnect`). */
export const PLAN_SETTING = `SET plan_cache_mode = ${INITIAL_MODE}`;

const forValues = Symbol('planned for its values');
type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown; [forValues]?: true };

/** Marks a query whose best plan depends on its values: planned at every run, never given a generic plan. */
export function plannedForValues<T extends object>(config: T): T {
  return Object.assign(config, { [forValues]: true as const });
}

type QueryMethod = (this: pg.PoolClient, ...args: unknown[]) => unknown;

export function autoPrepare(pool: pg.Pool, { after = 2, max = 500 }: AutoPrepareOptions = {}) {
  const names = new Map<string, string>();
  const seen = new Map<string, number>();

  /** The name `text` runs under once it has been seen often enough; undefined before, or past the bound. */
  function nameOf(text: string): string | undefined {
    const name = names.get(text);
    if (name !== undefined || names.size >= max) return name;
    const count = (seen.get(text) ?? 0) + 1;
    if (count < after) {
      if (seen.size >= max * 8) seen.clear();
      seen.set(text, count);
      return undefined;
    }
    seen.delete(text);
    const named = statementName(text);
    names.set(text, named);
    return named;
  }

  pool.on('connect', (client) => {
    // The class's method, looked up at each call: a wrapper installed on it later (the bench's statement counter)
    // still sees every statement.
    const query: QueryMethod = function (this: pg.PoolClient, ...args) {
      return (Object.getPrototypeOf(this) as { query: QueryMethod }).query.apply(this, args);
    };
    let mode: PlanMode = INITIAL_MODE;
    const prepared: QueryMethod = function (this: pg.PoolClient, ...args) {
      const config =
        typeof args[0] === 'string' ? { text: args[0] } : (args[0] as QueryConfig | null | undefined);
      if (!config || typeof config.text !== 'string' || config.submit !== undefined)
        return query.apply(this, args);
      const text = config.text;
      const parameterised = hasValues(Array.isArray(args[1]) ? args[1] : config.values);
      if (parameterised && config.name === undefined) {
        const name = nameOf(text);
        if (name !== undefined) args[0] = { ...config, name };
      }
      const wanted: PlanMode = config[forValues] ? 'force_custom_plan' : 'auto';
      if (wanted !== mode && (parameterised || BEGIN.test(text)) && isIdle(this)) {
        mode = wanted;
        // Queued ahead of the query on this connection; a connection lost meanwhile fails the query itself.
        (query.call(this, `SET plan_cache_mode = ${wanted}`) as Promise<unknown>).catch(() => {});
      }
      return query.apply(this, args);
    };
    (client as unknown as { query: QueryMethod }).query = prepared;
  });
}

/** The name a statement's text is prepared under: drawn from the text, so one name never stands for two texts. */
const statementName = (text: string) => `s_${createHash('sha1').update(text).digest('base64url')}`;

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const hasValues = (values: unknown) => Array.isArray(values) && values.length > 0;

/** What `kept` holds under `key`: built by `build` and kept there the first time it is asked. */
export function keptOrBuilt<K, V>(
  kept: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  build: () => V,
): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = build();
    kept.set(key, value);
  }
  return value;
}

/**
 * Drizzle's `query.prepare()` under the name of its text: a statement built once (its values `sql.placeholder`s),
 * run with `execute(values)`, on the pool or (`inTransaction`) in a transaction.
 */
export function preparedOnce<P>(query: { toSQL(): { sql: string }; prepare(name: string): P }): P {
  return query.prepare(statementName(query.toSQL().sql));
}

/**
 * A statement built once and prepared by Drizzle on the pool (`preparedOnce`), run in a transaction: a copy bound to the transaction's connection (Drizzle binds a prepared
 * statement to the session it was prepared on: drizzle-orm#613). Building a statement costs the API more CPU than
 * sending it; the hot writes of a payment are built once.
 */
export function inTransaction<Q extends object>(statement: Q, tx: Tx): Q {
  return Object.create(statement, { client: { value: connectionOf(tx) } }) as Q;
}

/** The `pg` connection a transaction runs on (Drizzle's session keeps it as `client`). */
export function connectionOf(tx: Tx): unknown {
  return (tx as unknown as { session: { client: unknown } }).session.client;
}

/** The placeholders of row `index` of a batch: `value('to')` is `to0` for the first row, `to1` for the next. */
export const rowPlaceholders =
  (index: number) =>
  (name: string): Placeholder =>
    sql.placeholder(`${name}${index}`);

/** The values of a batch's rows for `rowPlaceholders`: each row's own, suffixed with its index. */
const rowValues = (rows: readonly object[]): Record<string, unknown> =>
  Object.fromEntries(rows.flatMap((row, i) => Object.entries(row).map(([name, v]) => [`${name}${i}`, v])));

type Executable = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * A statement of one row per line or message, built once per count of rows from 1 to `max` (`build(size)`, its
 * rows' values `rowPlaceholders`, the others `sql.placeholder`s), when first needed. `forRows(tx, rows, values)`
 * is the statement of `rows` in the transaction (on the pool without one), not yet sent; undefined for a larger
 * batch, which its caller builds as it runs.
 */
export function preparedForRows<P extends Executable>(
  max: number,
  build: (size: number) => { toSQL(): { sql: string }; prepare(name: string): P },
) {
  const built: P[] = [];
  return (tx: Tx | undefined, rows: readonly object[], values: Record<string, unknown> = {}) => {
    if (rows.length < 1 || rows.length > max) return undefined;
    const statement = (built[rows.length - 1] ??= preparedOnce(build(rows.length)));
    const all = { ...values, ...rowValues(rows) };
    const on = tx ? inTransaction(statement, tx) : statement;
    return { execute: () => on.execute(all) as ReturnType<P['execute']> };
  };
}
