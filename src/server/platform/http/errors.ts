import {
  BadRequestError,
  ConflictError,
  type DomainError,
  type DomainErrorCode,
  ForbiddenError,
  PaymentRequiredError,
  ThrottledError,
} from '../errors';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The 401 keeps 'Unauthorized' in `error`, which the islands' `isUnauthorizedError` reads. */
export const httpMessages = {
  unauthorized: 'Du må logge inn for å fortsette.',
  forbidden: 'Du har ikke tilgang til dette.',
  crossSite: 'Forespørselen ble avvist fordi den ikke kom fra dette nettstedet.',
  notFound: 'Fant ikke det du ba om.',
  methodNotAllowed: 'Denne metoden er ikke tillatt her.',
  tooLarge: 'Forespørselen er for stor',
  invalid: 'Ugyldig forespørsel',
  invalidJson: 'Ugyldig JSON',
  tooDeep: 'Forespørselen er for dypt nestet.',
  notJson: 'Forespørselen må være JSON (Content-Type: application/json)',
  internal: 'Noe gikk galt hos oss. Prøv igjen om litt.',
  badSignature: 'Ugyldig eller utløpt signatur.',
  badLink: 'Lenken er ugyldig eller ufullstendig.',
} as const;

export const unauthorized = () => new HttpError(401, 'Unauthorized', { message: httpMessages.unauthorized });
export const forbidden = (message: string = httpMessages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = httpMessages.notFound) => new HttpError(404, message);

export interface Issue {
  path: string;
  message: string;
}

/** `error` is the first issue's own sentence, since that is what a toast shows. */
export function invalidRequest(issues: Issue[]): HttpError {
  const [first] = issues;
  if (!first) return new HttpError(400, httpMessages.invalid, { issues });
  const more = issues.length - 1;
  return new HttpError(400, more === 0 ? first.message : `${first.message} (og ${more} feil til)`, { issues });
}

const domainErrorStatus: Record<DomainErrorCode, number> = {
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  forbidden: 403,
  payment_required: 402,
  account_inactive: 403,
  invalid_credentials: 401,
  sign_in_required: 401,
  throttled: 429,
  unavailable: 503,
};

export function httpErrorFromDomain(error: DomainError): HttpError {
  const status = domainErrorStatus[error.code];
  if (error instanceof ThrottledError) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
    return new HttpError(status, error.message, { retryAfter: seconds }, { 'Retry-After': String(seconds) });
  }
  if (error instanceof ConflictError && error.errorType)
    return new HttpError(status, error.message, { errorType: error.errorType, ...error.details });
  if (error instanceof ForbiddenError && error.errorType) return new HttpError(status, error.message, { errorType: error.errorType });
  if (error instanceof PaymentRequiredError) return new HttpError(status, error.message, { errorType: 'payment_required', ...error.details });
  if (error instanceof BadRequestError && error.field) return invalidRequest([{ path: error.field, message: error.message }]);
  return new HttpError(status, error.message);
}
