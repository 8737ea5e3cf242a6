// Customers buying over HTTP while the suite breaks things, and the counts that must hold afterwards.
import type pg from 'pg';
import { consent, demoCard, parisAddress } from '../test/checkout-data.ts';
import type { MailServer } from '../test/smtp-server.ts';

/** Every request of the load gives up after this long: one that takes longer is counted as hanging. */
export const REQUEST_LIMIT_MS = 20_000;

export type Answer = { status: number; body: string; retryAfter: string | null; ms: number };

/** One HTTP call; a refused or reset connection is status 0 (the API down), a call past the limit status -1. */
export async function call(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const began = performance.now();
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - began,
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return {
      status: timedOut ? -1 : 0,
      body: String(error),
      retryAfter: null,
      ms: performance.now() - began,
    };
  }
}

export type Catalog = { files: number[]; paperBooks: number[] };

/** The copies each paper book has when the suite begins. */
const STOCK = 500;

/** The professional files and paper books of the demo catalogue; the paper books get enough copies for the load. */
export async function prepareCatalog(database: pg.Pool): Promise<Catalog> {
  const files = await database.query<{ id: number }>(
    `SELECT p.id FROM products p JOIN file_assets f ON f.product_id = p.id
     WHERE p.status = 'published' AND p.kind = 'file' AND p.section = 'professional' AND p.price_cents > 0
     ORDER BY p.id LIMIT 6`,
  );
  const paper = await database.query<{ product_id: number }>(
    `UPDATE book_editions e SET stock = ${STOCK} FROM products p
     WHERE p.id = e.product_id AND p.status = 'published' AND e.format = 'paper' AND e.final_price_cents > 0
     RETURNING e.product_id`,
  );
  if (files.rows.length === 0 || paper.rows.length === 0) {
    throw new Error('the demo catalogue has no professional file or paper book to buy');
  }
  return { files: files.rows.map((r) => r.id), paperBooks: paper.rows.map((r) => r.product_id).slice(0, 6) };
}

/** Registers customers over HTTP and confirms their addresses with the links the shop mailed them. */
export async function registerCustomers(
  base: string,
  mail: MailServer,
  count: number,
  label: string,
): Promise<string[]> {
  const customer = async (i: number) => {
    const email = `${label}-${i}-${Date.now()}@faults.test`;
    const password = 'Faults-1234!';
    const registered = await call(base, 'POST', '/api/register/customer', undefined, {
      firstName: 'Fault',
      lastName: `Customer ${i}`,
      email,
      password,
      language: 'en',
    });
    if (registered.status !== 201) throw new Error(`registration: ${registered.status} ${registered.body}`);
    const link = await waitFor(() => {
      const letter = mail.received.find((m) => m.to.includes(email));
      return letter
        ? /\/email\/confirm\/([A-Za-z0-9_=-]+)/.exec(letter.data.replace(/=\r?\n/g, ''))?.[1]
        : undefined;
    }, `the confirmation e-mail of ${email}`);
    const confirmed = await call(base, 'POST', '/api/email/confirm', undefined, { token: link });
    if (confirmed.status !== 200) throw new Error(`confirmation: ${confirmed.status} ${confirmed.body}`);
    const login = await call(base, 'POST', '/api/login', undefined, { email, password });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
    return (JSON.parse(login.body) as { access: string }).access;
  };
  return Promise.all(Array.from({ length: count }, (_, i) => customer(i)));
}

export async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What `/api/health` says of each part, with its status (503 while a required part is missing). */
export type Health = { status: number; database: string; instances: string; redis: string };

export async function health(base: string): Promise<Health> {
  const response = await fetch(`${base}/api/health`);
  // The body's own `status` (ok, degraded) gives way to the HTTP status.
  return { ...((await response.json()) as Omit<Health, 'status'>), status: response.status };
}

/** Waits until the load has paid one more order than it had when called: customers buy again. */
export function purchaseAgain(load: { report: { paid: number } }, ms = 20_000) {
  const from = load.report.paid;
  return waitFor(() => (load.report.paid > from ? true : undefined), 'a purchase after the restart', ms);
}

export type LoadReport = {
  attempts: number;
  /** Orders the browser saw paid. */
  paid: number;
  /** Answers by status (0: connection refused or reset, -1: past the request limit). */
  statuses: Record<string, number>;
  /** 503 answers without a Retry-After header. */
  unavailableWithoutRetryAfter: number;
  /** The slowest answer, in milliseconds. */
  slowestMs: number;
  /** A few answers of the 5xx kind other than 503 (the request and what came back). */
  serverErrors: string[];
};

/**
 * Customers checking out in a loop (a professional file, or a paper book with its address) until `stop()`: order,
 * intent, demo card, confirmation. A failed step ends that purchase and the customer starts another.
 */
