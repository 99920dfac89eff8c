import { LTI_MSG, MSG, ltiDeepLinkingAnswerSchema, ltiDeepLinkingContextSchema, ltiLaunchTargetSchema } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const loginParams = z.object({
  iss: z.string(),
  login_hint: z.string(),
  target_link_uri: z.string(),
  lti_message_hint: z.string().optional(),
  client_id: z.string().optional(),
  lti_deployment_id: z.string().optional(),
});

const loginDoc = (how: string) => ({
  summary: `OIDC login initiation (LTI 1.3), ${how}: the LMS starts a launch here`,
  description:
    'Finds the platform by issuer and client id, keeps a random state (its hash, ten minutes) with a nonce, sets the state cookie (`HttpOnly; Secure; SameSite=None; Partitioned`, sent only to the launch) and redirects (302) to the platform’s authorisation URL with `response_mode=form_post`, `prompt=none`, `redirect_uri` our launch URL, and the login’s hints. `target_link_uri` must be on this server. A refusal is a short HTML page in the reader’s language.',
  query: loginParams,
  produces: 'text/html',
  errors: { 400: `${LTI_MSG.loginMissingHint} / ${LTI_MSG.loginUnknownPlatform} / ${LTI_MSG.loginWrongTarget}`, 403: LTI_MSG.launchDeployment },
});

export const ltiLaunchDocs: RouteDocs = {
  'GET /lti/login': loginDoc('as a link'),
  'POST /lti/login': loginDoc('as a form post (the same fields in the form)'),
  'POST /lti/launch': {
    summary: 'The LMS’s launch (a form post of `id_token` and `state`): every check, then a 303 to /lti/start#<ticket>',
    description:
      'Checks, in order: the state (known, unused, unexpired; spent now) and its cookie; the token’s header (RS256 only, with a `kid`: HS256 and `none` are refused before any key is tried); the signature by the platform’s key of that `kid` from its keyset URL; `iss`; `aud` (our client id or a list holding it; `azp` must then be us); `exp` and `iat` (60 s leeway); the nonce (the login’s, never seen before); message type (`LtiResourceLinkRequest` or `LtiDeepLinkingRequest`), version 1.3.0, a deployment the platform lists, the resource link, roles and `sub`. Then the person’s account (linked by platform and `sub`, never by e-mail), the exam of the link (custom `exam_id` or the one stored for the link, offered by a teacher of this LMS) and a one-use ticket (two minutes). A refusal is a short HTML page with its own message and no session, user or ticket; without the state cookie (a frame whose browser blocks third-party cookies) it links to the same login in a new window.',
    body: z.object({ id_token: z.string(), state: z.string() }),
    produces: 'text/html',
    errors: {
      400: `${LTI_MSG.launchStateUnknown} / ${LTI_MSG.launchStateMismatch} / ${LTI_MSG.launchVersion} / ${LTI_MSG.launchNoResourceLink} …`,
      401: `${LTI_MSG.launchCookieBlocked} / ${LTI_MSG.launchAlgorithm} / ${LTI_MSG.launchUnknownKey} / ${LTI_MSG.launchBadSignature} / ${LTI_MSG.launchExpired} / ${LTI_MSG.launchNonceReused} …`,
      403: `${LTI_MSG.launchDeployment} / ${LTI_MSG.deepLinkingInstructorsOnly} / ${LTI_MSG.launchAccountInactive}`,
      404: LTI_MSG.launchExamNotFound,
      502: LTI_MSG.launchKeysetUnavailable,
    },
  },
  'POST /lti/session': {
    summary: 'Trade a launch’s one-use ticket for a session, as a sign-in answers it',
    description:
      'Called by the web page /lti/start with the ticket from its fragment. Answers the user and an access token, and sets the refresh cookie of a framed session (`refresh_token_framed`: `HttpOnly; Secure; SameSite=None; Partitioned`, path /api/auth), which POST /api/auth/refresh-token reads as it reads the usual one. `target` says what to open: the exam, or the deep-linking picker.',
    data: z.object({ user: z.object({}).loose().describe('The user, as every response presents it'), accessToken: z.string(), target: ltiLaunchTargetSchema }),
    errors: { 400: LTI_MSG.launchTicketInvalid, 403: LTI_MSG.launchAccountInactive },
  },
  'GET /lti/deep-linking': {
    summary: 'The deep-linking picker: which LMS asks, and the exams the teacher owns or shares',
    description: 'For the session a deep-linking launch opened, within an hour of it, until an exam is picked.',
    data: ltiDeepLinkingContextSchema,
    errors: { 404: `${LTI_MSG.deepLinkingExpired} / ${LTI_MSG.platformNotFound}` },
  },
  'POST /lti/deep-linking/account': {
    summary: 'From the picker: use the teacher’s existing exam platform account (e-mail and password) for this LMS identity from now on',
    description:
      'For the session a deep-linking launch opened. The password is checked as a sign-in is (same limits and messages). Only a teacher’s account: the LMS identity then signs in to it at every launch (whoever holds that identity in the LMS, its admins too, reaches it). The picker’s request moves to the new session, the launch’s session ends, the account the launch made stays unused. Answers like a sign-in and sets the framed refresh cookie.',
    data: z.object({ user: z.object({}).loose().describe('The user, as every response presents it'), accessToken: z.string() }),
    errors: { 401: MSG.invalidCredentials, 403: LTI_MSG.deepLinkingLinkTeachersOnly, 404: LTI_MSG.deepLinkingExpired, 429: MSG.tooManyRequests },
  },
  'POST /lti/deep-linking/response': {
    summary: 'Pick an exam for the new activity: the LtiDeepLinkingResponse, signed with the tool’s key, and where to post it',
    description:
      'The JWT (`iss` the client id, `aud` the platform’s issuer, the request’s `data` echoed, its deployment id, a nonce) holds one `ltiResourceLink`: the exam’s title, our launch URL, `custom: {exam_id}` and a `lineItem` of the exam’s total marks. The page posts it to `returnUrl` as the form field `JWT`. Answered once per request.',
    data: ltiDeepLinkingAnswerSchema,
    errors: { 404: `${LTI_MSG.deepLinkingExpired} / The exam was not found`, 403: 'Not one of your exams' },
  },
};
