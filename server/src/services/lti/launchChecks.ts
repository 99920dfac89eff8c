import { timingSafeEqual } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, errors, type JWTPayload } from 'jose';
import { LTI_MSG } from '@exam/shared';
import { hashOpaqueToken } from '../../auth/opaqueTokens';
import type { Db } from '../../db';
import { AppError } from '../../errors';
import type { LtiPerson } from './identity';
import { CLAIM, DEEP_LINKING_REQUEST, LTI_VERSION, RESOURCE_LINK_REQUEST } from './launchClaims';
import { platformKeys } from './platformKeys';
import type { PlatformRow } from './platforms';

/**
 * Every check the LTI 1.3 specification asks of a launch (1EdTech Security Framework 5.1.3, LTI
 * Core 5.3), one function each, in the order they run, each refusing with its own message: the
 * login's state, then the id token's signature (RS256 only, by the platform's `kid`), issuer,
 * audience, times, nonce and LTI claims. Nothing here writes but the spent state and nonce, so a
 * refused launch leaves no session, user or ticket behind.
 */

/** A refused launch: answered as a short HTML page (routes/lti/launch.ts), with a way to start over at top level when the frame lost the cookie. */
export class LaunchRefusal extends AppError {
  constructor(
    status: number,
    message: string,
    readonly relaunchUrl?: string,
  ) {
    super(status, 'lti-launch', message);
  }
}

const refuse = (status: number, message: string) => new LaunchRefusal(status, message);

/** Seconds of clock difference with the platform that `exp` and `iat` forgive. */
export const CLOCK_LEEWAY_S = 60;

/** What the platform sent to /api/lti/login, kept to restart the login in a new window. */
export interface LoginParams {
  iss: string;
  login_hint: string;
  target_link_uri: string;
  lti_message_hint?: string;
  client_id?: string;
  lti_deployment_id?: string;
}

export interface LoginStateRow {
  state_hash: string;
  nonce: string;
  platform_id: string;
  login_params: LoginParams;
  expires_at: Date;
  used_at: Date | null;
}

/** The state is known, unexpired and unused, and is spent now: whatever follows, it never serves twice. */
export async function spendLoginState(db: Db, state: string | undefined): Promise<LoginStateRow> {
  if (!state) throw refuse(400, LTI_MSG.launchStateUnknown);
  const hash = hashOpaqueToken(state);
  const [row] = (await db('lti_login_states')
    .where({ state_hash: hash })
    .whereNull('used_at')
    .where('expires_at', '>', db.fn.now())
    .update({ used_at: db.fn.now() })
    .returning('*')) as LoginStateRow[];
  if (row) return row;
  const seen = (await db('lti_login_states').where({ state_hash: hash }).first('used_at')) as { used_at: Date | null } | undefined;
  throw refuse(400, seen?.used_at ? LTI_MSG.launchStateUsed : LTI_MSG.launchStateUnknown);
}

/**
 * The state came back to the browser that started the login: its cookie holds the same value.
 * No state cookie at all is most often a frame whose browser blocks third-party cookies: the
 * refusal then offers to start again in a new window (`relaunchUrl`). A cookie of another login
 * is a launch posted into this browser by someone else (login CSRF).
 */
export function checkStateCookie(state: string, cookie: { value?: string; otherLogins: boolean }, relaunchUrl: string): void {
  if (cookie.value === undefined) {
    if (cookie.otherLogins) throw refuse(400, LTI_MSG.launchStateMismatch);
    throw new LaunchRefusal(401, LTI_MSG.launchCookieBlocked, relaunchUrl);
  }
  const a = Buffer.from(cookie.value);
  const b = Buffer.from(state);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw refuse(400, LTI_MSG.launchStateMismatch);
}

/** The header says RS256 and names a key, before any key is fetched or tried. */
export function checkHeader(idToken: string | undefined): void {
  let header;
  try {
    header = decodeProtectedHeader(idToken ?? '');
  } catch {
    throw refuse(400, LTI_MSG.launchTokenUnreadable);
  }
  // HS256 would be checked against a "key" anyone can read (our client id, the platform's public
  // key as a secret), `none` against nothing: only the platform's RSA key counts.
  if (header.alg !== 'RS256') throw refuse(401, LTI_MSG.launchAlgorithm);
  if (typeof header.kid !== 'string' || !header.kid) throw refuse(401, LTI_MSG.launchUnknownKey);
}

