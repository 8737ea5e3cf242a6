import { sql, type Placeholder } from 'drizzle-orm';
import type { Country, CreateOrderBody, Language, Order, OrderAddressBody } from '@hls/contract';
import type { z } from 'zod';
import type { CheckoutSettings } from '../../config.ts';
import type { Db, DbOrTx, Tx } from '../../db/database.ts';
import { preparedForRows, rowPlaceholders } from '../../db/prepared.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import { emailConfirmedCondition, type AccountsService } from '../accounts/index.ts';
import type { CatalogSales, SaleOffer, SaleProduct } from '../catalog/index.ts';
import { toOrder, type OrderDetail } from './orders.queries.ts';
import { byEdition, invalidTransition, writtenOrder, type WrittenOrderJson } from './orders.records.ts';
import { orderEvents, orderLines, orders } from './orders.tables.ts';
import { taxedStep, type TaxedStepKind } from './orders.taxing.ts';

/** Placing an order: the lines priced by the server and the paper copies held, the delivery address, the countries. */

export type PlacingDeps = {
  db: Db;
  transaction: AppTransaction;
  checkout: Pick<CheckoutSettings, 'paymentWindow' | 'shippingCountries' | 'vat'>;
  accounts: Pick<AccountsService, 'emailConfirmed' | 'keepAddress'>;
  sales: Pick<CatalogSales, 'offers' | 'reserveStock'>;
};

/** `HLS-<year>-<running number on at least 6 digits>`, from one sequence, computed in the INSERT. */
const nextOrderNumber = sql`(SELECT 'HLS-' || to_char(now() AT TIME ZONE 'UTC', 'YYYY') || '-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('order_number_seq') AS n)`;

type PricedLine = {
  index: number;
  product: SaleProduct;
  offer: SaleOffer;
  quantity: number;
};

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
  new AppError('validation_failed', 'Some lines of the order cannot be sold.', fields);

const emailUnconfirmed = () =>
  new AppError(
    'email_unconfirmed',
    'Confirm your e-mail address before ordering: open the link we sent to it, or ask for a new one.',
  );

type NewLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** A line's columns, in the order of the statement's `VALUES`. */
const lineColumns = [
  'productId',
  'format',
  'editionId',
  'title',
  'coverUrl',
  'kind',
  'section',
  'fileType',
  'authorId',
  'unitPriceCents',
  'discountPercent',
  'unitFinalCents',
  'quantity',
  'totalCents',
  'amountCents',
  'stockState',
] as const satisfies readonly (keyof NewLine)[];
type LineValue = (column: (typeof lineColumns)[number]) => unknown;

/** What the order's row takes besides its lines. */
const orderColumns = [
  'userId',
  'language',
  'subtotalCents',
  'discountCents',
  'totalCents',
  'needsAddress',
  'hasDigital',
  'expiresAt',
] as const;
/** The order's values: each a value, or a placeholder of the statement built once. */
type OrderValues = Record<(typeof orderColumns)[number], unknown>;

/**
 * The pending order, its lines and its first event in one statement, if its customer's e-mail address is
 * confirmed (nothing written otherwise); it answers the rows written. `lines` gives each line's values (or
 * placeholders), `order` the order's.
 */
