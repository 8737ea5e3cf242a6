import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_SAVED_ADDRESSES,
  type Address,
  type AddressBook,
  type AddressBookBody,
  type SavedAddress,
} from '@hls/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/database.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AppTransaction, AppTxContext } from '../../plugins/database.ts';
import type { AccountsDeps } from './accounts.helpers.ts';
import { addresses, users } from './accounts.tables.ts';

type AddressRow = typeof addresses.$inferSelect;
type AddressBookInput = z.output<typeof AddressBookBody>;

export type AddressBookDeps = Pick<AccountsDeps, 'db'> & {
  transaction: AppTransaction;
  /** The countries the shop ships to (checkout's own list): an address elsewhere could never be used. */
  shippingCountries: readonly string[];
};

function toSavedAddress(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    fullName: row.fullName,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    ...(row.phone ? { phone: row.phone } : {}),
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns of an address (blank optional parts stored as null). */
const columnsOf = (address: Address) => ({
  fullName: address.fullName,
  line1: address.line1,
  line2: address.line2 || null,
  postalCode: address.postalCode,
  city: address.city,
  country: address.country,
  phone: address.phone || null,
});

const notFound = () => new AppError('not_found', 'No such address in your address book.');

/** The default first, then the most recent. */
const bookOrder = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)] as const;

/**
 * Serialises the writes of one user's book (the limit's count, the single default): the user's row is locked for
 * the transaction.
 */
async function lockBook(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function clearDefault(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

async function readBook(tx: DbOrTx, userId: string): Promise<AddressBook> {
  const rows = await tx
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(...bookOrder);
  return { results: rows.map(toSavedAddress), max: MAX_SAVED_ADDRESSES };
}

/**
 * The buyer's address book: saved delivery addresses (checkout's own rules), at most `MAX_SAVED_ADDRESSES`, one of
 * them the default. The first address saved is the default; removing the default makes the most recent remaining
 * one the default.
 */
export function createAddressBook(deps: AddressBookDeps) {
  const { db, transaction, shippingCountries } = deps;

  const refuseCountry = (address: Address) => {
    if (!shippingCountries.includes(address.country)) {
      throw new AppError('validation_failed', 'We do not ship to this country.', {
        country: 'country.notShipped',
      });
    }
  };

  /** Adds an address to a locked book: refused beyond the limit (naming `field`); the first is the default. */
  async function insert(
    tx: Tx,
    userId: string,
    address: Address,
    options: { label?: string | undefined; makeDefault?: boolean | undefined; field: string },
  ): Promise<AddressRow> {
    const [held] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    const n = held?.n ?? 0;
    if (n >= MAX_SAVED_ADDRESSES) {
      throw new AppError(
        'validation_failed',
        `Your address book is full (${MAX_SAVED_ADDRESSES} addresses): remove one first.`,
        { [options.field]: 'addressBook.full' },
      );
    }
    const isDefault = n === 0 || options.makeDefault === true;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, label: options.label || null, ...columnsOf(address), isDefault })
      .returning();
    return row!;
  }

  return {
    async listAddresses(userId: string): Promise<AddressBook> {
      return readBook(db, userId);
    },

    async addAddress(userId: string, body: AddressBookInput): Promise<SavedAddress> {
      const { label, makeDefault, ...address } = body;
      refuseCountry(address);
      return transaction(async ({ tx }) => {
        await lockBook(tx, userId);
        return toSavedAddress(await insert(tx, userId, address, { label, makeDefault, field: 'address' }));
      });
    },

    /** Replaces an address's fields and label (the form sends the whole address); `makeDefault` makes it the default. */
    async editAddress(userId: string, id: string, body: AddressBookInput): Promise<SavedAddress> {
      const { label, makeDefault, ...address } = body;
      refuseCountry(address);
      return transaction(async ({ tx }) => {
        await lockBook(tx, userId);
        const mine = and(eq(addresses.id, id), eq(addresses.userId, userId));
        const [current] = await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(mine);
        if (!current) throw notFound();
        if (makeDefault && !current.isDefault) await clearDefault(tx, userId);
        const [row] = await tx
          .update(addresses)
          .set({
            label: label || null,
            ...columnsOf(address),
            ...(makeDefault ? { isDefault: true } : {}),
            updatedAt: sql`now()`,
          })
          .where(mine)
          .returning();
        return toSavedAddress(row!);
      });
    },

    /** Removes an address; when it was the default, the most recent remaining address becomes the default. */
    async removeAddress(userId: string, id: string): Promise<AddressBook> {
      return transaction(async ({ tx }) => {
        await lockBook(tx, userId);
        const [removed] = await tx
          .delete(addresses)
          .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
          .returning({ isDefault: addresses.isDefault });
        if (!removed) throw notFound();
        if (removed.isDefault) {
          const [next] = await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(eq(addresses.userId, userId))
            .orderBy(desc(addresses.createdAt), desc(addresses.id))
            .limit(1);
          if (next) {
            await tx
              .update(addresses)
              .set({ isDefault: true, updatedAt: sql`now()` })
              .where(eq(addresses.id, next.id));
          }
        }
        return readBook(tx, userId);
      });
    },

    async makeDefaultAddress(userId: string, id: string): Promise<AddressBook> {
      return transaction(async ({ tx }) => {
        await lockBook(tx, userId);
        const mine = and(eq(addresses.id, id), eq(addresses.userId, userId));
        const [current] = await tx.select({ isDefault: addresses.isDefault }).from(addresses).where(mine);
        if (!current) throw notFound();
        if (!current.isDefault) {
          await clearDefault(tx, userId);
          await tx
            .update(addresses)
            .set({ isDefault: true, updatedAt: sql`now()` })
            .where(mine);
        }
        return readBook(tx, userId);
      });
    },

    /**
     * Keeps the address an order is sent to in its buyer's book, within the order's transaction: once (the same
     * address already there is left as it is), refused when the book is full (`saveToAddressBook`).
     */
    async keepAddress(userId: string, address: Address, ctx: AppTxContext): Promise<void> {
      const { tx } = ctx;
      await lockBook(tx, userId);
      const columns = columnsOf(address);
      const [same] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(
          and(
            eq(addresses.userId, userId),
            ...Object.entries(columns).map(([key, value]) => {
              const column = addresses[key as keyof typeof columns];
              return value === null ? sql`${column} IS NULL` : eq(column, value);
            }),
          ),
        )
        .orderBy(asc(addresses.createdAt))
        .limit(1);
      if (same) return;
      await insert(tx, userId, address, { field: 'saveToAddressBook' });
    },
  };
}
export type AddressBookService = ReturnType<typeof createAddressBook>;
