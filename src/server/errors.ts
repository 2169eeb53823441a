/**
 * The services' own errors. A service says what went wrong in domain terms and
 * carries the Norwegian text a person may read; the HTTP pipeline (`createHandler`
 * in http.ts) turns each kind into a status code. Services never import http.ts,
 * so a script or a test can call them without the HTTP layer.
 */

export type DomainErrorCode = 'not_found' | 'conflict' | 'forbidden' | 'account_inactive' | 'invalid_credentials' | 'throttled';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

/** The thing asked for does not exist (an unknown course or module). */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';
  override readonly name = 'NotFoundError';
}

/** The change collides with existing data (an e-mail address already taken). */
export class ConflictError extends DomainError {
  readonly code = 'conflict';
  override readonly name = 'ConflictError';
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly code: DomainErrorCode = 'forbidden';
  override readonly name: string = 'ForbiddenError';
}

/** The account exists and the password was right, but the account is deactivated. */
export class AccountInactiveError extends ForbiddenError {
  override readonly code = 'account_inactive';
  override readonly name = 'AccountInactiveError';
}

/** Unknown e-mail or wrong password: one error, so neither is revealed. */
export class InvalidCredentialsError extends DomainError {
  readonly code = 'invalid_credentials';
  override readonly name = 'InvalidCredentialsError';
}

/** Too many attempts: try again after `retryAfterSeconds`. */
export class ThrottledError extends DomainError {
  readonly code = 'throttled';
  override readonly name = 'ThrottledError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
