import { fillMessage, MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

const USER = '`{ user }`: the signed-in user';

export const authDocs: RouteDocs = {
  'POST /auth/register': {
    summary: 'Create an account; a verification link is mailed',
    description:
      'The answer is the same (201, `{ success, message }`, no data) whether or not the e-mail already has an account, so the call never tells who has one; ' +
      'an existing account\'s owner is mailed that someone tried to register with their address, with how to sign in or reset the password. An admin\'s token makes this the Add user call (409 for a taken e-mail). ' +
      'Optional `timezone` (the browser\'s IANA zone) and `languages` (its preferred language tags, first first) set where the new account starts; ' +
      'a value the server does not know is ignored, and the school\'s default zone and language apply instead (Accept-Language before those for the language).',
    status: 201,
  },
  'POST /auth/login': {
    summary: 'Sign in: the access token in the answer, the refresh token as an httpOnly cookie',
    description:
      'When many sign in at once and a new sign-in would wait longer than `SIGN_IN_QUEUE_SECONDS` (5 s) for its password check, the server answers at once, ' +
      'before checking the password or counting against any sign-in limit: 503 with `Retry-After` (seconds) and `data: { queuePosition, retryAfterSeconds, queueTicket }`. ' +
      '`queuePosition` is 1 for the next sign-in to be checked. Send the same request again after `retryAfterSeconds` with the header ' +
      '`X-Sign-In-Ticket: <queueTicket>`: the ticket keeps the place in line (sign-ins sent away later do not count ahead of it); without it the retry queues as a newcomer.',
    data: '`{ user, accessToken }`',
    errors: {
      401: MSG.invalidCredentials,
      403: MSG.accountDeactivated,
      429: MSG.tooManyRequests,
      503: fillMessage(MSG.signInQueued_other, { position: 'N', count: 'S' }),
    },
  },
  'POST /auth/logout': { summary: 'End the session (the refresh cookie’s, or the bearer token’s)' },
  'GET /auth/me': { summary: 'The signed-in user', data: USER },
  'POST /auth/refresh-token': {
    summary: 'Rotate the refresh cookie and get a new access token; a reused refresh token ends its whole session',
    data: '`{ user, accessToken }`',
    errors: { 401: MSG.refreshTokenInvalid },
  },
  'POST /auth/forgot-password': { summary: 'Mail a password-reset link (the same answer whether or not the account exists)', errors: { 429: MSG.tooManyRequests } },
  'POST /auth/reset-password': { summary: 'Set a new password with a mailed link; ends every session', errors: { 400: MSG.invalidOrExpiredToken } },
  'POST /auth/verify-email': { summary: 'Verify the e-mail address with a mailed link', errors: { 400: MSG.invalidOrExpiredToken } },
  'POST /auth/resend-verification': { summary: 'Mail a new verification link to the signed-in user (one a minute, five per 15 minutes)', errors: { 429: MSG.tooManyRequests } },
  'POST /auth/change-password': { summary: 'Change the password; other sessions end', errors: { 400: MSG.currentPasswordWrong } },
};
