import { z } from 'zod';
import { Address } from './checkout.ts';

/**
 * A buyer's address book (GET/POST /api/account/addresses, PATCH/DELETE /api/account/addresses/{id}, POST
 * /api/account/addresses/{id}/default): the delivery addresses they keep for paper orders, one of them the
 * default that checkout offers first. An order keeps its own copy: editing or removing a saved address never
 * changes an order.
 */

/** How many addresses one account keeps; one more is refused (400, `address`: `addressBook.full`). */
export const MAX_SAVED_ADDRESSES = 20;

/** A name the buyer gives an address ("Home", "Office"); optional. */
export const AddressLabel = z.string().trim().max(40, 'label.tooLong');

/**
 * The address as the form holds it (checkout's own rules, `Address`), with its label; `makeDefault` makes it
 * the default (false never takes the default away: another address is made the default instead).
 */
export const AddressBookBody = Address.extend({
  label: AddressLabel.optional(),
  makeDefault: z.boolean({ error: 'boolean.invalid' }).optional(),
});
export type AddressBookBody = z.input<typeof AddressBookBody>;

export const SavedAddress = Address.extend({
  id: z.string(),
  label: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

/** The default first, then the most recent. */
export const AddressBook = z.object({
  results: z.array(SavedAddress),
  max: z.number().int(),
});
export type AddressBook = z.infer<typeof AddressBook>;

/** An address as an order takes it (its own copy): a saved address without the book's fields, empty parts left out. */
export function addressOf(saved: Address): Address {
  const { fullName, line1, line2, postalCode, city, country, phone } = saved;
  return {
    fullName,
    line1,
    ...(line2 ? { line2 } : {}),
    postalCode,
    city,
    country,
    ...(phone ? { phone } : {}),
  };
}