/** The signature, by the platform's key of that `kid` from its keyset URL; the payload it signed. */
export async function checkSignature(platform: PlatformRow, idToken: string): Promise<JWTPayload> {
  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(idToken, platformKeys(platform), { algorithms: ['RS256'] }));
  } catch (err) {
    if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) throw refuse(401, LTI_MSG.launchUnknownKey);
    if (err instanceof errors.JWSSignatureVerificationFailed) throw refuse(401, LTI_MSG.launchBadSignature);
    if (err instanceof errors.JWSInvalid) throw refuse(400, LTI_MSG.launchTokenUnreadable);
    if (err instanceof errors.JOSEAlgNotAllowed) throw refuse(401, LTI_MSG.launchAlgorithm);
    // The keyset could not be fetched or read (timeout, refused connection, not a JWK set).
    throw refuse(502, LTI_MSG.launchKeysetUnavailable);
  }
  try {
    const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (claims && typeof claims === 'object' && !Array.isArray(claims)) return claims as JWTPayload;
  } catch {
    // not JSON: refused below
  }
  throw refuse(400, LTI_MSG.launchTokenUnreadable);
}

export function checkIssuer(platform: PlatformRow, claims: JWTPayload): void {
  if (claims.iss !== platform.issuer) throw refuse(401, LTI_MSG.launchWrongIssuer);
}

/**
 * `aud` is our client id, or a list holding it; with a list of several the authorised party
 * (`azp`) must be present and be us, and an `azp` given anyway must be us too.
 */
export function checkAudience(platform: PlatformRow, claims: JWTPayload): void {
  const aud = claims.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(platform.client_id)) throw refuse(401, LTI_MSG.launchWrongAudience);
  const needsAzp = Array.isArray(aud) && aud.length > 1;
  if ((needsAzp || claims.azp !== undefined) && claims.azp !== platform.client_id) throw refuse(401, LTI_MSG.launchWrongAzp);
}

export function checkTimes(claims: JWTPayload, now = Date.now() / 1000): void {
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') throw refuse(400, LTI_MSG.launchTokenUnreadable);
  if (claims.exp + CLOCK_LEEWAY_S <= now) throw refuse(401, LTI_MSG.launchExpired);
  if (claims.iat - CLOCK_LEEWAY_S > now) throw refuse(401, LTI_MSG.launchFromFuture);
}

/**
 * The nonce was never seen from this platform, and is the one our login sent. It is then
 * recorded (insert-or-refuse, so two posts of one token at once cannot both pass) until the token
 * expires, after which `exp` refuses a replay anyway.
 */
export async function checkNonce(db: Db, platform: PlatformRow, claims: JWTPayload, expected: string): Promise<void> {
  const nonce = claims.nonce;
  if (typeof nonce !== 'string' || !nonce || nonce.length > 255) throw refuse(401, LTI_MSG.launchNonceMismatch);
  const seen = await db('lti_nonces').where({ platform_id: platform.id, nonce }).first('nonce');
  if (seen) throw refuse(401, LTI_MSG.launchNonceReused);
  if (nonce !== expected) throw refuse(401, LTI_MSG.launchNonceMismatch);
  const expiresAt = new Date(((claims.exp as number) + CLOCK_LEEWAY_S) * 1000);
  const stored = await db('lti_nonces').insert({ platform_id: platform.id, nonce, expires_at: expiresAt }).onConflict(['platform_id', 'nonce']).ignore().returning('nonce');
  if (!stored.length) throw refuse(401, LTI_MSG.launchNonceReused);
}

