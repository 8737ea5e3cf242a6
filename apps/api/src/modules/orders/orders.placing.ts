import { and, eq, sql } from 'drizzle-orm';
import type { Country, CreateOrderBody, Language, Order, OrderAddressBody } from '@hls/contract';
import type { z } from 'zod';
import type { CheckoutSettings } from '../../config.ts';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction } from '../../plugins/database.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { CatalogSales, SaleOffer, SaleProduct } from '../catalog/index.ts';
import { toOrder, type OrderDetail } from './orders.queries.ts';
import {
  addEvent,
  byEdition,
  eventsOf,
  invalidTransition,
  linesOf,
  lockOrder,
  notFound,
} from './orders.records.ts';
import { orderLines, orders } from './orders.tables.ts';
import { taxOrder } from './orders.taxing.ts';

/** Placing an order: the lines priced by the server and the paper copies held, the delivery address, the countries. */

export type PlacingDeps = {
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

/** Why an address cannot be saved on this order: the error to answer, in the order the checks are made. */
async function whyNoAddress(tx: Tx, orderId: string, userId: string): Promise<AppError> {
  const row = await lockOrder(tx, orderId, userId);
  if (!row) return notFound();
  if (row.status !== 'pending_payment') {
    return new AppError('order_not_payable', 'This order is no longer waiting for payment.');
  }
  if (!row.needsAddress) return invalidTransition('This order holds no paper books: it needs no address.');
  return new AppError('validation_failed', 'We do not ship to this country.', {
    country: 'country.notShipped',
  });
}

export function createOrderPlacing(deps: PlacingDeps) {
  const { transaction, sales, accounts, checkout } = deps;
  return {
    /**
     * Prices the lines from the database, holds the paper copies and stores the pending order with its history,
     * in one transaction; a line that cannot be sold refuses the whole order (400 naming it, nothing written).
     */
    async create(userId: string, language: Language, body: z.output<typeof CreateOrderBody>): Promise<Order> {
      // The order's mails (receipt, consents, download links) go to an address its owner has shown to be theirs.
      if (!(await accounts.emailConfirmed(userId))) {
        throw new AppError(
          'email_unconfirmed',
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
          amountCents: offer.finalPriceCents * quantity,
          stockState: offer.format === 'paper' ? ('reserved' as const) : ('none' as const),
        }));
        const subtotalCents = rows.reduce((sum, r) => sum + r.unitPriceCents * r.quantity, 0);
        const totalCents = rows.reduce((sum, r) => sum + r.totalCents, 0);
        const [order] = await tx
          .insert(orders)
          .values({
            number: nextOrderNumber,
            userId,
            status: 'pending_payment',
            subtotalCents,
            discountCents: subtotalCents - totalCents,
            totalCents,
            // Taxed once the buyer says where they live (the billing step).
            vatCents: null,
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
      const shipped = checkout.shippingCountries.includes(address.country);
      // Answered from the rows written and read in the transaction: a pending order has no download to look up.
      const detail = await transaction(async (ctx): Promise<OrderDetail> => {
        const { tx } = ctx;
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
        if (saveToAddressBook) await accounts.keepAddress(userId, address, ctx);
        await addEvent(tx, orderId, {
          kind: 'address_saved',
          status: row.status,
          actor: 'customer',
          actorUserId: userId,
        });
        // The books' country may change their VAT (the destination's rate).
        const taxed = await taxOrder(tx, row, await linesOf(tx, orderId), checkout.vat);
        return { ...taxed, events: await eventsOf(tx, orderId) };
      });
      return toOrder(detail, new Map());
    },
  };
}
