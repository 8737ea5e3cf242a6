// The fault suite: the API process as an operator runs it, on a PostgreSQL cluster and a mail server of the suite's
// own, with customers checking out all along. PostgreSQL is stopped and started (fast, then a crash), the API is
// killed with SIGKILL mid-payment and started again, the mail server goes away and comes back. After each, what must
// hold is counted: every payment taken paid its order (or was refunded), one entitlement per digital line, one
// royalty accrual per line, one confirmation e-mail per paid order (one Message-ID, however often it was handed
// over), stock equal to what it was minus the copies held or sold, no request past its time limit, and an API that
// never ended by itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiProcess } from './api-process.ts';
import { startMailServer, type MailServer } from '../test/smtp-server.ts';
import { freePort, startCluster, type Cluster } from './postgres-cluster.ts';
import {
  checkoutLoad,
  countInvariants,
  health,
  prepareCatalog,
  purchaseAgain,
  registerCustomers,
  waitFor,
  type Catalog,
  type Invariants,
  type LoadReport,
} from './shop.ts';

const CUSTOMERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: Cluster;
let mail: MailServer;
let api: ApiProcess;
let database: pg.Pool;
let catalog: Catalog;
let tokens: string[];
let env: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  cluster = await startCluster();
  mail = await startMailServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'hls-faults-data-'));
  const port = await freePort();
  env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: cluster.url,
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Payments cut off are asked about after a second, failed mail is tried again after a second, and the mail a
    // killed process had taken goes out five seconds later.
    PAYMENT_QUIET_AFTER: '1s',
    MAIL_RETRY_DELAY: '1s',
    MAIL_SEND_LEASE: '5s',
    // The suite registers and signs in its customers from one address.
    RATE_LIMIT_AUTH_MAX: '1000',
  };
  api = await startApi(env);
  database = new pg.Pool({ connectionString: cluster.url, max: 2 });
  // The suite's own connections see the database go too.
  database.on('error', () => undefined);
  catalog = await prepareCatalog(database);
  tokens = await registerCustomers(api.base, mail, CUSTOMERS, 'faults');
});

