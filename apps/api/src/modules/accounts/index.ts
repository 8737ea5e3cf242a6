/** What other modules and the commands may use of the accounts module besides `app.accounts`. */
export type { NewAccount, UserProfile } from './accounts.helpers.ts';
export type { AccountsService } from './accounts.plugin.ts';
export type { MailRecipient } from './accounts.email-preferences.ts';
export { emailConfirmedCondition } from './accounts.email.ts';
