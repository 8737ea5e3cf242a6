/** What other modules and the commands may use of the accounts module besides `app.accounts`. */
export type { AccountsService, NewAccount, UserProfile } from './accounts.service.ts';
