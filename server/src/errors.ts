import { MSG, type FieldError } from '@exam/shared';

/**
 * The one error catalogue: every failure a caller may see has a stable id and the spec's text.
 * The error middleware turns these into `{ success: false, message, errors? }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly id: string,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const Errors = {
  validation: (errors: FieldError[]) => new AppError(400, 'validation', errors[0]?.msg ?? MSG.validationFailed, errors),
  badRequest: (message: string, field?: string) =>
    new AppError(400, 'bad-request', message, field ? [{ field, msg: message }] : undefined),
  unauthorized: (message: string = MSG.notAuthenticated) => new AppError(401, 'unauthorized', message),
  invalidCredentials: () => new AppError(401, 'invalid-credentials', MSG.invalidCredentials),
  deactivated: () => new AppError(403, 'deactivated', MSG.accountDeactivated),
  forbidden: (message: string = MSG.forbidden) => new AppError(403, 'forbidden', message),
  notFound: (message: string = MSG.notFound) => new AppError(404, 'not-found', message),
  conflict: (message: string, field?: string) =>
    new AppError(409, 'conflict', message, field ? [{ field, msg: message }] : undefined),
  emailTaken: () => new AppError(409, 'email-taken', MSG.emailTaken, [{ field: 'email', msg: MSG.emailTaken }]),
  invalidToken: () => new AppError(400, 'invalid-token', MSG.invalidOrExpiredToken, [{ field: 'token', msg: MSG.invalidOrExpiredToken }]),
  tooManyRequests: (retryAfterSeconds: number) =>
    new AppError(429, 'too-many-requests', MSG.tooManyRequests, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  unavailable: (message: string) => new AppError(503, 'unavailable', message),
  /** The caller closed the request before we answered (nginx's 499); nobody reads the body. */
  clientGone: () => new AppError(499, 'client-gone', 'The request was closed before it was answered.'),
};

/** PostgreSQL error codes we can explain to a caller (the rest are 500s). */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case '23505':
      return Errors.conflict('This record already exists.');
    case '23503':
      return Errors.conflict('This record is referenced by, or refers to, a missing record.');
    case '23514':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
      return Errors.badRequest('The request contains a value outside the allowed range.');
    case '22P02':
      return Errors.notFound();
    default:
      return undefined;
  }
}
