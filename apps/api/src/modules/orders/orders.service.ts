import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type {
  AdminOrder,
  AdminOrderPage,
  AdminOrderQuery,
  Country,
  CreateOrderBody,
  DigitalConsent,
  Language,
  LineFormat,
  Order,
  OrderAddressBody,
  OrderEvent,
  OrderEventKind,
  OrderPage,
  OrderStatus,
  PaymentProvider,
  ShipBody,
} from '@hls/contract';
import { includedVat } from '@hls/contract/money';
import { paths } from '@hls/contract/paths';
import type { z } from 'zod';
import type { CheckoutSettings, SiteSettings } from '../../config.ts';
import type { Db, Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsService, UserProfile } from '../accounts/index.ts';
import type { CatalogSales, SaleOffer, SaleProduct } from '../catalog/index.ts';
import type { DownloadsService } from '../downloads/index.ts';
import type { MailService } from '../mail/index.ts';
import type { Ledger } from '../royalties/index.ts';
import {
  adminOrderRows,
  adminPage,
  canWithdraw,
  customerOrderIds,
  downloadableLineIds,
  orderPage,
  paidStatuses,
  readOrders,
  toAdminSummary,
  toOrder,
  withdrawalDeadline,
  type EventRow,
  type LineRow,
  type OrderDetail,
  type OrderRow,
} from './orders.queries.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';

/** What the orders need of the downloads module: entitlements of digital lines. */
export type OrderDownloads = Pick<DownloadsService, 'grant' | 'revokeLine' | 'forOrderLines'>;

/** The payment and refunds of an order as the back office shows them (given by the payments module). */
export type PaymentDetails = Pick<AdminOrder, 'payment' | 'refunds'>;
export type PaymentDetailsProvider = (orderId: string) => Promise<PaymentDetails>;

export type OrdersDeps = {
  db: Db;
  transaction: AppTransaction;
  publicUrl: string;
  checkout: Pick<CheckoutSettings, 'paymentWindow' | 'shippingCountries' | 'vatRates' | 'returnAddress'>;
  company: Pick<SiteSettings['company'], 'name' | 'address' | 'vatNumber'>;
  mail: Pick<MailService, 'queue'>;
  accounts: Pick<AccountsService, 'profiles' | 'profileOf' | 'findUserIds' | 'emailConfirmed'>;
  sales: Pick<CatalogSales, 'offers' | 'reserveStock' | 'releaseStock'>;
  downloads: OrderDownloads;
  /** The royalty ledger: accruals at payment, reversals at refund, the paper holds ended by delivery. */
  royalties: Pick<Ledger, 'accrue' | 'reverse' | 'delivered'>;
};

export type OrderActor = OrderEvent['actor'];
export type FulfilResult = 'paid' | 'already_paid' | 'mismatch' | 'not_payable';

/** What the payments module needs to know of an order to take its payment. */
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
  consent: DigitalConsent | null;
  customerEmail: string;
  customerName: string;
  language: Language;
};

const notFound = () => new AppError('not_found', 404, 'No such order.');
const invalidTransition = (message: string) => new AppError('invalid_transition', 409, message);
const refundUnavailable = (message: string) => new AppError('refund_unavailable', 409, message);
const withdrawalUnavailable = (message: string) => new AppError('withdrawal_unavailable', 409, message);

/** Pending orders expired per transaction. */
const EXPIRY_BATCH = 50;

/** `HLS-<year>-<running number on at least 6 digits>`, from one sequence, computed in the INSERT. */
const nextOrderNumber = sql`(SELECT 'HLS-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('order_number_seq') AS n)`;

type PricedLine = {
  index: number;
  product: SaleProduct;
  offer: SaleOffer;
  quantity: number;
};

/** VAT included in a price: the contract's rule, which the royalties and the authors' quotes share. */
export { includedVat };

/** The configured VAT rate (basis points) of what a line sells. */
export function vatRate(rates: NonNullable<CheckoutSettings['vatRates']>, format: LineFormat): number {
  if (format === 'paper') return rates.paper;
  if (format === 'ebook') return rates.ebook;
  return rates.professionalFile;
}

