/** An outage answers 503 (try again), a real bug keeps 500; works on all three drivers' errors and drizzle's wrapper. */

const unavailableSqlStates = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout: the server closed the session
]);

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

// Codeless errors: node-postgres, pg-pool and Neon's WebSocket shim report these in words.
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
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  // Neon passes on the WebSocket's own ErrorEvent (not an Error) when the socket cannot open or breaks.
  if (isWebSocketEvent(error)) return true;
  if (matches(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => matches(inner, depth + 1));
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

export const databaseUnavailableMessage = 'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.';

export function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH || error === null || typeof error !== 'object') return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return code === '23505' || isUniqueViolation(cause, depth + 1);
}
