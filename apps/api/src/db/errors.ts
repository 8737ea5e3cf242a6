/** Whether a database error (or one it caused, as Drizzle wraps the driver's) is a unique constraint's violation. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * SQLSTATEs and driver errors that say the database is out of reach or too slow, not that the request is wrong:
 * a statement past the statement timeout (57014, or the driver's own wait on the embedded database), a server
 * shutting down or starting (57P01–57P03), out of connections (53300), a connection lost (class 08), refused or
 * reset.
 */
const unavailableStates = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
/** The socket's own errors, when the server went away or cannot be reached. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const unavailableMessages = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  // node-postgres, on a client whose connection broke or closed while a transaction still used it.
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Whether a database error (or one it caused) means "try again later": the API answers 503 for it. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (unavailableStates.has(code) || code.startsWith('08') || unavailableSocketCodes.has(code))
        return true;
    }
    if (typeof message === 'string' && unavailableMessages.some((text) => message.startsWith(text)))
      return true;
  }
  return false;
}