/** Checks every line against the catalogue; the refusals name their line (`lines.<i>`). */
function priceLines(
  lines: z.output<typeof CreateOrderBody>['lines'],
  catalogue: Map<number, SaleProduct>,
): { priced: PricedLine[]; refused: Record<string, string> } {
  const refused: Record<string, string> = {};
  const priced: PricedLine[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    const refuse = (reason: string) => void (refused[`lines.${index}`] = `line.${reason}`);
    const product = catalogue.get(line.productId);
    if (!product || product.status !== 'published') return refuse('unavailable');
    let offer: SaleOffer | undefined;
    if (product.kind === 'book') {
      if (!line.edition) return refuse('editionRequired');
      offer = product.offers.find((o) => o.format === line.edition);
    } else if (!line.edition) {
      offer = product.offers[0];
    }
    if (!offer) return refuse('unavailable');
    const key = `${product.productId}:${offer.format}`;
    if (seen.has(key)) return refuse('duplicate');
    seen.add(key);
    if (product.section === 'academic' || offer.finalPriceCents === 0) return refuse('free');
    if (offer.format !== 'paper' && line.quantity !== 1) return refuse('digitalQuantity');
    if (offer.format === 'paper' && (offer.stock ?? 0) < line.quantity) return refuse('outOfStock');
    priced.push({ index, product, offer, quantity: line.quantity });
  });
  return { priced, refused };
}

const linesRefused = (fields: Record<string, string>) =>
  new AppError('validation_failed', 400, 'Some lines of the order cannot be sold.', fields);

async function lockOrder(tx: Tx, orderId: string, userId?: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId))
    .for('update');
  return row;
}

async function linesOf(tx: Tx, orderId: string): Promise<LineRow[]> {
  return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
}

