/**
 * PostgreSQL's SQLSTATEs for a database that cannot take the request now, rather than a request it
 * refuses: connection failures (class 08), a server shutting down or starting (57P01–57P03), too
 * many connections (53300), a read-only server or transaction (25006: a replica promoted away, a
 * disk-full guard, `default_transaction_read_only`).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** Node's socket errors for a database server that is not there or went away mid-answer. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/** node-postgres' own words when the pool or connection gives up (it sets no code for these). */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  // A client's own connect timeout (platform/db/client.ts), in exactly these words.
  /^timeout expired$/,
  /connection terminated/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
];

/**
 * Whether an error, or one it was caused by (Drizzle wraps the driver's error), says the database
 * is unavailable or read-only: the request may succeed later, so it answers 503, never 500
 * (docs/security.md, Nothing is lost).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let at: unknown = error; at && typeof at === 'object' && !seen.has(at); at = (at as { cause?: unknown }).cause) {
    seen.add(at);
    const { code, message } = at as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || UNREACHABLE_CODES.has(code))
    )
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}
