/** What other modules and the commands may use of the accounts module besides `app.accounts`. */
export type { AccountsService, NewAccount } from './accounts.service.ts';
