import type { AdminOrder, Order, ShipBody } from '@hls/contract';
import { paths } from '@hls/contract/paths';
import type { z } from 'zod';
import type { CheckoutSettings, SiteSettings } from '../../config.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AuthorNews } from '../author-news/index.ts';
import type { DownloadsService } from '../downloads/index.ts';
import type { MailService } from '../mail/index.ts';
import {
  withdrawalDeadline,
  type FulfilResult,
  type OrdersService,
  type RefundInput,
  type TakenPayment,
} from '../orders/index.ts';
import type { Ledger } from '../royalties/index.ts';
import type { Invoices } from '../tax/index.ts';
import { invoiceSnapshotOf } from './checkout.invoicing.ts';

/**
 * The checkout as a workflow: every step that crosses modules, each in one transaction, read top to bottom. The
 * orders module records what happened to an order; this file says what follows from it for the author's royalties,
 * the buyer's downloads and the customer's e-mail. Payments calls `orderPaid` and `orderRefunded` when money moves;
 * the routes call the customer's and the back office's steps.
 *
 *   order paid      → orders.markPaid → royalties.accrue, downloads.grant and tax (invoice, sent last: it locks
 *                     its number until the commit) together → authors' sale e-mails (their royalties) → mail
 *                     (confirmation, with the invoice)
 *   order refunded  → orders.markRefunded → tax (credit note) → downloads.revokeLine → royalties.reverse → mail
 *   withdrawal      → orders.requestWithdrawal → mail (acknowledgement)
 *   shipped         → orders.markShipped → mail (tracking)
 *   delivered       → orders.markDelivered → royalties.endHold (delivery) → mail (withdrawal deadline)
 *   first download  → royalties.endHold (first download)
 */

export type CheckoutDeps = {
  transaction: AppTransaction;
  publicUrl: string;
  returnAddress: CheckoutSettings['returnAddress'];
  company: Pick<SiteSettings['company'], 'name' | 'address' | 'vatNumber'>;
  orders: Pick<
    OrdersService,
    | 'markPaid'
    | 'markRefunded'
    | 'requestWithdrawal'
    | 'markShipped'
    | 'markDelivered'
    | 'customerOrder'
    | 'customerOrders'
    | 'adminGet'
  >;
  royalties: Pick<Ledger, 'accrue' | 'reverse' | 'endHold'>;
  downloads: Pick<DownloadsService, 'grant' | 'revokeLine' | 'forOrderLines'>;
  mail: Pick<MailService, 'queue'>;
  invoices: Pick<Invoices, 'issueInvoice' | 'issueCreditNote'>;
  authors: Pick<AuthorNews, 'sold'>;
};

