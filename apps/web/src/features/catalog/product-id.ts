/**
 * The id in /product/{id} and /prodoc/{id}, read as the contract's `Id` schema reads it (a number, integer,
 * positive, at most 2^31 − 1), or null. Written out so product pages do not load zod for one number.
 */
export function parseProductId(value: string | undefined): number | null {
  if (value === undefined) return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
