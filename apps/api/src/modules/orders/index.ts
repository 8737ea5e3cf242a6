/** What other modules (payments), the commands and the bench may use of the orders module besides `app.orders`. */
export type {
  FulfilResult,
  OrderActor,
  OrderDownloads,
  OrderForPayment,
  OrdersService,
  PaymentDetails,
  PaymentDetailsProvider,
} from './orders.service.ts';
export { includedVat, vatRate } from './orders.service.ts';