export function checkoutLoad(base: () => string, tokens: string[], catalog: Catalog) {
  const report: LoadReport = {
    attempts: 0,
    paid: 0,
    statuses: {},
    unavailableWithoutRetryAfter: 0,
    slowestMs: 0,
    serverErrors: [],
  };
  let running = true;
  const note = (answer: Answer, what: string) => {
    report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500 && answer.status !== 503 && report.serverErrors.length < 5) {
      report.serverErrors.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    if (answer.status === 503 && !answer.retryAfter) report.unavailableWithoutRetryAfter += 1;
    report.slowestMs = Math.max(report.slowestMs, answer.ms);
    return answer;
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

  async function customer(token: string, index: number) {
    for (let round = 0; running; round += 1) {
      report.attempts += 1;
      const paper = (index + round) % 3 === 0;
      const lines = paper
        ? [
            {
              productId: catalog.paperBooks[round % catalog.paperBooks.length]!,
              edition: 'paper',
              quantity: 1,
            },
          ]
        : [{ productId: catalog.files[(index + round) % catalog.files.length]! }];
      const created = note(await call(base(), 'POST', '/api/order/create', token, { lines }), 'create');
      if (created.status !== 201) {
        await pause();
        continue;
      }
      const orderId = (JSON.parse(created.body) as { id: string }).id;
      const billed = note(
        await call(base(), 'POST', '/api/order/billing', token, { orderId, country: 'FR' }),
        'billing',
      );
      if (billed.status !== 200) continue;
      if (paper) {
        const addressed = note(
          await call(base(), 'POST', '/api/order/address', token, { orderId, ...parisAddress }),
          'address',
        );
        if (addressed.status !== 200) continue;
      }
      const intentAnswer = note(
        await call(base(), 'POST', '/api/order/intentPayement', token, {
          orderId,
          ...(paper ? {} : { consent }),
        }),
        'intent',
      );
      if (intentAnswer.status !== 200) continue;
      const intent = JSON.parse(intentAnswer.body) as { intentId: string; clientSecret: string };
      const payAnswer = note(
        await call(
          base(),
          'POST',
          `/api/payments/demo/${encodeURIComponent(intent.intentId)}/pay`,
          undefined,
          {
            clientSecret: intent.clientSecret,
            ...demoCard,
          },
        ),
        'pay',
      );
      if (payAnswer.status !== 200) continue;
      const confirmed = note(await call(base(), 'POST', '/api/order/confirm', token, { orderId }), 'confirm');
      if (confirmed.status === 200 && (JSON.parse(confirmed.body) as { status: string }).status === 'paid') {
        report.paid += 1;
      }
    }
  }

  const done = Promise.all(tokens.map((token, index) => customer(token, index)));
  return {
    report,
    async stop() {
      running = false;
      await done;
      return report;
    },
  };
}

export type Invariants = {
  /** Demo intents that took money, and the orders they paid or the refunds that gave it back. */
  moneyTaken: number;
  ordersPaid: number;
  refundedInFull: number;
  /** Money taken that neither paid an order nor was refunded. */
  takenUnsettled: string[];
  /** Paid orders with no payment taken, or with more than one. */
  paidWithoutOnePayment: string[];
  digitalLinesPaid: number;
  entitlements: number;
  /** Digital lines of paid orders without exactly one entitlement. */
  linesWithoutOneEntitlement: string[];
  authoredLinesPaid: number;
  royaltyAccruals: number;
  linesWithoutOneAccrual: string[];
  /** Paid orders without exactly one confirmation in the outbox. */
  ordersWithoutOneConfirmation: string[];
  /** Confirmations not yet handed to the mail server. */
  confirmationsUnsent: number;
  /** Paid orders whose confirmation reached the mail server under more than one Message-ID, or never. */
  confirmationsNotDeliveredOnce: string[];
  /** Paper editions whose stock differs from what they had minus the copies held or sold. */
  stockMismatches: string[];
};

/**
 * What the database and the mail server say once the dust has settled, about the orders of the customers the
 * suite registered (`customers`: the e-mail pattern).
 */
export async function countInvariants(
  database: pg.Pool,
  mail: MailServer,
  customers: string,
): Promise<Invariants> {
  const ours = `WITH o AS (SELECT orders.* FROM orders JOIN users u ON u.id = orders.user_id WHERE u.email LIKE $1),
    paid AS (SELECT * FROM o WHERE status IN ('paid','shipped','delivered','refunded','partially_refunded','withdrawn')),
    i AS (SELECT demo_intents.* FROM demo_intents JOIN o ON o.id = demo_intents.order_id),
    l AS (SELECT order_lines.* FROM order_lines JOIN paid ON paid.id = order_lines.order_id),
    c AS (SELECT m.id, paid.number, m.status FROM mail_outbox m JOIN paid ON m.data->>'orderNumber' = paid.number
          WHERE m.template = 'order_confirmation')`;
  const rows = async <T extends pg.QueryResultRow>(text: string) =>
    (await database.query<T>(`${ours} ${text}`, [customers])).rows;
  const [money] = await rows<{ taken: number; paid: number; refunded: number }>(
    `SELECT (SELECT count(*)::int FROM i WHERE status = 'succeeded') AS taken,
            (SELECT count(*)::int FROM paid) AS paid,
            (SELECT count(*)::int FROM demo_refunds r JOIN i ON i.id = r.intent_id
              WHERE r.amount_cents = i.amount_received) AS refunded`,
  );
  const takenUnsettled = await rows<{ id: string }>(
    `SELECT i.id FROM i WHERE i.status = 'succeeded'
       AND NOT (i.order_id IN (SELECT id FROM paid)
                AND EXISTS (SELECT 1 FROM payments p WHERE p.intent_id = i.id AND p.status = 'succeeded'))
       AND NOT EXISTS (SELECT 1 FROM demo_refunds r WHERE r.intent_id = i.id AND r.amount_cents = i.amount_received)`,
  );
  const paidWithoutOnePayment = await rows<{ number: string }>(
    `SELECT paid.number FROM paid
     WHERE (SELECT count(*) FROM payments p WHERE p.order_id = paid.id AND p.status = 'succeeded') <> 1`,
  );
  const [lines] = await rows<{ digital: number; entitlements: number; authored: number; accruals: number }>(
    `SELECT (SELECT count(*)::int FROM l WHERE format <> 'paper') AS digital,
            (SELECT count(*)::int FROM entitlements e JOIN o ON o.id = e.order_id) AS entitlements,
            (SELECT count(*)::int FROM l WHERE author_id IS NOT NULL) AS authored,
            (SELECT count(*)::int FROM royalty_entries r JOIN o ON o.id = r.order_id WHERE r.kind = 'accrual')
              AS accruals`,
  );
  const linesWithoutOneEntitlement = await rows<{ id: string }>(
    `SELECT l.id::text AS id FROM l WHERE l.format <> 'paper'
       AND (SELECT count(*) FROM entitlements e WHERE e.order_line_id = l.id) <> 1`,
  );
  const linesWithoutOneAccrual = await rows<{ id: string }>(
    `SELECT l.id::text AS id FROM l WHERE l.author_id IS NOT NULL
       AND (SELECT count(*) FROM royalty_entries r WHERE r.order_line_id = l.id AND r.kind = 'accrual') <> 1`,
  );
  const confirmations = await rows<{ number: string; count: number; unsent: number }>(
    `SELECT paid.number, (SELECT count(*)::int FROM c WHERE c.number = paid.number) AS count,
            (SELECT count(*)::int FROM c WHERE c.number = paid.number AND c.status <> 'sent') AS unsent
     FROM paid`,
  );
  const outbox = await rows<{ id: string; number: string }>('SELECT c.id, c.number FROM c');
  const received = new Set(mail.received.map((letter) => letter.messageId));
  const delivered = new Map<string, Set<string>>();
  for (const row of outbox) {
    const ids = delivered.get(row.number) ?? new Set<string>();
    for (const messageId of received) if (messageId.startsWith(`<${row.id}@`)) ids.add(messageId);
    delivered.set(row.number, ids);
  }
  const stock = await rows<{ product_id: number; stock: number; held: number }>(
    `SELECT e.product_id, e.stock,
            coalesce((SELECT sum(ol.quantity)::int FROM order_lines ol JOIN o ON o.id = ol.order_id
                       WHERE ol.edition_id = e.id AND ol.stock_state IN ('reserved', 'committed')), 0) AS held
     FROM book_editions e
     WHERE e.format = 'paper' AND EXISTS (SELECT 1 FROM order_lines ol JOIN o ON o.id = ol.order_id
                                          WHERE ol.edition_id = e.id)`,
  );
  return {
    moneyTaken: money!.taken,
    ordersPaid: money!.paid,
    refundedInFull: money!.refunded,
    takenUnsettled: takenUnsettled.map((r) => r.id),
    paidWithoutOnePayment: paidWithoutOnePayment.map((r) => r.number),
    digitalLinesPaid: lines!.digital,
    entitlements: lines!.entitlements,
    linesWithoutOneEntitlement: linesWithoutOneEntitlement.map((r) => r.id),
    authoredLinesPaid: lines!.authored,
    royaltyAccruals: lines!.accruals,
    linesWithoutOneAccrual: linesWithoutOneAccrual.map((r) => r.id),
    ordersWithoutOneConfirmation: confirmations.filter((r) => r.count !== 1).map((r) => r.number),
    confirmationsUnsent: confirmations.reduce((sum, r) => sum + r.unsent, 0),
    confirmationsNotDeliveredOnce: [...delivered]
      .filter(([, ids]) => ids.size !== 1)
      .map(([number, ids]) => `${number} (${ids.size})`),
    stockMismatches: stock
      .filter((r) => r.stock + r.held !== STOCK)
      .map((r) => `product ${r.product_id}: ${r.stock} left + ${r.held} held or sold ≠ ${STOCK}`),
  };
}
