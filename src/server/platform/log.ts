/** Never user data: drizzle's query errors carry SQL parameters (an e-mail, a password hash) in their message. */

import { describeError } from '../../../db/describe-error';

export { describeError };

export function logRequestError(requestId: string, route: string, error: unknown): void {
  console.error(`[${requestId}] ${route} failed: ${describeError(error)}`);
}