function orderStatement(executor: DbOrTx, order: OrderValues, lines: LineValue[]) {
  const values = sql.join(
    lines.map(
      (of, n) =>
        sql`(${n}::int, ${of('productId')}::int, ${of('format')}, ${of('editionId')}::int, ${of('title')}, ${of('coverUrl')},
          ${of('kind')}, ${of('section')}, ${of('fileType')}, ${of('authorId')}::uuid, ${of('unitPriceCents')}::int,
          ${of('discountPercent')}::int, ${of('unitFinalCents')}::int, ${of('quantity')}::int, ${of('totalCents')}::int,
          ${of('amountCents')}::int, ${of('stockState')})`,
    ),
    sql`, `,
  );
  // The VAT is null: the order is taxed once the buyer says where they live (the billing step).
  const o = executor.$with('o', { id: sql<string>`id`.as('id') }).as(sql`
    INSERT INTO ${orders} (number, user_id, status, subtotal_cents, discount_cents, total_cents, vat_cents, language,
      needs_address, has_digital, expires_at)
    SELECT ${nextOrderNumber}, ${order.userId}::uuid, 'pending_payment', ${order.subtotalCents}::int,
      ${order.discountCents}::int, ${order.totalCents}::int, NULL, ${order.language}::text,
      ${order.needsAddress}::boolean, ${order.hasDigital}::boolean, ${order.expiresAt}::timestamptz
    WHERE ${emailConfirmedCondition(order.userId as string | Placeholder)}
    RETURNING *`);
  const l = executor.$with('l', {}).as(sql`
    INSERT INTO ${orderLines} (order_id, product_id, format, edition_id, title, cover_url, kind, section, file_type,
      author_id, unit_price_cents, discount_percent, unit_final_cents, quantity, total_cents, amount_cents, stock_state)
    SELECT o.id, v.product_id, v.format, v.edition_id, v.title, v.cover_url, v.kind, v.section, v.file_type,
      v.author_id, v.unit_price_cents, v.discount_percent, v.unit_final_cents, v.quantity, v.total_cents,
      v.amount_cents, v.stock_state
    FROM o CROSS JOIN (VALUES ${values}) AS v(n, product_id, format, edition_id, title, cover_url, kind, section,
      file_type, author_id, unit_price_cents, discount_percent, unit_final_cents, quantity, total_cents,
      amount_cents, stock_state)
    ORDER BY v.n
    RETURNING *`);
  const e = executor.$with('e', {}).as(sql`
    INSERT INTO ${orderEvents} (order_id, kind, status, actor, actor_user_id)
    SELECT o.id, 'created', 'pending_payment', 'customer', o.user_id FROM o
    RETURNING *`);
  return executor
    .with(o, l, e)
    .select({
      order: sql<unknown>`row_to_json(o)`.as('order'),
      lines: sql<unknown>`(SELECT json_agg(l ORDER BY l.id) FROM l)`.as('lines'),
      events: sql<unknown>`(SELECT json_agg(e) FROM e)`.as('events'),
    })
    .from(o);
}

/** The statement of an order of up to four lines, built once per count of lines. */
function orderStatements(db: Db) {
  const value = sql.placeholder;
  const order = Object.fromEntries(orderColumns.map((name) => [name, value(name)])) as OrderValues;
  return preparedForRows(4, (size) =>
    orderStatement(
      db,
      order,
      Array.from({ length: size }, (_, n) => rowPlaceholders(n)),
    ),
  );
}

/**
 * The address step, built once: the delivery address (a copy kept with the order), with the rates of where the
 * buyer lives and where the books go, on condition that the buyer's country and VAT number did not change.
 */
const addressStep: TaxedStepKind = {
  countries: (o) => sql`${o}.billing_country, ${sql.placeholder('shippingCountry')}::text`,
  set: sql`shipping_address = ${sql.placeholder('address')}::jsonb`,
  unchanged: sql`needs_address AND billing_country IS NOT DISTINCT FROM ${sql.placeholder('billingCountry')}::text
    AND vat_number IS NOT DISTINCT FROM ${sql.placeholder('vatNumber')}::text`,
  event: 'address_saved',
};

