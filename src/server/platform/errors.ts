/** Domain errors carry the Norwegian text; http/errors.ts maps each to a status, so services never import http/. */

export type DomainErrorCode =
  | 'bad_request'
  | 'not_found'
  | 'conflict'
  | 'forbidden'
  | 'payment_required'
  | 'account_inactive'
  | 'invalid_credentials'
  | 'sign_in_required'
  | 'throttled'
  | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

/** With `field`, the answer is a 400 `{error, issues}` naming that field, like a schema's. */
export class BadRequestError extends DomainError {
  readonly code = 'bad_request';
  override readonly name = 'BadRequestError';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export class NotFoundError extends DomainError {
  readonly code = 'not_found';
  override readonly name = 'NotFoundError';
}

/** `errorType` lets a client tell cases apart without reading the text. */
export class ConflictError extends DomainError {
  readonly code = 'conflict';
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly errorType?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class UnavailableError extends DomainError {
  readonly code = 'unavailable';
  override readonly name = 'UnavailableError';
}

export class ForbiddenError extends DomainError {
  readonly code: DomainErrorCode = 'forbidden';
  override readonly name: string = 'ForbiddenError';
  constructor(
    message?: string,
    readonly errorType?: string,
  ) {
    super(message);
  }
}

/** The price in `details` is the server's, never the browser's. */
export class PaymentRequiredError extends DomainError {
  readonly code = 'payment_required';
  override readonly name = 'PaymentRequiredError';
  constructor(
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class AccountInactiveError extends ForbiddenError {
  override readonly code = 'account_inactive';
  override readonly name = 'AccountInactiveError';
}

/** One error for both, so neither is revealed. */
export class InvalidCredentialsError extends DomainError {
  readonly code = 'invalid_credentials';
  override readonly name = 'InvalidCredentialsError';
}

export class SignInRequiredError extends DomainError {
  readonly code = 'sign_in_required';
  override readonly name = 'SignInRequiredError';
}

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
