/**
 * The services' own errors. A service says what went wrong in domain terms and
 * carries the Norwegian text a person may read; the HTTP pipeline (`httpErrorFromDomain`
 * in http/errors.ts) turns each kind into a status code. Services never import http/,
 * so a script or a test can call them without the HTTP layer.
 */

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

/**
 * The request is well-formed but does not fit the data (e.g. a watch position for a lesson that
 * is not a video). With `field`, the answer is a 400 `{error, issues}` naming that field, like a
 * schema's ('timestamp': a note past the video's end).
 */
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

/** The thing asked for does not exist (an unknown course or module). */
export class NotFoundError extends DomainError {
  readonly code = 'not_found';
  override readonly name = 'NotFoundError';
}

/**
 * The change collides with existing data or state (an e-mail address already taken, a video
 * not yet watched). `errorType`, when given, is sent beside the message so a client can tell
 * cases apart without reading the text (`{ error, errorType }`, as the chat errors do).
 */
export class ConflictError extends DomainError {
  readonly code = 'conflict';
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly errorType?: string,
    /** More fields for the answer, e.g. `{ coursePath }` of a course the buyer already has. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Something we depend on (a payment provider) did not answer: try again in a little while (503). */
export class UnavailableError extends DomainError {
  readonly code = 'unavailable';
  override readonly name = 'UnavailableError';
}

/** The caller is known but may not do this. */
export class ForbiddenError extends DomainError {
  readonly code: DomainErrorCode = 'forbidden';
  override readonly name: string = 'ForbiddenError';
  constructor(
    message?: string,
    /** Sent as the answer's `errorType`, for a client that must tell this refusal from others. */
    readonly errorType?: string,
  ) {
    super(message);
  }
}

/**
 * The thing must be bought first (a paid course, issue 21). `details` travel beside the message
 * (`{ error, errorType: 'payment_required', product, checkoutPath }`), so a client can offer the
 * purchase; the price in them is the server's, never the browser's.
 */
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

/** Only a signed-in user may do this (a company's seats, issue 24): 401 with the sentence. */
export class SignInRequiredError extends DomainError {
  readonly code = 'sign_in_required';
  override readonly name = 'SignInRequiredError';
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
