/**
 * Server error logging that never writes user data. A log line carries the
 * request id, the route and the error's class, code and message, and nothing
 * else: no query parameters (drizzle's DrizzleQueryError puts the SQL and its
 * parameters, such as an e-mail or a password hash, into its message), no
 * request body, no stack. The request id in the line is the one the client
 * can quote; the rest can be reproduced from it and the route.
 */

import { describeError } from '../../../db/describe-error';

export { describeError };

/** One line for an unexpected error in a request. */
export function logRequestError(requestId: string, route: string, error: unknown): void {
  console.error(`[${requestId}] ${route} failed: ${describeError(error)}`);
}
