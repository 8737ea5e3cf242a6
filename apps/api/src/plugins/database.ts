import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { createTransaction, type Raise, type Transaction, type TxContext } from '../db/transaction.ts';
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
  }
}

export default fp(
  async function database(app: FastifyInstance, options: { db: Db }) {
    app.decorate('db', options.db);
    app.decorate(
      'transaction',
      createTransaction<AppEvents>(options.db, (name, payload) => app.events.emit(name, payload)),
    );
  },
  { name: 'database', dependencies: ['events'] },
);
