// The goals of the first request and of the cost per paid order (issue 26's table), judged once every database
// has run: each row says what it measures, on which database, the figure, the goal and PASS/FAIL, or why it was
// not measured in this run.

/** The figures a database's run gives the goals: cold latencies (ms) and what one paid order costs. */
export type GoalFigures = {
  coldListP50?: number;
  coldListP99?: number;
  coldSearchP50?: number;
  coldSearchP99?: number;
  /** CPU of the API process per paid order (ms), statements per order, PostgreSQL server CPU per order (ms). */
  orderApiCpuMs?: number;
  orderStatements?: number;
  orderServerCpuMs?: number;
  ordersPerSecond?: number;
  /** Resident memory of the idle server on the embedded database (MB). */
  idleRssMb?: number;
};

export type DatabaseKey = 'pglite' | 'postgres' | 'shared';

type GoalRow = { what: string; measured: string; goal: string; pass: boolean | undefined };

const ms = (value: number | undefined) => (value === undefined ? undefined : `${value.toFixed(1)} ms`);

/** A figure against a ceiling (or a floor); not measured when the run did not give it. */
function row(
  what: string,
  value: number | undefined,
  goal: { max?: number; min?: number; unit: string },
  format: (value: number) => string,
): GoalRow {
  const text = goal.max !== undefined ? `≤ ${goal.max}${goal.unit}` : `≥ ${goal.min}${goal.unit}`;
  if (value === undefined) return { what, measured: 'not measured', goal: text, pass: undefined };
  const pass = goal.max !== undefined ? value <= goal.max : value >= goal.min!;
  return { what, measured: format(value), goal: text, pass };
}

/** Embedded within 2× of PostgreSQL: the ratio of the two, both measured in this run. */
function within(what: string, embedded: number | undefined, server: number | undefined): GoalRow {
  if (embedded === undefined || server === undefined)
    return {
      what,
      measured: 'not measured (needs both databases)',
      goal: '≤ 2× PostgreSQL',
      pass: undefined,
    };
  const ratio = embedded / Math.max(server, 0.1);
  return {
    what,
    measured: `${ms(embedded)} vs ${ms(server)} (${ratio.toFixed(1)}×)`,
    goal: '≤ 2× PostgreSQL',
    pass: ratio <= 2,
  };
}

/**
 * The goals' rows from each database's figures. `products` is the catalogue's size: the cold goals are set for
 * 100,000 products and the last ones for 1,000,000 (`--products=1000000`).
 */
export function goalRows(figures: Partial<Record<DatabaseKey, GoalFigures>>, products: number): GoalRow[] {
  const pg = figures.postgres ?? {};
  const lite = figures.pglite ?? {};
  const format = (value: number) => `${value.toFixed(1)} ms`;
  const million = products >= 1_000_000;
  // The first goals are set for 100,000 products: a run of a million is judged by its own goals below.
  const at100k = (value: number | undefined) => (million ? undefined : value);
  const rows: GoalRow[] = [
    row('list/filter cold, PostgreSQL, p50', at100k(pg.coldListP50), { max: 5, unit: ' ms' }, format),
    row('list/filter cold, PostgreSQL, p99', at100k(pg.coldListP99), { max: 20, unit: ' ms' }, format),
    row('search cold, PostgreSQL, p50', at100k(pg.coldSearchP50), { max: 8, unit: ' ms' }, format),
    row('search cold, PostgreSQL, p99', at100k(pg.coldSearchP99), { max: 30, unit: ' ms' }, format),
    within('list/filter cold, embedded, p50', lite.coldListP50, pg.coldListP50),
    within('list/filter cold, embedded, p99', lite.coldListP99, pg.coldListP99),
    within('search cold, embedded, p50', lite.coldSearchP50, pg.coldSearchP50),
    within('search cold, embedded, p99', lite.coldSearchP99, pg.coldSearchP99),
  ];
  for (const [what, value] of [
    ['lists at 1,000,000 products, cold, PostgreSQL, p99', pg.coldListP99],
    ['search at 1,000,000 products, cold, PostgreSQL, p99', pg.coldSearchP99],
  ] as const) {
    rows.push(
      million
        ? row(what, value, { max: 60, unit: ' ms' }, format)
        : { what, measured: 'not measured (--products=1000000)', goal: '≤ 60 ms', pass: undefined },
    );
  }
  rows.push(
    row('API CPU per paid order, PostgreSQL', pg.orderApiCpuMs, { max: 4, unit: ' ms' }, format),
    row('statements per paid order, PostgreSQL', pg.orderStatements, { max: 20, unit: '' }, (v) =>
      v.toFixed(1),
    ),
    row('PostgreSQL server CPU per paid order', pg.orderServerCpuMs, { max: 5, unit: ' ms' }, format),
    row('paid orders/s, embedded database', lite.ordersPerSecond, { min: 60, unit: '/s' }, (v) =>
      v.toFixed(1),
    ),
    row(
      'resident memory, idle server, embedded database',
      lite.idleRssMb,
      { max: 300, unit: ' MB' },
      (v) => `${v.toFixed(1)} MB`,
    ),
  );
  return rows;
}

/** Prints the goals' table; true when every measured goal is met. */
export function printGoals(rows: GoalRow[], { judged }: { judged: boolean }): boolean {
  const header = ['goal', 'measured', 'target', 'verdict'];
  const lines = rows.map((r) => [
    r.what,
    r.measured,
    r.goal,
    r.pass === undefined ? '' : !judged ? 'not judged' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log('\nGoals of the first request and of the cost per paid order (cold: every request asked once)');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  return rows.every((r) => r.pass !== false);
}
