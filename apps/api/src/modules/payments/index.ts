/** What other modules, the commands and the bench may use of the payments module besides `app.payments`. */
export type { PaymentsService, SettleOutcome } from './payments.service.ts';
export type {
  PaymentsProvider,
  CreateIntentInput,
  RetrievedIntent,
  RefundInput,
} from './providers/provider.ts';
