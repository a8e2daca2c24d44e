// Tells "the database is down or too slow" (a 503 the client may retry) apart from a bug (a 500).
// Drizzle wraps driver errors in DrizzleQueryError with the driver's error as `cause`, and Node wraps
// multi-address connect failures in an AggregateError, so the whole chain is inspected.

/** Socket-level failures reaching the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** PostgreSQL SQLSTATEs meaning "not now": shutdown, starting up, too many connections, statement timeout. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** Messages of node-postgres (pool/connection timeouts, dropped connections) and PGlite (closed instance). */
const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection error|Cannot use a pool after calling end|PGlite is clos(ed|ing)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  // Duck-typed rather than `instanceof Error`: socket errors come from Node core and may belong to
  // another realm than this module (they do under Jest's VM modules).
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    // SQLSTATE class 08 is "connection exception".
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * A unique-constraint violation (SQLSTATE 23505), optionally of one constraint or unique index.
 * Idempotent inserts rely on it: the database decides which of two racing requests wins, and the
 * loser reads the winner's row instead of checking first and inserting second.
 */
export function isUniqueViolation(error: unknown, constraint?: string, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, constraint: violated, cause } = error as { code?: unknown; constraint?: unknown; cause?: unknown };
  if (code === '23505') return constraint === undefined || violated === constraint;
  return isUniqueViolation(cause, constraint, depth + 1);
}
