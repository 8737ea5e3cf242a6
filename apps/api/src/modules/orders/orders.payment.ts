import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DigitalConsent, Language, OrderEventKind, OrderStatus, PaymentProvider } from '@hls/contract';
import type { Db, Tx } from '../../db/database.ts';
import { inTransaction, keptOrBuilt, preparedOnce } from '../../db/prepared.ts';
import type { AppTxContext } from '../../plugins/database.ts';
import type { AccountsService, MailRecipient, UserProfile } from '../accounts/index.ts';
import { paidStatuses, readOrders, type LineRow, type OrderRow } from './orders.queries.ts';
import {
  addEvent,
  linesOf,
  lockOrder,
  notFound,
  refundUnavailable,
  rowOf,
  type OrderActor,
} from './orders.records.ts';
import { reserveAgain, type OrderStock } from './orders.stock.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';

/**
 * The order's side of its payment: what the payment needs to know of it, its history, the payment taken (marked
 * paid) and refunds (marked refunded). Each write runs in the payment's transaction; what follows from it for
 * royalties, downloads and mail is the checkout workflow's (`modules/checkout`).
 */

export type PaymentOrdersDeps = {
  db: Db;
  accounts: Pick<AccountsService, 'profileOf' | 'profiles' | 'recipientOf'>;
  sales: OrderStock;
};

export type FulfilResult = 'paid' | 'already_paid' | 'mismatch' | 'not_payable';

/** An order as its payment needs it. */
export type OrderForPayment = {
  id: string;
  userId: string;
  number: string;
  status: OrderStatus;
  totalCents: number;
  currency: 'EUR';
  needsAddress: boolean;
  hasAddress: boolean;
  hasDigital: boolean;
  /** The buyer said where they live: the order is taxed. */
  hasBilling: boolean;
  consent: DigitalConsent | null;
  customerEmail: string;
  customerName: string;
  language: Language;
};

/** A payment taken, as the provider reports it. */
export type TakenPayment = {
  orderId: string;
  amountCents: number;
  currency: string;
  provider: PaymentProvider;
  paymentReference: string;
  /** The payment's own write (its attempt marked succeeded), made by the statement that marks the order paid. */
  alongside?: AlongsideWrite;
};

/**
 * A write of another module made by the statement that marks an order paid, and only when it does: `write(paid)` is
 * its SQL, conditioned on `paid` (that statement's row of the order). The statement is built once per `write` (a
 * function made once), its values `sql.placeholder`s, named apart from the order's own (`orderId`, `provider`,
 * `reference`, `note`, `amountCents`, `currency`), that `values` gives.
 */
export type AlongsideWrite = { write: (paid: SQLWrapper) => SQL; values: Record<string, unknown> };

/**
 * An order marked paid: its row, lines, customer, time of payment and the authors of its lines as their e-mails
 * need them, by id (what the workflow's next steps need).
 */
export type PaidOrderRecord = {
  row: OrderRow;
  lines: LineRow[];
  customer: UserProfile;
  paidAt: Date;
  authors: Map<string, MailRecipient>;
};

/** A refund recorded: the order (as it was before), the lines given back, the customer. */
export type RefundRecord = { row: OrderRow; lines: LineRow[]; customer: UserProfile };

export type RefundInput = {
  orderId: string;
  lineIds: number[];
  amountCents: number;
  reference: string;
  actor: { kind: OrderActor; userId?: string | null };
  reason?: string | null;
};

/** An order row as its payment needs it. */
function toOrderForPayment(row: OrderRow, customer: UserProfile | null): OrderForPayment {
  return {
    id: row.id,
    userId: row.userId,
    number: row.number,
    status: row.status,
    totalCents: row.totalCents,
    currency: 'EUR',
    needsAddress: row.needsAddress,
    hasAddress: row.shippingAddress !== null,
    hasDigital: row.hasDigital,
    hasBilling: row.billingCountry !== null,
    consent: row.consent,
    customerEmail: customer?.email ?? '',
    customerName: customer?.name ?? '',
    language: row.language,
  };
}

/** The orders a payment may mark paid: pending for its total and currency (the usual case), or any (`again`). */
type PaidWhen = 'pending' | 'again';

