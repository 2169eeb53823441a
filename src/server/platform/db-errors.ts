/**
 * Telling "the database is unreachable right now" apart from every other failure,
 * so the API answers 503 (try again) for an outage and keeps 500 for real bugs.
 * Works on the errors of all three drivers and on drizzle's wrapper around them.
 */

/** SQLSTATE codes that mean the server cannot serve us at the moment. */
const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout: the server closed the session
]);

/** Node.js socket and DNS error codes of a connection that failed or broke. */
const unavailableNodeCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);

/**
 * Messages without a code: node-postgres and pg-pool (which Neon's Pool bundles)
 * raise plain Errors for lost connections and their own timeouts; Neon's
 * WebSocket shim reports socket failures in words too.
 */
const unavailableMessages = [
  /^Connection terminated\b/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /^Query read timeout$/i,
  /^timeout expired$/i,
  /not queryable/i, // "Client has encountered a connection error and is not queryable"
  /\bWebSocket\b.*\b(error|closed?|failed|timeout)\b/i,
  /^Connection refused\b/i,
];

const MAX_DEPTH = 8;

function isWebSocketEvent(error: object): boolean {
  const name = (error as { constructor?: { name?: unknown } }).constructor?.name;
  if (name === 'ErrorEvent' || name === 'CloseEvent') return true;
  return typeof Event !== 'undefined' && error instanceof Event && error.type === 'error';
}

function matches(error: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || error === null || typeof error !== 'object') return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (unavailableNodeCodes.has(code) || unavailableSqlStates.has(code)) return true;
    // Class 08: connection exceptions (08000, 08001, 08003, 08004, 08006, 08P01 …).
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  // Neon's driver passes on the WebSocket's own 'error' event (an ErrorEvent, not an
  // Error, often with an empty message) when the socket cannot open or breaks.
  if (isWebSocketEvent(error)) return true;
  // Drizzle's DrizzleQueryError keeps the driver error in `cause`; Node's dual-stack
  // connect reports an AggregateError whose `errors` hold the per-address failures.
  if (matches(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => matches(inner, depth + 1));
}

/** True when the error means the database cannot be reached right now (connection refused/reset/terminated, timeouts, server shutting down or starting, too many connections, Neon WebSocket failures), also when wrapped (drizzle's DrizzleQueryError keeps the driver error in `cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

/** The Norwegian sentence a 503 answers with. */
export const databaseUnavailableMessage = 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.';

/** True when the error is a unique index refusing a row (SQLSTATE 23505), also when drizzle wrapped it in `cause`. */
export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || error === null || typeof error !== 'object') return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || isUniqueViolation(cause, depth + 1);
}
