import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import {
  createTransaction,
  type Raise,
  type Transaction,
  type TransactionEvents,
  type TxContext,
} from '../db/transaction.ts';
import type { AppEvents } from './events.ts';

export type AppTransaction = Transaction<AppEvents>;
export type AppTxContext = TxContext<AppEvents>;
export type AppRaise = Raise<AppEvents>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database (Drizzle over `pg`); a module queries its own tables only. */
    db: Db;
    /**
     * Runs work in a transaction: `app.transaction(async ({ tx, raise }) => …)`. Events raised with `raise` reach
     * `app.events` after the commit, and never when it rolls back.
     */
    transaction: AppTransaction;
    /**
     * Sets the statement that tells others of a transaction's events, sent with its COMMIT (one at most: the
     * broadcast plugin's NOTIFY).
     */
    announceEvents(announce: NonNullable<TransactionEvents<AppEvents>['announce']>): void;
  }
}

export default fp(
  async function database(app: FastifyInstance, options: { db: Db }) {
    app.decorate('db', options.db);
    const events: TransactionEvents<AppEvents> = {
      deliver: (name, payload) => app.events.emit(name, payload),
    };
    app.decorate('transaction', createTransaction<AppEvents>(options.db, events));
    app.decorate('announceEvents', (announce) => {
      events.announce = announce;
    });
  },
  { name: 'database', dependencies: ['events'] },
);
