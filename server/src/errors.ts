import { MSG, SERVER_MSG, type FieldError, type MessageRef } from '@exam/shared';
import { translate } from './i18n/translator';

/**
 * What an error says: an English text of the catalogue (found again by its words when it is
 * translated), or a catalogue key with the values its text needs.
 */
export type ErrorText = string | MessageRef;

/** A catalogue text that carries values: `withValues('grading.marksAbovePointsOf', { points: 5 })`. */
export const withValues = (key: string, values: Record<string, string | number>): MessageRef => ({ key, values });

const english = (text: ErrorText): string => (typeof text === 'string' ? text : translate('en', text.key, text.values));

/**
 * The one error catalogue: every failure a caller may see has a stable id and the documented text.
 * The error middleware turns these into `{ success: false, message, errors? }`, in the caller's
 * language: `message` is always the English text; `text` keeps the key and values when it had some.
 */
export class AppError extends Error {
  readonly text?: MessageRef;

  constructor(
    readonly status: number,
    readonly id: string,
    message: ErrorText,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(english(message));
    if (typeof message !== 'string') this.text = message;
  }
}

const fieldErrors = (message: ErrorText, field?: string): FieldError[] | undefined => (field ? [{ field, msg: english(message) }] : undefined);

export const Errors = {
  validation: (errors: FieldError[]) => new AppError(400, 'validation', errors[0]?.msg ?? MSG.validationFailed, errors),
  badRequest: (message: ErrorText, field?: string) => new AppError(400, 'bad-request', message, fieldErrors(message, field)),
  unauthorized: (message: ErrorText = MSG.notAuthenticated) => new AppError(401, 'unauthorized', message),
  invalidCredentials: () => new AppError(401, 'invalid-credentials', MSG.invalidCredentials),
  deactivated: () => new AppError(403, 'deactivated', MSG.accountDeactivated),
  forbidden: (message: ErrorText = MSG.forbidden) => new AppError(403, 'forbidden', message),
  notFound: (message: ErrorText = MSG.notFound) => new AppError(404, 'not-found', message),
  payloadTooLarge: (message: ErrorText) => new AppError(413, 'payload-too-large', message),
  conflict: (message: ErrorText, field?: string) => new AppError(409, 'conflict', message, fieldErrors(message, field)),
  emailTaken: () => new AppError(409, 'email-taken', MSG.emailTaken, [{ field: 'email', msg: MSG.emailTaken }]),
  invalidToken: () => new AppError(400, 'invalid-token', MSG.invalidOrExpiredToken, [{ field: 'token', msg: MSG.invalidOrExpiredToken }]),
  tooManyRequests: (retryAfterSeconds: number) =>
    new AppError(429, 'too-many-requests', MSG.tooManyRequests, undefined, {
      'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
    }),
  unavailable: (message: ErrorText) => new AppError(503, 'unavailable', message),
  /** The caller closed the request before we answered (nginx's 499); nobody reads the body. */
  clientGone: () => new AppError(499, 'client-gone', SERVER_MSG.clientGone),
};

/** PostgreSQL error codes we can explain to a caller (the rest are 500s). */
export function fromDatabaseError(err: unknown): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case '23505':
      return Errors.conflict(SERVER_MSG.duplicate);
    case '23503':
      return Errors.conflict(SERVER_MSG.missingReference);
    case '23514':
    case '22001':
    case '22003':
    case '22007':
    case '22008':
      return Errors.badRequest(SERVER_MSG.outOfRange);
    case '22P02':
      return Errors.notFound();
    default:
      return undefined;
  }
}