async function eventsOf(tx: Tx, orderId: string): Promise<EventRow[]> {
  return tx.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/** Why an address cannot be saved on this order: the error to answer, in the order the checks are made. */
async function whyNoAddress(tx: Tx, orderId: string, userId: string): Promise<AppError> {
  const row = await lockOrder(tx, orderId, userId);
  if (!row) return notFound();
  if (row.status !== 'pending_payment') {
    return new AppError('order_not_payable', 409, 'This order is no longer waiting for payment.');
  }
  if (!row.needsAddress) return invalidTransition('This order holds no paper books: it needs no address.');
  return new AppError('validation_failed', 400, 'We do not ship to this country.', {
    country: 'country.notShipped',
  });
}

async function addEvent(
  tx: Tx,
  orderId: string,
  event: {
    kind: OrderEventKind;
    status: OrderStatus;
    actor: OrderActor;
    actorUserId?: string | null | undefined;
    note?: string | null | undefined;
  },
): Promise<EventRow> {
  const [row] = await tx
    .insert(orderEvents)
    .values({
      orderId,
      kind: event.kind,
      status: event.status,
      actor: event.actor,
      actorUserId: event.actorUserId ?? null,
      note: event.note ?? null,
    })
    .returning();
  return row!;
}

const byEdition = (a: { editionId: number | null }, b: { editionId: number | null }) =>
  (a.editionId ?? 0) - (b.editionId ?? 0);

export function createOrdersService(deps: OrdersDeps) {
  const { db, transaction, sales, accounts, checkout } = deps;
  const ordersUrl = `${deps.publicUrl}${paths.customerOrders.getHref()}`;
  const downloadsUrl = `${deps.publicUrl}${paths.download.getHref()}`;
  let paymentDetails: PaymentDetailsProvider = async () => ({ payment: null, refunds: [] });

  async function profileOf(userId: string, ctx?: AppTxContext): Promise<UserProfile> {
    const profile = (await accounts.profiles([userId], ctx)).get(userId);
    if (!profile) throw new Error(`order customer ${userId} not found`);
    return profile;
  }

  /** Orders as the contract shows them, with the downloads of their paid digital lines (outside transactions). */
  async function present(details: OrderDetail[], userId: string): Promise<Order[]> {
    const lineIds = downloadableLineIds(details);
    const found = lineIds.length ? await deps.downloads.forOrderLines(userId, lineIds) : new Map();
    const now = new Date();
    return details.map((detail) => toOrder(detail, found, now));
  }

  async function getOrder(orderId: string, userId?: string): Promise<Order> {
    const [detail] = await readOrders(db, [orderId]);
    if (!detail || (userId !== undefined && detail.row.userId !== userId)) throw notFound();
    return (await present([detail], detail.row.userId))[0]!;
  }

  async function adminOrder(orderId: string): Promise<AdminOrder> {
    const [detail] = await readOrders(db, [orderId]);
    if (!detail) throw notFound();
    const { userId } = detail.row;
    const [[order], customers, payment] = await Promise.all([
      present([detail], userId),
      accounts.profiles([userId]),
      paymentDetails(orderId),
    ]);
    const customer = customers.get(userId);
    return {
      ...order!,
      customer: { id: userId, name: customer?.name ?? '', email: customer?.email ?? '' },
      payment: payment.payment,
      refunds: payment.refunds,
    };
  }

  /** Takes back the copies a pending order held (expiry); the lines say their stock was released. */
  async function releaseReserved(ctx: AppTxContext, lines: LineRow[]): Promise<void> {
    const held = lines.filter((l) => l.stockState === 'reserved').sort(byEdition);
    for (const line of held) await sales.releaseStock(ctx, line.editionId!, line.quantity);
    if (held.length) {
      await ctx.tx
        .update(orderLines)
        .set({ stockState: 'released', updatedAt: sql`now()` })
        .where(
          inArray(
            orderLines.id,
            held.map((l) => l.id),
          ),
        );
    }
  }

  /** Holds again the copies of an expired order being paid; false (and nothing held) when one is gone. */
  async function reserveAgain(ctx: AppTxContext, lines: LineRow[]): Promise<boolean> {
    const released = lines
      .filter((l) => l.stockState === 'released' && l.status === 'active')
      .sort(byEdition);
    const taken: LineRow[] = [];
    for (const line of released) {
      if (await sales.reserveStock(ctx, line.editionId!, line.quantity)) {
        taken.push(line);
      } else {
        for (const back of taken) await sales.releaseStock(ctx, back.editionId!, back.quantity);
        return false;
      }
    }
    return true;
  }

  return {
    /**
     * Copies sold of these products: units of the active lines of paid orders (refunded and withdrawn lines
     * left out), per product id; products never sold are absent.
     */
    async unitsSold(productIds: number[]): Promise<Map<number, number>> {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ productId: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            inArray(orderLines.productId, ids),
            eq(orderLines.status, 'active'),
            inArray(orders.status, [...paidStatuses]),
          ),
        )
        .groupBy(orderLines.productId);
      return new Map(rows.map((row) => [row.productId, row.units]));
    },

    /** The user bought this product: a line of it in a paid order, neither refunded nor withdrawn. */
    async bought(userId: string, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            eq(orderLines.productId, productId),
            eq(orderLines.status, 'active'),
            inArray(orders.status, [...paidStatuses]),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Prices the lines from the database, holds the paper copies and stores the pending order with its history,
     * in one transaction; a line that cannot be sold refuses the whole order (400 naming it, nothing written).
     */
    async create(userId: string, language: Language, body: z.output<typeof CreateOrderBody>): Promise<Order> {
      // The order's mails (receipt, consents, download links) go to an address its owner has shown to be theirs.
      if (!(await accounts.emailConfirmed(userId))) {
        throw new AppError(
          'email_unconfirmed',
          403,
          'Confirm your e-mail address before ordering: open the link we sent to it, or ask for a new one.',
        );
      }
      // Answered from the rows written: a pending order has no download to look up.
      const detail = await transaction(async (ctx): Promise<OrderDetail> => {
        const { tx } = ctx;
        const catalogue = await sales.offers(
          body.lines.map((l) => l.productId),
          ctx,
        );
        const { priced, refused } = priceLines(body.lines, catalogue);
        if (Object.keys(refused).length) throw linesRefused(refused);

        // Editions in one order everywhere, so two orders holding the same books never wait on each other.
        for (const line of priced
          .filter((l) => l.offer.format === 'paper')
          .sort((a, b) => byEdition(a.offer, b.offer))) {
          if (!(await sales.reserveStock(ctx, line.offer.editionId!, line.quantity))) {
            refused[`lines.${line.index}`] = 'line.outOfStock';
          }
        }
        if (Object.keys(refused).length) throw linesRefused(refused);

        const rows = priced.map(({ product, offer, quantity }) => ({
          productId: product.productId,
          format: offer.format,
          editionId: offer.editionId,
          title: product.title,
          coverUrl: product.coverUrl,
          kind: product.kind,
          section: product.section,
          fileType: product.fileType,
          authorId: product.authorId,
          unitPriceCents: offer.priceCents,
          discountPercent: offer.discountPercent,
          unitFinalCents: offer.finalPriceCents,
          quantity,
          totalCents: offer.finalPriceCents * quantity,
          stockState: offer.format === 'paper' ? ('reserved' as const) : ('none' as const),
        }));
        const subtotalCents = rows.reduce((sum, r) => sum + r.unitPriceCents * r.quantity, 0);
        const totalCents = rows.reduce((sum, r) => sum + r.totalCents, 0);
        const rates = checkout.vatRates;
        const vatCents = rates
          ? rows.reduce((sum, r) => sum + includedVat(r.totalCents, vatRate(rates, r.format)), 0)
          : null;
        const [order] = await tx
          .insert(orders)
          .values({
            number: nextOrderNumber,
            userId,
            status: 'pending_payment',
            subtotalCents,
            discountCents: subtotalCents - totalCents,
            totalCents,
            vatCents,
            language,
            needsAddress: rows.some((r) => r.format === 'paper'),
            hasDigital: rows.some((r) => r.format !== 'paper'),
            expiresAt: new Date(Date.now() + checkout.paymentWindow * 1000),
          })
          .returning();
        const lines = await tx
          .insert(orderLines)
          .values(rows.map((r) => ({ ...r, orderId: order!.id })))
          .returning();
        const created = await addEvent(tx, order!.id, {
          kind: 'created',
          status: 'pending_payment',
          actor: 'customer',
          actorUserId: userId,
        });
        return { row: order!, lines: lines.sort((a, b) => a.id - b.id), events: [created] };
      });
      return toOrder(detail, new Map());
    },

    /** One of the customer's orders (another customer's is a 404). */
    get: (userId: string, orderId: string) => getOrder(orderId, userId),

    /** The customer's orders, newest first. */
    async list(userId: string, page: number): Promise<OrderPage> {
      const { ids, count, pages } = await customerOrderIds(db, userId, page);
      const details = await readOrders(db, ids);
      return orderPage(await present(details, userId), count, page, pages);
    },

    /** The shippable countries, named in `language` and sorted the way its readers expect. */
    countries(language: Language): Country[] {
      const names = new Intl.DisplayNames([language], { type: 'region' });
      const collator = new Intl.Collator(language);
      return checkout.shippingCountries
        .map((code) => ({ code, name: names.of(code) ?? code }))
        .sort((a, b) => collator.compare(a.name, b.name));
    },

    /** The delivery address of a pending paper order (a copy kept with the order). */
    async saveAddress(userId: string, body: z.output<typeof OrderAddressBody>): Promise<Order> {
      const { orderId, ...address } = body;
      const shipped = checkout.shippingCountries.includes(address.country);
      // Answered from the rows written and read in the transaction: a pending order has no download to look up.
      const detail = await transaction(async ({ tx }): Promise<OrderDetail> => {
        // The usual case in one statement: the customer's order, pending and holding paper books, takes the address.
        const [row] = shipped
          ? await tx
              .update(orders)
              .set({ shippingAddress: address, updatedAt: sql`now()` })
              .where(
                and(
                  eq(orders.id, orderId),
                  eq(orders.userId, userId),
                  eq(orders.status, 'pending_payment'),
                  eq(orders.needsAddress, true),
                ),
              )
              .returning()
          : [];
        if (!row) throw await whyNoAddress(tx, orderId, userId);
        await addEvent(tx, orderId, {
          kind: 'address_saved',
          status: row.status,
          actor: 'customer',
          actorUserId: userId,
        });
        const [lines, events] = [await linesOf(tx, orderId), await eventsOf(tx, orderId)];
        return { row, lines, events };
      });
      return toOrder(detail, new Map());
    },

    /**
     * "Withdraw from contract here" (Art. 11a): the customer's paper lines (all, or those named), once, from
     * shipment until WITHDRAWAL_DAYS after delivery; acknowledged by e-mail with the date and time.
     */
    async withdraw(userId: string, orderId: string, lineIds: number[] | undefined): Promise<Order> {
      await transaction(async (ctx) => {
        const { tx } = ctx;
        const row = await lockOrder(tx, orderId, userId);
        if (!row) throw notFound();
        const lines = await linesOf(tx, orderId);
        const now = new Date();
        if (!canWithdraw(row, lines, now)) {
          throw withdrawalUnavailable('This order cannot be withdrawn from (any more).');
        }
        const paper = lines.filter((l) => l.format === 'paper' && l.status === 'active');
        const chosen = lineIds?.length ? paper.filter((l) => lineIds.includes(l.id)) : paper;
        if (chosen.length === 0 || (lineIds?.length && chosen.length !== new Set(lineIds).size)) {
          throw withdrawalUnavailable('Only the paper books of this order can be withdrawn.');
        }
        await tx
          .update(orders)
          .set({
            withdrawalRequestedAt: now,
            withdrawalLineIds: chosen.map((l) => l.id),
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, orderId));
        await addEvent(tx, orderId, {
          kind: 'withdrawal_requested',
          status: row.status,
          actor: 'customer',
          actorUserId: userId,
          note: chosen.map((l) => `${l.quantity} × ${l.title}`).join('; '),
        });
        const customer = await profileOf(userId, ctx);
        await deps.mail.queue(ctx, {
          to: customer.email,
          language: row.language,
          template: 'withdrawal_ack',
          data: {
            firstName: customer.firstName,
            orderNumber: row.number,
            orderUrl: ordersUrl,
            requestedAt: now.toISOString(),
            lines: chosen.map((l) => ({ title: l.title, quantity: l.quantity })),
            returnAddress: checkout.returnAddress,
          },
        });
      });
      return getOrder(orderId, userId);
    },

    /* ------------------------------------------------------------ back office */

    async adminList(query: z.output<typeof AdminOrderQuery>): Promise<AdminOrderPage> {
      const customerIds = query.customer ? await accounts.findUserIds(query.customer) : undefined;
      const { rows, count } = await adminOrderRows(db, query, customerIds);
      const customers = await accounts.profiles(rows.map((r) => r.userId));
      const results = rows.map((row) => {
        const c = customers.get(row.userId);
        return toAdminSummary(row, { id: row.userId, name: c?.name ?? '', email: c?.email ?? '' });
      });
      return adminPage(results, count, query.page);
    },

    adminGet: adminOrder,

    /** A paid paper order leaves: carrier and tracking number, e-mailed to the customer. */
    async ship(staffId: string, orderId: string, body: z.output<typeof ShipBody>): Promise<AdminOrder> {
      await transaction(async (ctx) => {
        const { tx } = ctx;
        const row = await lockOrder(tx, orderId);
        if (!row) throw notFound();
        const lines = await linesOf(tx, orderId);
        const shippable =
          (row.status === 'paid' || row.status === 'partially_refunded') &&
          !row.shippedAt &&
          lines.some((l) => l.format === 'paper' && l.status === 'active');
        if (!shippable)
          throw invalidTransition('Only a paid order with paper books not yet shipped can be shipped.');
        await tx
          .update(orders)
          .set({
            status: 'shipped',
            carrier: body.carrier,
            trackingNumber: body.trackingNumber,
            trackingUrl: body.trackingUrl ?? null,
            shippedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, orderId));
        await addEvent(tx, orderId, {
          kind: 'shipped',
          status: 'shipped',
          actor: 'staff',
          actorUserId: staffId,
          note: `${body.carrier} ${body.trackingNumber}`,
        });
        const customer = await profileOf(row.userId, ctx);
        await deps.mail.queue(ctx, {
          to: customer.email,
          language: row.language,
          template: 'order_shipped',
          data: {
            firstName: customer.firstName,
            orderNumber: row.number,
            orderUrl: ordersUrl,
            carrier: body.carrier,
            trackingNumber: body.trackingNumber,
            trackingUrl: body.trackingUrl ?? null,
          },
        });
      });
      return adminOrder(orderId);
    },

    /** A shipped parcel arrived: the withdrawal period starts, and the customer is told until when. */
    async deliver(staffId: string, orderId: string): Promise<AdminOrder> {
      await transaction(async (ctx) => {
        const { tx } = ctx;
        const row = await lockOrder(tx, orderId);
        if (!row) throw notFound();
        if (
          !row.shippedAt ||
          row.deliveredAt ||
          (row.status !== 'shipped' && row.status !== 'partially_refunded')
        ) {
          throw invalidTransition('Only a shipped order can be marked delivered.');
        }
        const [updated] = await tx
          .update(orders)
          .set({
            status: row.status === 'shipped' ? 'delivered' : row.status,
            deliveredAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .where(eq(orders.id, orderId))
          .returning();
        await deps.royalties.delivered(ctx, orderId);
        await addEvent(tx, orderId, {
          kind: 'delivered',
          status: updated!.status,
          actor: 'staff',
          actorUserId: staffId,
        });
        const customer = await profileOf(row.userId, ctx);
        await deps.mail.queue(ctx, {
          to: customer.email,
          language: row.language,
          template: 'order_delivered',
          data: {
            firstName: customer.firstName,
            orderNumber: row.number,
            orderUrl: ordersUrl,
            withdrawalDeadline: withdrawalDeadline(updated!)?.toISOString() ?? null,
          },
        });
      });
      return adminOrder(orderId);
    },

    /** The payments module gives the back office an order's payment and refunds through this. */
    setPaymentDetails(provider: PaymentDetailsProvider): void {
      paymentDetails = provider;
    },

    /* ------------------------------------------------------------ payments */

    /** An order as its payment needs it (null when unknown, or not the given customer's). */
    async forPayment(orderId: string, userId?: string): Promise<OrderForPayment | null> {
      // The order and its customer in one statement.
      const [found] = await db
        .select({ row: orders, customer: accounts.profileOf(orders.userId) })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!found || (userId !== undefined && found.row.userId !== userId)) return null;
      const { row, customer } = found;
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
        consent: row.consent,
        customerEmail: customer?.email ?? '',
        customerName: customer?.name ?? '',
        language: row.language,
      };
    },

    /** Records the digital-goods consents (their wording, language and time) on a pending order. */
    async recordConsent(ctx: AppTxContext, orderId: string, consent: DigitalConsent): Promise<void> {
      await ctx.tx
        .update(orders)
        .set({ consent, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')));
    },

    /**
     * Adds a row to the order's history (payment started, failed…) with its current status; with `consent`, the
     * digital-goods consents are recorded on the pending order in the same statement.
     */
    async recordEvent(
      ctx: AppTxContext,
      orderId: string,
      event: { kind: OrderEventKind; actor: OrderActor; note?: string | null; actorUserId?: string | null },
      consent?: DigitalConsent,
    ): Promise<void> {
      // One statement: the row takes the order's status as it is now (recording the consents changes no status).
      const consented = consent
        ? sql`WITH consented AS (
            UPDATE ${orders} SET consent = ${JSON.stringify(consent)}::jsonb, updated_at = now()
            WHERE ${orders.id} = ${orderId} AND ${orders.status} = 'pending_payment'
          ) `
        : sql``;
      const written = await ctx.tx.execute(sql`${consented}
        INSERT INTO ${orderEvents} (order_id, kind, status, actor, actor_user_id, note)
        SELECT ${orders.id}, ${event.kind}, ${orders.status}, ${event.actor}, ${event.actorUserId ?? null}::uuid, ${event.note ?? null}
        FROM ${orders} WHERE ${orders.id} = ${orderId}
        RETURNING 1`);
      if (written.rows.length === 0) throw notFound();
    },

    /**
     * The payment of an order was taken: in the caller's transaction, with the order row locked (any number of
     * concurrent confirmations fulfil it once), checks amount and currency, marks it paid, commits the paper
     * stock, queues the confirmation e-mail and grants the digital lines. An order cancelled by expiry is held
     * again if its copies are still there; otherwise 'not_payable' (the payment is to be given back).
     */
    async fulfil(
      ctx: AppTxContext,
      payment: {
        orderId: string;
        amountCents: number;
        currency: string;
        provider: PaymentProvider;
        paymentReference: string;
      },
    ): Promise<FulfilResult> {
      const { tx } = ctx;
      // The order locked, with its customer (for the e-mail and the downloads' stamp) in the same statement.
      const [locked] = await tx
        .select({ row: orders, customer: accounts.profileOf(orders.userId) })
        .from(orders)
        .where(eq(orders.id, payment.orderId))
        .for('update', { of: orders });
      if (!locked) return 'not_payable';
      const { row } = locked;
      if (row.status !== 'pending_payment' && row.status !== 'cancelled') return 'already_paid';
      if (payment.amountCents !== row.totalCents || payment.currency.toUpperCase() !== row.currency) {
        await addEvent(tx, row.id, {
          kind: 'payment_mismatch',
          status: row.status,
          actor: 'provider',
          note: `${payment.provider} ${payment.paymentReference}: ${payment.amountCents} ${payment.currency.toUpperCase()}, expected ${row.totalCents} ${row.currency}`,
        });
        return 'mismatch';
      }
      const lines = await linesOf(tx, row.id);
      if (row.status === 'cancelled' && !(await reserveAgain(ctx, lines))) return 'not_payable';

      // The order marked paid and its `paid` history row in one statement.
      const note = `${payment.provider} ${payment.paymentReference}`;
      const marked = await tx.execute<{ paid_ms: number }>(sql`
        WITH paid AS (
          UPDATE ${orders}
          SET status = 'paid', paid_at = now(), expires_at = NULL, payment_provider = ${payment.provider},
            payment_reference = ${payment.paymentReference}, updated_at = now()
          WHERE ${orders.id} = ${row.id}
          RETURNING id, paid_at
        ), history AS (
          INSERT INTO ${orderEvents} (order_id, kind, status, actor, note)
          SELECT id, 'paid', 'paid', 'provider', ${note} FROM paid
        )
        SELECT (extract(epoch FROM paid_at) * 1000)::float8 AS paid_ms FROM paid`);
      const paidAt = new Date(Number(marked.rows[0]!.paid_ms));
      if (lines.some((l) => l.format === 'paper')) {
        await tx
          .update(orderLines)
          .set({ stockState: 'committed', updatedAt: sql`now()` })
          .where(and(eq(orderLines.orderId, row.id), eq(orderLines.format, 'paper')));
      }

      const customer = locked.customer;
      if (!customer) throw new Error(`order customer ${row.userId} not found`);
      // The confirmation (the durable medium of the consents) is queued before any download exists.
      await deps.mail.queue(ctx, {
        to: customer.email,
        language: row.language,
        template: 'order_confirmation',
        data: {
          firstName: customer.firstName,
          orderNumber: row.number,
          orderUrl: ordersUrl,
          downloadsUrl: row.hasDigital ? downloadsUrl : null,
          paidAt: paidAt.toISOString(),
          lines: lines.map((l) => ({
            title: l.title,
            format: l.format,
            quantity: l.quantity,
            unitFinalCents: l.unitFinalCents,
            totalCents: l.totalCents,
          })),
          subtotalCents: row.subtotalCents,
          discountCents: row.discountCents,
          totalCents: row.totalCents,
          vatCents: row.vatCents,
          consent: row.consent,
          address: row.shippingAddress,
          company: deps.company,
        },
      });
      await deps.royalties.accrue(ctx, {
        id: row.id,
        number: row.number,
        paidAt,
        lines: lines.map((l) => ({
          id: l.id,
          productId: l.productId,
          authorId: l.authorId,
          format: l.format,
          title: l.title,
          quantity: l.quantity,
          totalCents: l.totalCents,
        })),
      });
      for (const line of lines.filter((l) => l.format !== 'paper')) {
        await deps.downloads.grant(ctx, {
          userId: row.userId,
          productId: line.productId,
          orderId: row.id,
          orderLineId: line.id,
          orderNumber: row.number,
          buyer: { name: customer.name, email: customer.email },
        });
      }
      return 'paid';
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
      const amountCents = chosen.reduce((sum, l) => sum + l.totalCents - l.refundedCents, 0);
      if (amountCents <= 0 || amountCents > row.totalCents - row.refundedCents) {
        throw refundUnavailable('Nothing of this order is left to refund.');
      }
      return { amountCents, lineIds: chosen.map((l) => l.id) };
    },

    /**
     * A refund went through: in the caller's transaction, the lines are marked refunded (withdrawn when they
     * were withdrawn from) and their downloads revoked; the order becomes partially refunded while a line is left,
     * else withdrawn when this closes a withdrawal, else refunded; the customer is e-mailed. The stock is left as it is (returned
     * books are counted back by hand). The order returned carries no downloads (read in the transaction).
     */
    async recordRefund(
      ctx: AppTxContext,
      refund: {
        orderId: string;
        lineIds: number[];
        amountCents: number;
        reference: string;
        actor: { kind: OrderActor; userId?: string | null };
        reason?: string | null;
      },
    ): Promise<Order> {
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
            refundedCents: line.totalCents,
            updatedAt: sql`now()`,
          })
          .where(eq(orderLines.id, line.id));
      }
      for (const line of chosen.filter((l) => l.format !== 'paper')) {
        await deps.downloads.revokeLine(ctx, line.id);
      }
      await deps.royalties.reverse(
        ctx,
        chosen.map((l) => l.id),
      );

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
      const customer = await profileOf(row.userId, ctx);
      await deps.mail.queue(ctx, {
        to: customer.email,
        language: row.language,
        template: 'order_refunded',
        data: {
          firstName: customer.firstName,
          orderNumber: row.number,
          orderUrl: ordersUrl,
          amountCents: refund.amountCents,
          lines: chosen.map((l) => ({ title: l.title })),
        },
      });
      const [detail] = await readOrders(tx, [row.id]);
      return toOrder(detail!, new Map());
    },

    /** Of these orders, those still waiting for their payment: one statement for a batch of attempts. */
    async stillPending(orderIds: readonly string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.id, [...orderIds]), eq(orders.status, 'pending_payment')));
      return new Set(rows.map((row) => row.id));
    },

    /** The pending orders whose payment window closed before `now` (the oldest first, at most `limit`). */
    async overdue(now: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now)))
        .orderBy(asc(orders.expiresAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Cancels the pending orders whose payment window closed before `now` and gives their paper copies back,
     * each with an 'expired' row in its history; returns how many (with `only`, of these orders alone: the payments'
     * sweep leaves out those whose payment is still in flight). Orders being paid meanwhile are skipped.
     */
    async expireDue(now: Date = new Date(), options: { only?: readonly string[] } = {}): Promise<number> {
      if (options.only?.length === 0) return 0;
      const chosen = options.only ? inArray(orders.id, [...options.only]) : undefined;
      let expired = 0;
      for (;;) {
        const batch = await transaction(async (ctx) => {
          const { tx } = ctx;
          const due = await tx
            .select()
            .from(orders)
            .where(and(eq(orders.status, 'pending_payment'), lte(orders.expiresAt, now), chosen))
            .orderBy(asc(orders.expiresAt))
            .limit(EXPIRY_BATCH)
            .for('update', { skipLocked: true });
          if (due.length === 0) return 0;
          const ids = due.map((r) => r.id);
          const lines = await tx.select().from(orderLines).where(inArray(orderLines.orderId, ids));
          await releaseReserved(ctx, lines);
          await tx
            .update(orders)
            .set({ status: 'cancelled', updatedAt: sql`now()` })
            .where(inArray(orders.id, ids));
          ctx.raise('orders.expired', { orderIds: ids });
          await tx.insert(orderEvents).values(
            ids.map((orderId) => ({
              orderId,
              kind: 'expired' as const,
              status: 'cancelled' as const,
              actor: 'system' as const,
              note: 'The payment window closed.',
            })),
          );
          return due.length;
        });
        expired += batch;
        if (batch < EXPIRY_BATCH) return expired;
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
