/** What other modules (checkout, payments), the commands and the bench may use of the orders module besides `app.orders`. */
export type { OrdersService } from './orders.plugin.ts';
export type { AfterSaleRecord } from './orders.after-sales.ts';
export type {
  AlongsideWrite,
  FulfilResult,
  OrderForPayment,
  PaidOrderRecord,
  RefundInput,
  RefundRecord,
  TakenPayment,
} from './orders.payment.ts';
export type { LineDownloads } from './orders.reads.ts';
export type { OrderActor } from './orders.records.ts';
export { withdrawalDeadline } from './orders.queries.ts';
