/** What other modules (payments), the commands and the bench may use of the checkout workflow besides `app.checkout`. */
export type { CheckoutWorkflow } from './checkout.workflow.ts';