afterAll(async () => {
  await api?.kill('SIGKILL');
  await database?.end().catch(() => undefined);
  await mail?.close();
  await cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Waits until every payment taken is settled and every confirmation handed over, then returns the counts. */
async function settledInvariants(ms = 90_000): Promise<Invariants> {
  let last: Invariants | undefined;
  try {
    return await waitFor(
      async () => {
        last = await countInvariants(database, mail, '%@faults.test');
        const done =
          last.takenUnsettled.length === 0 &&
          last.confirmationsUnsent === 0 &&
          last.confirmationsNotDeliveredOnce.length === 0;
        return done ? last : undefined;
      },
      'every payment settled and every confirmation delivered',
      ms,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${JSON.stringify(last, null, 1)}`, { cause: error });
  }
}

function expectHeld(counts: Invariants) {
  expect(counts.takenUnsettled).toEqual([]);
  expect(counts.moneyTaken).toBe(counts.ordersPaid + counts.refundedInFull);
  expect(counts.paidWithoutOnePayment).toEqual([]);
  expect(counts.linesWithoutOneEntitlement).toEqual([]);
  expect(counts.entitlements).toBe(counts.digitalLinesPaid);
  expect(counts.linesWithoutOneAccrual).toEqual([]);
  expect(counts.royaltyAccruals).toBe(counts.authoredLinesPaid);
  expect(counts.ordersWithoutOneConfirmation).toEqual([]);
  expect(counts.confirmationsNotDeliveredOnce).toEqual([]);
  expect(counts.stockMismatches).toEqual([]);
}

function expectNoHangs(report: LoadReport) {
  // A fault is a 503 (with Retry-After) or, while the API is down, a refused connection: never another 5xx.
  if (report.serverErrors.length > 0) {
    const errors = api
      .output()
      .split('\n')
      .filter((line) => line.includes('"level":50'))
      .slice(0, 5);
    expect({ answers: report.serverErrors, log: errors }).toEqual({ answers: [], log: [] });
  }
  // -1: a request still unanswered after 20 s.
  expect(report.statuses['-1'] ?? 0).toBe(0);
  expect(report.unavailableWithoutRetryAfter).toBe(0);
}

/** Payments the provider took whose order still waits: what a crash left for the sweep. */
const cutOff = async () =>
  (
    await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM demo_intents i JOIN orders o ON o.id = i.order_id
       WHERE i.status = 'succeeded' AND o.status = 'pending_payment'`,
    )
  ).rows[0]!.count;

const summary = (report: LoadReport) =>
  `${report.paid} paid of ${report.attempts} attempts; answers ${JSON.stringify(report.statuses)}; slowest ${Math.round(report.slowestMs)} ms`;

describe('faults under checkout load', () => {
  it('PostgreSQL stopped (fast, then a crash) and started again: 503 with Retry-After meanwhile, the API carries on by itself', async () => {
    const load = checkoutLoad(() => api.base, tokens, catalog);
    await sleep(3000);
    const paidBefore = load.report.paid;
    expect(paidBefore).toBeGreaterThan(0);

    for (const mode of ['fast', 'immediate'] as const) {
      await cluster.stop(mode);
      const down = await fetch(`${api.base}/api/order/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ productId: catalog.files[0] }] }),
      });
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toMatch(/^\d+$/);
      // The health check says what is missing: the database, and the other instances' events with it.
      await waitFor(
        async () => {
          const now = await health(api.base);
          return now.status === 503 && now.database === 'unavailable' && now.instances === 'lost'
            ? true
            : undefined;
        },
        'the health check to report the database and the events lost',
        5000,
      );
      await sleep(1500);
      expect(api.alive()).toBe(true);
      await cluster.start();
      console.info(`PostgreSQL stopped (${mode}): ${await cutOff()} payments taken, orders waiting`);
      // Customers buy again within seconds, on the connections the pool makes anew.
      await purchaseAgain(load);
    }
    const report = await load.stop();
    console.info(`PostgreSQL restarts: ${summary(report)}`);
    // The instance hears the others' events again, on a listening connection opened anew by itself.
    await waitFor(
      async () => ((await health(api.base)).instances === 'ok' ? true : undefined),
      'the events of other instances heard again',
      10_000,
    );
    expect(api.alive()).toBe(true);
    expect(report.statuses['0'] ?? 0).toBe(0);
    expect(report.statuses['503'] ?? 0).toBeGreaterThan(0);
    expectNoHangs(report);
    expectHeld(await settledInvariants());
    expect(api.output()).not.toMatch(/second error, exiting/);
  });

  it('the API killed (SIGKILL) mid-payment and started again: every payment taken is settled, once', async () => {
    const load = checkoutLoad(() => api.base, tokens, catalog);
    await sleep(3000);
    await api.kill('SIGKILL');
    console.info(`API killed: ${await cutOff()} payments taken, orders waiting`);
    api = await startApi(env);
    await purchaseAgain(load);
    const report = await load.stop();
    console.info(`API killed: ${summary(report)}`);
    expectNoHangs(report);
    expectHeld(await settledInvariants());
  });

  it('the mail server down, then up: orders are paid meanwhile and each confirmation arrives once', async () => {
    await mail.down();
    const load = checkoutLoad(() => api.base, tokens, catalog);
    await sleep(2500);
    const paidWhileDown = load.report.paid;
    expect(paidWhileDown).toBeGreaterThan(0);
    await mail.up();
    const report = await load.stop();
    console.info(`Mail server down: ${summary(report)}`);
    expectNoHangs(report);
    expect(report.statuses['0'] ?? 0).toBe(0);
    expect(report.statuses['503'] ?? 0).toBe(0);
    expectHeld(await settledInvariants());
    expect(api.alive()).toBe(true);
  });
});
