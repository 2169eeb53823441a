/** Never logs what a user typed: DrizzleQueryError is unwrapped because its message carries the SQL parameters, and values Postgres quotes are blanked. */

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  type?: unknown;
}

function isQueryWrapper(error: ErrorLike): boolean {
  return error.name === 'DrizzleQueryError' || (typeof error.message === 'string' && error.message.startsWith('Failed query:'));
}

function firstLine(message: string): string {
  const line = message.split('\n', 1)[0] ?? '';
  return line.replace(/"[^"]*"/g, '"…"').slice(0, 300);
}

export function describeError(error: unknown, depth = 0): string {
  if (typeof error !== 'object' || error === null) return typeof error === 'string' ? 'Error: (text)' : `Thrown ${typeof error}`;
  const e = error as ErrorLike;
  if (isQueryWrapper(e)) {
    return e.cause !== undefined && depth < 5 ? `query failed: ${describeError(e.cause, depth + 1)}` : 'query failed';
  }
  const name = typeof e.name === 'string' && e.name ? e.name : 'Error';
  const code = typeof e.code === 'string' || typeof e.code === 'number' ? ` [${e.code}]` : '';
  let message = typeof e.message === 'string' ? firstLine(e.message) : '';
  // Neon's driver passes on the WebSocket's ErrorEvent, whose message is often empty.
  if (!message && typeof e.type === 'string') message = `WebSocket ${e.type} event`;
  return `${name}${code}: ${message}`;
}