export function createCheckoutWorkflow(deps: CheckoutDeps) {
  const { transaction, orders, royalties, downloads, mail, invoices } = deps;
  const ordersUrl = `${deps.publicUrl}${paths.customerOrders.getHref()}`;
  const downloadsUrl = `${deps.publicUrl}${paths.download.getHref()}`;
  /** The model withdrawal form, in annex of the terms of sale (the web's `terms-withdrawal-form` section). */
  const withdrawalFormUrl = `${deps.publicUrl}${paths.terms.getHref()}#terms-withdrawal-form`;
  const downloadsOf = downloads.forOrderLines;

  /** An order as the back office shows it (after a step of theirs). */
  const adminOrder = (orderId: string): Promise<AdminOrder> => orders.adminGet(orderId, downloadsOf);
  /** One of the customer's orders, with the downloads of its paid digital lines. */
  const customerOrder = (userId: string, orderId: string): Promise<Order> =>
    orders.customerOrder(userId, orderId, downloadsOf);

  return {
    /**
     * Order paid: in the payment's transaction (payments calls it once it has checked the money), the order is
     * marked paid, the authors' royalties accrued, the digital lines granted, the authors told, the invoice issued
     * and the confirmation queued (the durable medium of the consents: it commits with the downloads, never after
     * them). Any number of concurrent confirmations pay once.
     */
    async orderPaid(ctx: AppTxContext, payment: TakenPayment): Promise<FulfilResult> {
      const marked = await orders.markPaid(ctx, payment);
      if (marked.result !== 'paid') return marked.result;
      const { row: order, lines, customer, paidAt, authors } = marked.paid;
      // The royalties, the downloads and the invoice are written together: one round trip (db/pipeline.ts). The
      // invoice is sent last: its number's counter stays locked from its statement to the commit, concurrent
      // payments waiting for it, and nothing is sent between them but the e-mails and the jobs, with the COMMIT.
      const accrued = royalties.accrue(ctx, {
        id: order.id,
        number: order.number,
        paidAt,
        lines: lines.map((l) => ({
          id: l.id,
          productId: l.productId,
          authorId: l.authorId,
          format: l.format,
          title: l.title,
          quantity: l.quantity,
          amountCents: l.amountCents,
          vatCents: l.vatCents ?? 0,
        })),
      });
      const granted = lines
        .filter((l) => l.format !== 'paper')
        .map((line) =>
          downloads.grant(ctx, {
            userId: order.userId,
            productId: line.productId,
            orderId: order.id,
            orderLineId: line.id,
            orderNumber: order.number,
            title: line.title,
            buyer: { name: customer.name, email: customer.email },
          }),
        );
      const issued = invoices.issueInvoice(ctx, invoiceSnapshotOf(marked.paid));
      const [royaltiesByLine, invoice] = await Promise.all([accrued, issued, Promise.all(granted)]);
      // Only a first settlement gets here: a retried one returned above, so each author hears of the sale once.
      await deps.authors.sold(ctx, { paidAt, lines, authors, royalties: royaltiesByLine });
      // The confirmation joins the transaction's other e-mails in their one statement, sent with the COMMIT.
      await mail.queue(ctx, {
        to: customer.email,
        language: order.language,
        template: 'order_confirmation',
        data: {
          firstName: customer.firstName,
          orderNumber: order.number,
          orderUrl: ordersUrl,
          downloadsUrl: order.hasDigital ? downloadsUrl : null,
          paidAt: paidAt.toISOString(),
          lines: lines.map((l) => ({
            title: l.title,
            format: l.format,
            quantity: l.quantity,
            unitFinalCents: l.unitFinalCents,
            totalCents: l.totalCents,
          })),
          subtotalCents: order.subtotalCents,
          discountCents: order.discountCents,
          totalCents: order.totalCents,
          vatCents: order.vatCents,
          consent: order.consent,
          address: order.shippingAddress,
          withdrawalFormUrl: order.needsAddress ? withdrawalFormUrl : null,
          company: deps.company,
          invoice,
        },
      });

      return 'paid';
    },

    /**
     * Order refunded: in the refund's transaction (payments calls it once the provider gave the money back), the
     * lines are marked refunded, their downloads revoked and their royalties reversed, and the customer e-mailed.
     */
    async orderRefunded(ctx: AppTxContext, refund: RefundInput): Promise<void> {
      const { row: order, lines, customer } = await orders.markRefunded(ctx, refund);
      const creditNote = await invoices.issueCreditNote(ctx, {
        orderId: order.id,
        orderLineIds: lines.map((l) => l.id),
      });
      for (const line of lines.filter((l) => l.format !== 'paper')) await downloads.revokeLine(ctx, line.id);
      await royalties.reverse(
        ctx,
        lines.map((l) => l.id),
      );
      await mail.queue(ctx, {
        to: customer.email,
        language: order.language,
        template: 'order_refunded',
        data: {
          firstName: customer.firstName,
          orderNumber: order.number,
          orderUrl: ordersUrl,
          amountCents: refund.amountCents,
          lines: lines.map((l) => ({ title: l.title })),
          creditNote,
        },
      });
    },

    /**
     * "Withdraw from contract here" (Art. 11a): the paper lines are recorded as withdrawn from, and the customer
     * gets an acknowledgement with the date and time, and where to send the books back.
     */
    async withdraw(userId: string, orderId: string, lineIds: number[] | undefined): Promise<Order> {
      await transaction(async (ctx) => {
        const withdrawal = await orders.requestWithdrawal(ctx, { userId, orderId, lineIds });
        const { row: order, customer } = withdrawal;
        await mail.queue(ctx, {
          to: customer.email,
          language: order.language,
          template: 'withdrawal_ack',
          data: {
            firstName: customer.firstName,
            orderNumber: order.number,
            orderUrl: ordersUrl,
            requestedAt: withdrawal.requestedAt.toISOString(),
            lines: withdrawal.lines.map((l) => ({ title: l.title, quantity: l.quantity })),
            returnAddress: deps.returnAddress,
          },
        });
      });
      return customerOrder(userId, orderId);
    },

    /** Shipped: the parcel's carrier and tracking number are recorded and e-mailed to the customer. */
    async ship(staffId: string, orderId: string, parcel: z.output<typeof ShipBody>): Promise<AdminOrder> {
      await transaction(async (ctx) => {
        const { row: order, customer } = await orders.markShipped(ctx, staffId, orderId, parcel);
        await mail.queue(ctx, {
          to: customer.email,
          language: order.language,
          template: 'order_shipped',
          data: {
            firstName: customer.firstName,
            orderNumber: order.number,
            orderUrl: ordersUrl,
            carrier: parcel.carrier,
            trackingNumber: parcel.trackingNumber,
            trackingUrl: parcel.trackingUrl ?? null,
          },
        });
      });
      return adminOrder(orderId);
    },

    /**
     * Delivered: the withdrawal period starts, so the paper royalties' hold ends after it; the customer is told
     * until when they may withdraw — unless they already have (from shipment on): what is done is not offered.
     */
    async deliver(staffId: string, orderId: string): Promise<AdminOrder> {
      await transaction(async (ctx) => {
        const { row: order, customer } = await orders.markDelivered(ctx, staffId, orderId);
        await royalties.endHold(ctx, { by: 'delivery', orderId });
        await mail.queue(ctx, {
          to: customer.email,
          language: order.language,
          template: 'order_delivered',
          data: {
            firstName: customer.firstName,
            orderNumber: order.number,
            orderUrl: ordersUrl,
            withdrawalDeadline: order.withdrawalRequestedAt
              ? null
              : (withdrawalDeadline(order)?.toISOString() ?? null),
          },
        });
      });
      return adminOrder(orderId);
    },

    /**
     * A purchase's first download (the downloads module's `downloads.first`, after its count committed): the terms
     * end the withdrawal right when the download starts, so the line's royalty hold ends.
     */
    async firstDownload(orderLineId: number): Promise<void> {
      await transaction((ctx) => royalties.endHold(ctx, { by: 'first_download', orderLineId }));
    },

    customerOrder,
    /** The customer's orders, newest first, with their downloads. */
    customerOrders: (userId: string, page: number) => orders.customerOrders(userId, page, downloadsOf),
    adminOrder,
  };
}

export type CheckoutWorkflow = ReturnType<typeof createCheckoutWorkflow>;