/**
 * In one statement: the order marked paid when it may be (`when`), its `paid` history row, its paper copies
 * committed, another module's write (`alongside`), and the order as it was before (a statement does not see its own
 * changes) with its customer, its lines and their authors. Built once per `when` and `alongside` write.
 */
function markPaidStatement(
  db: Db,
  accounts: PaymentOrdersDeps['accounts'],
  when: PaidWhen,
  alongside: AlongsideWrite['write'] | undefined,
) {
  const value = sql.placeholder;
  const condition =
    when === 'pending'
      ? sql`${orders.status} = 'pending_payment' AND ${orders.totalCents} = ${value('amountCents')}
          AND ${orders.currency} = ${value('currency')}`
      : sql`true`;
  const paid = db.$with('paid', {
    orderId: sql<string>`paid_id`.as('paid_id'),
    paidMs: sql<number>`paid_ms`.mapWith(Number).as('paid_ms'),
  }).as(sql`
      UPDATE ${orders}
      SET status = 'paid', paid_at = now(), expires_at = NULL, payment_provider = ${value('provider')},
        payment_reference = ${value('reference')}, updated_at = now()
      WHERE ${orders.id} = ${value('orderId')} AND ${condition}
      RETURNING id AS paid_id, (extract(epoch FROM paid_at) * 1000)::float8 AS paid_ms`);
  const history = db.$with('history', {}).as(sql`
    INSERT INTO ${orderEvents} (order_id, kind, status, actor, note)
    SELECT paid_id, 'paid', 'paid', 'provider', ${value('note')}::text FROM ${paid}`);
  const committed = db.$with('committed', {}).as(sql`
    UPDATE ${orderLines} SET stock_state = 'committed', updated_at = now()
    WHERE ${orderLines.orderId} IN (SELECT paid_id FROM ${paid}) AND ${orderLines.format} = 'paper'`);
  const written = db.$with('alongside', {}).as(alongside?.(paid) ?? sql`SELECT 1 WHERE false`);
  return preparedOnce(
    db
      .with(paid, history, committed, written)
      .select({
        row: rowOf(orders),
        customer: accounts.profileOf(orders.userId),
        line: rowOf(orderLines, 'left join'),
        author: accounts.recipientOf(orderLines.authorId),
        paidMs: paid.paidMs,
      })
      .from(paid)
      .innerJoin(orders, eq(orders.id, paid.orderId))
      .leftJoin(orderLines, eq(orderLines.orderId, paid.orderId))
      .orderBy(asc(orderLines.id)),
  );
}

/** Marks orders paid (`markPaidStatement`), each kind of statement built the first time it is needed. */
function createMarkPaid(db: Db, accounts: PaymentOrdersDeps['accounts']) {
  type Statement = ReturnType<typeof markPaidStatement>;
  const alone = new Map<PaidWhen, Statement>();
  const withWrite = new WeakMap<AlongsideWrite['write'], Map<PaidWhen, Statement>>();
  const statementFor = (when: PaidWhen, alongside: AlongsideWrite['write'] | undefined) => {
    let built = alone;
    if (alongside) {
      built = withWrite.get(alongside) ?? new Map();
      withWrite.set(alongside, built);
    }
    let statement = built.get(when);
    if (!statement) {
      statement = markPaidStatement(db, accounts, when, alongside);
      built.set(when, statement);
    }
    return statement;
  };

  /** The order as it was when marked paid, or undefined when it may not be (nothing written). */
  return async (tx: Tx, payment: TakenPayment, when: PaidWhen): Promise<PaidOrderRecord | undefined> => {
    const marked = await inTransaction(statementFor(when, payment.alongside?.write), tx).execute({
      ...payment.alongside?.values,
      orderId: payment.orderId,
      provider: payment.provider,
      reference: payment.paymentReference,
      note: `${payment.provider} ${payment.paymentReference}`,
      amountCents: payment.amountCents,
      currency: payment.currency.toUpperCase(),
    });
    const [first] = marked;
    if (!first) return undefined;
    if (!first.customer) throw new Error(`order customer ${first.row.userId} not found`);
    return {
      row: first.row,
      lines: marked.flatMap((m) => (m.line ? [m.line] : [])),
      customer: first.customer,
      paidAt: new Date(first.paidMs),
      authors: new Map(marked.flatMap((m) => (m.author ? [[m.author.id, m.author] as const] : []))),
    };
  };
}