/** What the tool takes from a launch that passed every check. */
export interface LaunchMessage {
  messageType: typeof RESOURCE_LINK_REQUEST | typeof DEEP_LINKING_REQUEST;
  deploymentId: string;
  person: LtiPerson;
  resourceLink?: { id: string; title?: string };
  context?: { id: string; title?: string };
  custom: Record<string, unknown>;
  ags?: { lineitem?: string; lineitems?: string; scopes: string[] };
  membershipsUrl?: string;
  deepLinking?: { returnUrl: string; acceptMultiple: boolean; data?: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** A string claim of at most `max` characters, else undefined. */
const text = (v: unknown, max = 255): string | undefined => (typeof v === 'string' && v.length > 0 && v.length <= max ? v : undefined);

/** Message type, version, deployment, resource link (or deep-linking settings), roles and person. */
export function checkLtiClaims(platform: PlatformRow, claims: JWTPayload): LaunchMessage {
  const messageType = claims[CLAIM.messageType];
  if (messageType !== RESOURCE_LINK_REQUEST && messageType !== DEEP_LINKING_REQUEST) throw refuse(400, LTI_MSG.launchMessageType);
  if (claims[CLAIM.version] !== LTI_VERSION) throw refuse(400, LTI_MSG.launchVersion);
  const deploymentId = text(claims[CLAIM.deploymentId]);
  if (!deploymentId || !platform.deployment_ids.includes(deploymentId)) throw refuse(403, LTI_MSG.launchDeployment);

  const link = claims[CLAIM.resourceLink];
  const resourceLink = isObject(link) && text(link.id) ? { id: link.id as string, title: text(link.title, 500) } : undefined;
  if (messageType === RESOURCE_LINK_REQUEST && !resourceLink) throw refuse(400, LTI_MSG.launchNoResourceLink);

  const roles = claims[CLAIM.roles];
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) throw refuse(400, LTI_MSG.launchNoRoles);
  const sub = text(claims.sub);
  if (!sub) throw refuse(400, LTI_MSG.launchNoSubject);

  let deepLinking: LaunchMessage['deepLinking'];
  if (messageType === DEEP_LINKING_REQUEST) {
    const settings = claims[CLAIM.deepLinkingSettings];
    const returnUrl = isObject(settings) ? text(settings.deep_link_return_url, 2000) : undefined;
    if (!isObject(settings) || !returnUrl || !/^https?:\/\//.test(returnUrl)) throw refuse(400, LTI_MSG.deepLinkingNoSettings);
    const types = settings.accept_types;
    if (!Array.isArray(types) || !types.includes('ltiResourceLink')) throw refuse(400, LTI_MSG.deepLinkingNoResourceLinks);
    deepLinking = { returnUrl, acceptMultiple: settings.accept_multiple !== false && settings.accept_multiple !== 'false', data: text(settings.data, 4000) };
  }

  const context = claims[CLAIM.context];
  const ags = claims[CLAIM.ags];
  const nrps = claims[CLAIM.nrps];
  const presentation = claims[CLAIM.launchPresentation];
  const custom = claims[CLAIM.custom];
  return {
    messageType,
    deploymentId,
    person: {
      sub,
      name: text(claims.name, 200),
      givenName: text(claims.given_name, 100),
      familyName: text(claims.family_name, 100),
      email: text(claims.email, 254),
      roles: roles as string[],
      locale: isObject(presentation) ? text(presentation.locale, 20) : undefined,
    },
    resourceLink,
    context: isObject(context) && text(context.id) ? { id: context.id as string, title: text(context.title, 500) } : undefined,
    custom: isObject(custom) ? custom : {},
    ags: isObject(ags)
      ? {
          lineitem: text(ags.lineitem, 1000),
          lineitems: text(ags.lineitems, 1000),
          scopes: Array.isArray(ags.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : [],
        }
      : undefined,
    membershipsUrl: isObject(nrps) ? text(nrps.context_memberships_url, 1000) : undefined,
    deepLinking,
  };
}

/** Every check of the id token, in order, once the login's state has been spent and matched. */
export async function checkIdToken(db: Db, platform: PlatformRow, idToken: string | undefined, nonce: string): Promise<LaunchMessage> {
  checkHeader(idToken);
  const claims = await checkSignature(platform, idToken!);
  checkIssuer(platform, claims);
  checkAudience(platform, claims);
  checkTimes(claims);
  await checkNonce(db, platform, claims, nonce);
  return checkLtiClaims(platform, claims);
}
