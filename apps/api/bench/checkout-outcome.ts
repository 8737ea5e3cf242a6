// The checkout bench's checks: what the run left in the database, counted against what the customers were told.
import type pg from 'pg';
import type { PaperEditions } from './checkout-setup.ts';

export type Check = { label: string; problems: string[] };

/** Counts, in the database, what the run left; every line of `problems` is a discrepancy. */
export async function countOutcome(
  pool: pg.Pool,
  customerIds: string[],
  confirmedIds: string[],
  paperEditions: PaperEditions,
): Promise<{ summary: string; checks: Check[] }> {
  const orders = (
    await pool.query<{ id: string; number: string; status: string; total_cents: number; email: string }>(
      `SELECT o.id, o.number, o.status, o.total_cents, u.email FROM orders o JOIN users u ON u.id = o.user_id
       WHERE o.user_id = ANY($1::uuid[])`,
      [customerIds],
    )
  ).rows;
  const confirmed = new Set(confirmedIds);
  const paid = orders.filter((order) => order.status === 'paid');
  const checks: Check[] = [];
  const sample = (items: string[]) =>
    items.length > 3 ? `${items.slice(0, 3).join(', ')}, …` : items.join(', ');

  const paidIds = new Set(paid.map((order) => order.id));
  const paidNotConfirmed = paid.filter((order) => !confirmed.has(order.id)).map((order) => order.number);
  const confirmedNotPaid = [...confirmed].filter((id) => !paidIds.has(id));
  checks.push({
    label: `orders paid = confirmations answered 200 (${paid.length} / ${confirmed.size})`,
    problems: [
      ...(confirmed.size !== confirmedIds.length
        ? [`${confirmedIds.length - confirmed.size} orders confirmed twice`]
        : []),
      ...(paidNotConfirmed.length
        ? [`${paidNotConfirmed.length} paid without a 200: ${sample(paidNotConfirmed)}`]
        : []),
      ...(confirmedNotPaid.length
        ? [`${confirmedNotPaid.length} confirmed but not paid: ${sample(confirmedNotPaid)}`]
        : []),
    ],
  });

  // Paid once: one `paid` history row, one succeeded payment, the demo provider took the total once.
  const payments = (
    await pool.query<{
      id: string;
      status: string;
      total_cents: number;
      paid_events: number;
      succeeded: number;
      received: number;
    }>(
      `SELECT o.id, o.status, o.total_cents,
         (SELECT count(*)::int FROM order_events ev WHERE ev.order_id = o.id AND ev.kind = 'paid') AS paid_events,
         (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded') AS succeeded,
         (SELECT coalesce(sum(d.amount_received), 0)::int FROM demo_intents d WHERE d.order_id = o.id) AS received
       FROM orders o WHERE o.user_id = ANY($1::uuid[])`,
      [customerIds],
    )
  ).rows;
  const twice = payments.filter((row) => row.paid_events > 1 || row.succeeded > 1).map((row) => row.id);
  const wrongPaid = payments
    .filter((row) =>
      row.status === 'paid'
        ? row.paid_events !== 1 || row.succeeded !== 1 || row.received !== row.total_cents
        : row.paid_events > 0 || row.succeeded > 0 || row.received > 0,
    )
    .map((row) => row.id);
  checks.push({
    label: 'no order paid twice (one paid event, one succeeded payment, the total taken once)',
    problems: [
      ...(twice.length ? [`${twice.length} orders paid twice: ${sample(twice)}`] : []),
      ...(wrongPaid.length
        ? [`${wrongPaid.length} orders whose payment records disagree: ${sample(wrongPaid)}`]
        : []),
    ],
  });

  const lines = (
    await pool.query<{ id: number; status: string; entitlements: number; mismatched: number }>(
      `SELECT l.id, o.status, count(e.id)::int AS entitlements,
         count(e.id) FILTER (WHERE e.user_id <> o.user_id OR e.product_id <> l.product_id OR e.order_id <> o.id
           OR e.status <> 'active')::int AS mismatched
       FROM order_lines l JOIN orders o ON o.id = l.order_id LEFT JOIN entitlements e ON e.order_line_id = l.id
       WHERE o.user_id = ANY($1::uuid[]) AND l.format IN ('ebook', 'file')
       GROUP BY l.id, o.status`,
      [customerIds],
    )
  ).rows;
  const paidLines = lines.filter((line) => line.status === 'paid');
  const missing = paidLines.filter((line) => line.entitlements === 0).length;
  const doubled = paidLines.filter((line) => line.entitlements > 1).length;
  const unpaidGranted = lines.filter((line) => line.status !== 'paid' && line.entitlements > 0).length;
  const mismatched = lines.filter((line) => line.mismatched > 0).length;
  checks.push({
    label: `one entitlement per digital line of a paid order (${paidLines.length} lines)`,
    problems: [
      ...(missing ? [`${missing} paid digital lines without an entitlement`] : []),
      ...(doubled ? [`${doubled} paid digital lines with several entitlements`] : []),
      ...(unpaidGranted ? [`${unpaidGranted} unpaid lines with an entitlement`] : []),
      ...(mismatched ? [`${mismatched} entitlements of another user, product or order, or revoked`] : []),
    ],
  });

  const mails = (
    await pool.query<{ number: string | null; to: string; count: number }>(
      `SELECT data->>'orderNumber' AS number, "to", count(*)::int AS count FROM mail_outbox
       WHERE template = 'order_confirmation' GROUP BY 1, 2`,
    )
  ).rows;
  const mailsByNumber = new Map<string, { to: string; count: number }[]>();
  for (const mail of mails) {
    const list = mailsByNumber.get(mail.number ?? '') ?? [];
    list.push({ to: mail.to, count: mail.count });
    mailsByNumber.set(mail.number ?? '', list);
  }
  const noMail = paid.filter((order) => !mailsByNumber.has(order.number)).map((order) => order.number);
  const severalMails = paid
    .filter((order) => (mailsByNumber.get(order.number) ?? []).reduce((sum, mail) => sum + mail.count, 0) > 1)
    .map((order) => order.number);
  const wrongRecipient = paid
    .filter((order) =>
      (mailsByNumber.get(order.number) ?? []).some((mail) => mail.to.toLowerCase() !== order.email),
    )
    .map((order) => order.number);
  const paidNumbers = new Set(paid.map((order) => order.number));
  const strayMails = [...mailsByNumber.keys()].filter((number) => !paidNumbers.has(number));
  checks.push({
    label: `one order_confirmation e-mail per paid order (${mails.reduce((sum, mail) => sum + mail.count, 0)} queued)`,
    problems: [
      ...(noMail.length ? [`${noMail.length} paid orders without the e-mail: ${sample(noMail)}`] : []),
      ...(severalMails.length
        ? [`${severalMails.length} paid orders with several: ${sample(severalMails)}`]
        : []),
      ...(wrongRecipient.length
        ? [`${wrongRecipient.length} sent to someone else: ${sample(wrongRecipient)}`]
        : []),
      ...(strayMails.length ? [`${strayMails.length} for no paid order: ${sample(strayMails)}`] : []),
    ],
  });

  const stock = (
    await pool.query<{
      id: number;
      stock: number;
      held: number;
      committed: number;
      paid_quantity: number;
      paid_uncommitted: number;
      unpaid_committed: number;
    }>(
      `SELECT e.id, e.stock,
         coalesce(sum(l.quantity) FILTER (WHERE l.stock_state IN ('reserved', 'committed')), 0)::int AS held,
         coalesce(sum(l.quantity) FILTER (WHERE l.stock_state = 'committed'), 0)::int AS committed,
         coalesce(sum(l.quantity) FILTER (WHERE o.status = 'paid'), 0)::int AS paid_quantity,
         count(l.id) FILTER (WHERE o.status = 'paid' AND l.stock_state <> 'committed')::int AS paid_uncommitted,
         count(l.id) FILTER (WHERE o.status <> 'paid' AND l.stock_state = 'committed')::int AS unpaid_committed
       FROM book_editions e
       LEFT JOIN order_lines l ON l.edition_id = e.id AND l.format = 'paper'
       LEFT JOIN orders o ON o.id = l.order_id
       WHERE e.id = ANY($1::int[]) GROUP BY e.id`,
      [[...paperEditions.keys()]],
    )
  ).rows;
  const stockProblems: string[] = [];
  let copies = 0;
  for (const row of stock) {
    const before = paperEditions.get(row.id)!.stock;
    copies += row.committed;
    if (before - row.stock !== row.held)
      stockProblems.push(
        `edition ${row.id}: ${before - row.stock} copies left the stock, ${row.held} held by orders`,
      );
    if (row.committed !== row.paid_quantity)
      stockProblems.push(`edition ${row.id}: ${row.committed} copies committed, ${row.paid_quantity} paid`);
    if (row.paid_uncommitted || row.unpaid_committed)
      stockProblems.push(
        `edition ${row.id}: ${row.paid_uncommitted + row.unpaid_committed} lines in the wrong stock state`,
      );
  }
  checks.push({
    label: `paper stock committed once per paid line (${copies} copies)`,
    problems: stockProblems,
  });

  const pending = orders.filter((order) => order.status === 'pending_payment').length;
  return {
    summary: `${orders.length} orders: ${paid.length} paid, ${pending} pending (a step failed), ${orders.length - paid.length - pending} other`,
    checks,
  };
}