export function createOrderPayments(deps: PaymentOrdersDeps) {
  const { db, accounts, sales } = deps;
  const markPaid = createMarkPaid(db, accounts);

  async function profileOf(userId: string, ctx: AppTxContext): Promise<UserProfile> {
    const profile = (await accounts.profiles([userId], ctx)).get(userId);
    if (!profile) throw new Error(`order customer ${userId} not found`);
    return profile;
  }

  /** The order and its customer in one statement, prepared once (the intent and the confirmation read it). */
  const orderForPayment = db
    .select({ row: orders, customer: accounts.profileOf(orders.userId) })
    .from(orders)
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('hls_order_for_payment');

  /**
   * `forPaymentOpening`'s statement for one payments' write: the customer's order, with the write `open` made over
   * it when it can be paid now.
   */
  const openingStatement = (open: AlongsideWrite['write']) => {
    const value = sql.placeholder;
    const payable = sql`SELECT ${orders.id}, ${orders.totalCents}, ${orders.currency} FROM ${orders}
      WHERE ${orders.id} = ${value('orderId')} AND ${orders.userId} = ${value('userId')}
        AND ${orders.status} = 'pending_payment' AND ${orders.billingCountry} IS NOT NULL
        AND (NOT ${orders.needsAddress} OR ${orders.shippingAddress} IS NOT NULL)
        AND (${value('consentGiven')}::boolean OR NOT ${orders.hasDigital})`;
    const opened = db.$with('opened', {}).as(open(payable));
    return preparedOnce(
      db
        .with(opened)
        .select({
          row: rowOf(orders),
          customer: accounts.profileOf(orders.userId),
          opened: sql<unknown>`(SELECT row_to_json(opened) FROM opened)`,
        })
        .from(orders)
        .where(eq(orders.id, value('orderId'))),
    );
  };
  const openingStatements = new WeakMap<AlongsideWrite['write'], ReturnType<typeof openingStatement>>();

  /**
   * `paymentStarted`'s statement for one payments' write `taken`, with the consents written or not: answers
   * whether `taken` wrote its row.
   */
  const startedStatement = (taken: AlongsideWrite['write'], consented: boolean) => {
    const value = sql.placeholder;
    const took = db.$with('taken', {}).as(taken(sql``));
    const consent = db.$with('consented', {}).as(
      consented
        ? sql`UPDATE ${orders} SET consent = ${value('consent')}::jsonb, updated_at = now()
            WHERE ${orders.id} = ${value('orderId')} AND ${orders.status} = 'pending_payment'`
        : sql`SELECT 1 WHERE false`,
    );
    const history = db.$with('history', {}).as(sql`
      INSERT INTO ${orderEvents} (order_id, kind, status, actor, note)
      SELECT ${orders.id}, ${value('kind')}::text, ${orders.status}, ${value('actor')}::text, ${value('note')}::text
      FROM ${orders} WHERE ${orders.id} = ${value('orderId')} AND EXISTS (SELECT 1 FROM ${took})`);
    return preparedOnce(
      db
        .with(took, consent, history)
        .select({ taken: sql<boolean>`EXISTS (SELECT 1 FROM ${took})` })
        .from(orders)
        .where(eq(orders.id, value('orderId'))),
    );
  };
  type StartedStatement = ReturnType<typeof startedStatement>;
  const startedStatements = new WeakMap<AlongsideWrite['write'], Map<boolean, StartedStatement>>();

  return {
    /** An order as its payment needs it (null when unknown, or not the given customer's). */
    async forPayment(orderId: string, userId?: string): Promise<OrderForPayment | null> {
      const [found] = await orderForPayment.execute({ orderId });
      if (!found || (userId !== undefined && found.row.userId !== userId)) return null;
      return toOrderForPayment(found.row, found.customer);
    },

    /**
     * `forPayment` of the customer's order, and in the same statement the payments' write `open` when the order
     * can be paid now (waiting for payment, taxed, its address given if it needs one, its consents given —
     * `consentGiven` — if it has digital lines): `open.write(order)` builds it over a query of the order's `id`,
     * `total_cents` and `currency`, with `open.values` as placeholders (the statement is built once per `write`).
     * `opened` is the row `open` returned, as JSON (null when it did not run or wrote nothing).
     */
    async forPaymentOpening<T>(
      orderId: string,
      userId: string,
      consentGiven: boolean,
      open: AlongsideWrite,
    ): Promise<{ order: OrderForPayment; opened: T | null } | null> {
      const statement = keptOrBuilt(openingStatements, open.write, () => openingStatement(open.write));
      const [found] = await statement.execute({ ...open.values, orderId, userId, consentGiven });
      if (!found || found.row.userId !== userId) return null;
      return { order: toOrderForPayment(found.row, found.customer), opened: found.opened as T | null };
    },

    /** Adds a row to the order's history (payment failed, refunded…) with its current status. */
    async recordEvent(
      ctx: AppTxContext,
      orderId: string,
      event: { kind: OrderEventKind; actor: OrderActor; note?: string | null; actorUserId?: string | null },
    ): Promise<void> {
      // One statement: the row takes the order's status as it is now.
      const written = await ctx.tx.execute(sql`
        INSERT INTO ${orderEvents} (order_id, kind, status, actor, actor_user_id, note)
        SELECT ${orders.id}, ${event.kind}, ${orders.status}, ${event.actor}, ${event.actorUserId ?? null}::uuid, ${event.note ?? null}
        FROM ${orders} WHERE ${orders.id} = ${orderId}
        RETURNING 1`);
      if (written.rows.length === 0) throw notFound();
    },

    /**
     * An attempt took its intent: `taken.write()` is the payments' statement that records it (returning a row when
     * it did now, none when the attempt had it already), with `taken.values` as placeholders. In the same statement,
     * the `payment_started` history row when it did, and the digital-goods consents (when given) recorded on the
     * pending order either way; built once per `write`, with and without consents. Answers whether the attempt took
     * it now. One statement, so no transaction: the order exists (its attempt refers to it).
     */
    async paymentStarted(
      orderId: string,
      event: { kind: OrderEventKind; actor: OrderActor; note?: string | null },
      consent: DigitalConsent | undefined,
      taken: AlongsideWrite,
    ): Promise<boolean> {
      const consented = consent !== undefined;
      const statement = keptOrBuilt(
        keptOrBuilt(startedStatements, taken.write, () => new Map<boolean, StartedStatement>()),
        consented,
        () => startedStatement(taken.write, consented),
      );
      const [result] = await statement.execute({
        ...taken.values,
        orderId,
        kind: event.kind,
        actor: event.actor,
        note: event.note ?? null,
        consent: consent ? JSON.stringify(consent) : null,
      });
      return result?.taken === true;
    },

    /**
     * The payment of an order was taken: in the caller's transaction, with the order row locked (any number of
     * concurrent confirmations mark it once), checks amount and currency, marks it paid and commits its paper stock.
     * An order cancelled by expiry is held again if its copies are still there; otherwise 'not_payable' (the payment
     * is to be given back).
     */
    async markPaid(
      ctx: AppTxContext,
      payment: TakenPayment,
    ): Promise<{ result: 'paid'; paid: PaidOrderRecord } | { result: Exclude<FulfilResult, 'paid'> }> {
      const { tx } = ctx;
      const currency = payment.currency.toUpperCase();
      // The usual case in one statement: a pending order of the payment's total and currency, marked paid (the
      // update locks it: concurrent confirmations mark it once).
      const paid = await markPaid(tx, payment, 'pending');
      if (paid) return { result: 'paid', paid };
      // Otherwise the order, locked, says why: paid already, another amount, or cancelled by expiry (its copies
      // held again first, from its lines as they are).
      const row = await lockOrder(tx, payment.orderId);
      if (!row) return { result: 'not_payable' };
      if (row.status !== 'pending_payment' && row.status !== 'cancelled') return { result: 'already_paid' };
      if (payment.amountCents !== row.totalCents || currency !== row.currency) {
        await addEvent(tx, row.id, {
          kind: 'payment_mismatch',
          status: row.status,
          actor: 'provider',
          note: `${payment.provider} ${payment.paymentReference}: ${payment.amountCents} ${currency}, expected ${row.totalCents} ${row.currency}`,
        });
        return { result: 'mismatch' };
      }
      if (row.status === 'cancelled' && !(await reserveAgain(sales, ctx, await linesOf(tx, row.id)))) {
        return { result: 'not_payable' };
      }
      const again = await markPaid(tx, payment, 'again');
      if (!again) throw new Error(`order ${row.id} could not be marked paid`);
      return { result: 'paid', paid: again };
    },

    /**
     * What a refund of these lines (default: every line not yet refunded) gives back; throws
     * `refund_unavailable` (409) for an unpaid or wholly refunded order, or a line already refunded.
     */
    async refundable(
      orderId: string,
      lineIds?: number[],
    ): Promise<{ amountCents: number; lineIds: number[] }> {
      const [detail] = await readOrders(db, [orderId]);
      if (!detail) throw notFound();
      const { row, lines } = detail;
      if (!(paidStatuses as readonly string[]).includes(row.status)) {
        throw refundUnavailable('This order has no payment left to refund.');
      }
      const active = lines.filter((l) => l.status === 'active');
      const chosen = lineIds?.length ? active.filter((l) => lineIds.includes(l.id)) : active;
      if (lineIds?.length && chosen.length !== new Set(lineIds).size) {
        throw refundUnavailable('A line named is not in this order, or was already refunded.');
      }
      const amountCents = chosen.reduce((sum, l) => sum + l.amountCents - l.refundedCents, 0);
      if (amountCents <= 0 || amountCents > row.totalCents - row.refundedCents) {
        throw refundUnavailable('Nothing of this order is left to refund.');
      }
      return { amountCents, lineIds: chosen.map((l) => l.id) };
    },

    /**
     * A refund went through: in the caller's transaction, the lines are marked refunded (withdrawn when they were
     * withdrawn from); the order becomes partially refunded while a line is left, else withdrawn when this closes
     * a withdrawal, else refunded. The stock is left as it is (returned books are counted back by hand).
     */
    async markRefunded(ctx: AppTxContext, refund: RefundInput): Promise<RefundRecord> {
      const { tx } = ctx;
      const row = await lockOrder(tx, refund.orderId);
      if (!row) throw notFound();
      if (!(paidStatuses as readonly string[]).includes(row.status)) {
        throw refundUnavailable('This order has no payment left to refund.');
      }
      const lines = await linesOf(tx, row.id);
      const chosen = lines.filter((l) => refund.lineIds.includes(l.id) && l.status === 'active');
      if (chosen.length !== new Set(refund.lineIds).size) {
        throw refundUnavailable('A line named is not in this order, or was already refunded.');
      }
      if (refund.amountCents <= 0 || refund.amountCents > row.totalCents - row.refundedCents) {
        throw refundUnavailable('The amount is more than what is left to refund.');
      }
      const withdrawn = new Set(row.withdrawalRequestedAt ? (row.withdrawalLineIds ?? []) : []);
      for (const line of chosen) {
        await tx
          .update(orderLines)
          .set({
            status: withdrawn.has(line.id) ? 'withdrawn' : 'refunded',
            refundedCents: line.amountCents,
            updatedAt: sql`now()`,
          })
          .where(eq(orderLines.id, line.id));
      }
      const done = new Set(chosen.map((l) => l.id));
      const stillActive = lines.some((l) => l.status === 'active' && !done.has(l.id));
      const closesWithdrawal =
        withdrawn.size > 0 &&
        !row.withdrawalRefundedAt &&
        chosen.some((l) => withdrawn.has(l.id)) &&
        lines.every((l) => !withdrawn.has(l.id) || l.status !== 'active' || done.has(l.id));
      const refundedCents = row.refundedCents + refund.amountCents;
      const status: OrderStatus = stillActive
        ? 'partially_refunded'
        : closesWithdrawal
          ? 'withdrawn'
          : 'refunded';
      await tx
        .update(orders)
        .set({
          status,
          refundedCents,
          ...(closesWithdrawal ? { withdrawalRefundedAt: sql`now()` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(orders.id, row.id));
      await addEvent(tx, row.id, {
        kind: 'refunded',
        status,
        actor: refund.actor.kind,
        actorUserId: refund.actor.userId ?? null,
        note: [`${(refund.amountCents / 100).toFixed(2)} EUR`, refund.reason].filter(Boolean).join(' — '),
      });
      return { row, lines: chosen, customer: await profileOf(row.userId, ctx) };
    },
  };
}

export type OrderPayments = ReturnType<typeof createOrderPayments>;
