/** Whether a database error (or one it caused, as Drizzle wraps the driver's) is a unique constraint's violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