export function createOrderPlacing(deps: PlacingDeps) {
  const { db, transaction, sales, accounts, checkout } = deps;
  const builtOnce = orderStatements(db);

  /** The order written (undefined when its customer's address is not confirmed), in the transaction `tx` if any. */
  async function writeOrder(
    tx: Tx | undefined,
    order: OrderValues & { expiresAt: string },
    rows: NewLine[],
  ): Promise<OrderDetail | undefined> {
    const lines = rows.map((row) =>
      Object.fromEntries(lineColumns.map((column) => [column, row[column] ?? null])),
    );
    const statement =
      builtOnce(tx, lines, order) ??
      orderStatement(
        tx ?? db,
        order,
        lines.map((line) => (column) => line[column]),
      );
    const [written] = (await statement.execute()) as WrittenOrderJson[];
    return written && writtenOrder(written);
  }

  return {
    /**
     * Prices the lines from the database, holds the paper copies and stores the pending order with its history,
     * in one transaction; a line that cannot be sold refuses the whole order (400 naming it, nothing written).
     */
    async create(userId: string, language: Language, body: z.output<typeof CreateOrderBody>): Promise<Order> {
      // The order's mails (receipt, consents, download links) go to an address its owner has shown to be theirs:
      // checked by the statement that writes the order, and before any other refusal.
      const refuse = async (fields: Record<string, string>, within?: AppTxContext): Promise<never> => {
        if (!(await accounts.emailConfirmed(userId, within))) throw emailUnconfirmed();
        throw linesRefused(fields);
      };
      const catalogue = await sales.offers(body.lines.map((l) => l.productId));
      const { priced, refused } = priceLines(body.lines, catalogue);
      if (Object.keys(refused).length) return refuse(refused);

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
        amountCents: offer.finalPriceCents * quantity,
        stockState: offer.format === 'paper' ? ('reserved' as const) : ('none' as const),
      }));
      const subtotalCents = rows.reduce((sum, r) => sum + r.unitPriceCents * r.quantity, 0);
      const totalCents = rows.reduce((sum, r) => sum + r.totalCents, 0);
      const write = (tx: Tx | undefined) =>
        writeOrder(
          tx,
          {
            userId,
            language,
            subtotalCents,
            discountCents: subtotalCents - totalCents,
            totalCents,
            needsAddress: rows.some((r) => r.format === 'paper'),
            hasDigital: rows.some((r) => r.format !== 'paper'),
            expiresAt: new Date(Date.now() + checkout.paymentWindow * 1000).toISOString(),
          },
          rows,
        );

      const paper = priced
        .filter((l) => l.offer.format === 'paper')
        .sort((a, b) => byEdition(a.offer, b.offer));
      // Digital goods only: the order, its lines and its history in one statement (atomic without a transaction).
      // Paper copies are held first, in the same transaction.
      const detail = paper.length
        ? await transaction(async (ctx): Promise<OrderDetail | undefined> => {
            // Editions in one order everywhere, so two orders holding the same books never wait on each other.
            for (const line of paper) {
              if (!(await sales.reserveStock(ctx, line.offer.editionId!, line.quantity))) {
                refused[`lines.${line.index}`] = 'line.outOfStock';
              }
            }
            if (Object.keys(refused).length) return refuse(refused, ctx);
            const written = await write(ctx.tx);
            // Nothing written: the address is not confirmed; the copies held go back with the rollback.
            if (!written) throw emailUnconfirmed();
            return written;
          })
        : await write(undefined);
      if (!detail) throw emailUnconfirmed();
      // Answered from the rows written: a pending order has no download to look up.
      return toOrder(detail, new Map());
    },

    /** The shippable countries, named in `language` and sorted the way its readers expect. */
    countries(language: Language): Country[] {
      const names = new Intl.DisplayNames([language], { type: 'region' });
      const collator = new Intl.Collator(language);
      return checkout.shippingCountries
        .map((code) => ({ code, name: names.of(code) ?? code }))
        .sort((a, b) => collator.compare(a.name, b.name));
    },

    /**
     * The delivery address of a pending paper order (a copy kept with the order), and on request the same address
     * kept in the buyer's address book, both or neither.
     */
    async saveAddress(userId: string, body: z.output<typeof OrderAddressBody>): Promise<Order> {
      const { orderId, saveToAddressBook, ...address } = body;
      // The order read with its lines and rates, then the customer's order, pending and holding paper books, takes
      // the address, its VAT (the books' country may change it: the destination's rate) and its event in one.
      const shipped = checkout.shippingCountries.includes(address.country);
      const detail = await taxedStep(
        db,
        addressStep,
        {
          orderId,
          userId,
          vat: checkout.vat,
          values: { shippingCountry: address.country, address: JSON.stringify(address) },
          refuses: (row) =>
            !row.needsAddress
              ? invalidTransition('This order holds no paper books: it needs no address.')
              : !shipped
                ? new AppError('validation_failed', 'We do not ship to this country.', {
                    country: 'country.notShipped',
                  })
                : null,
          after: (row) => ({
            billingCountry: row.billingCountry,
            shippingCountry: address.country,
            business: row.vatNumber !== null,
          }),
          unchanged: (row) => ({ billingCountry: row.billingCountry, vatNumber: row.vatNumber }),
          note: null,
        },
        saveToAddressBook
          ? (statement) =>
              transaction(async (ctx) => {
                const written = await statement(ctx.tx);
                if (written) await accounts.keepAddress(userId, address, ctx);
                return written;
              })
          : undefined,
      );
      return toOrder(detail, new Map());
    },
  };
}
