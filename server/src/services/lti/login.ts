import { randomBytes } from 'node:crypto';
import { LTI_MSG } from '@exam/shared';
import { hashOpaqueToken } from '../../auth/opaqueTokens';
import type { Deps } from '../../deps';
import { LaunchRefusal, type LoginParams } from './launchChecks';
import { findPlatform, type PlatformRow } from './platforms';
import { toolUrls } from './registrationConfig';

/** How long a login may take to come back as a launch (the platform's sign-in page may ask for a password). */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

/**
 * The cookie binding a login's state to this browser: one per login (named after its state's
 * hash, so two activities opened at once in two tabs do not overwrite each other's).
 */
export const STATE_COOKIE_PREFIX = 'lti_state_';
export const stateCookieName = (state: string): string => `${STATE_COOKIE_PREFIX}${hashOpaqueToken(state).slice(0, 24)}`;

const LOGIN_FIELDS = ['iss', 'login_hint', 'target_link_uri', 'lti_message_hint', 'client_id', 'lti_deployment_id'] as const;

/** The login's parameters, from its query string or form; refused with a clear 400 when one it needs is missing. */
export function loginParamsFrom(raw: Record<string, unknown>, publicUrl: string): LoginParams {
  const out: Record<string, string> = {};
  for (const field of LOGIN_FIELDS) {
    const value = raw[field];
    if (typeof value === 'string' && value.trim() && value.length <= 2000) out[field] = value.trim();
  }
  if (!out.iss) throw new LaunchRefusal(400, LTI_MSG.loginMissingIssuer);
  if (!out.login_hint) throw new LaunchRefusal(400, LTI_MSG.loginMissingHint);
  if (!out.target_link_uri || !isOurs(out.target_link_uri, publicUrl)) throw new LaunchRefusal(400, LTI_MSG.loginWrongTarget);
  return out as unknown as LoginParams;
}

/** A target on our own public address (same origin, under its path): never a redirect elsewhere. */
function isOurs(target: string, publicUrl: string): boolean {
  try {
    const t = new URL(target);
    const ours = new URL(publicUrl);
    return t.origin === ours.origin && t.pathname.startsWith(ours.pathname.replace(/\/?$/, '/'));
  } catch {
    return false;
  }
}

/** Where a refused frame starts the same login again, at top level (the platform's parameters as it sent them). */
export function relaunchUrl(publicUrl: string, params: LoginParams): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => typeof v === 'string') as [string, string][]);
  return `${toolUrls(publicUrl).login}?${query.toString()}`;
}

/** The OIDC authentication request (1EdTech Security Framework 5.1.1.2), sent to the platform's authorisation URL. */
function authRequestUrl(platform: PlatformRow, params: LoginParams, publicUrl: string, state: string, nonce: string): string {
  const url = new URL(platform.auth_login_url);
  const query: Record<string, string | undefined> = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.client_id,
    redirect_uri: toolUrls(publicUrl).launch,
    login_hint: params.login_hint,
    lti_message_hint: params.lti_message_hint,
    state,
    nonce,
  };
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Step one of a launch (OIDC third-party-initiated login): finds the platform by issuer and client
 * id, stores a random state (its hash) with a random nonce and the login's parameters for ten
 * minutes, and answers where to send the browser. The caller sets the state's cookie.
 */
export async function startLogin(deps: Deps, params: LoginParams): Promise<{ state: string; redirectUrl: string }> {
  const platform = await findPlatform(deps.db, params.iss, params.client_id);
  if (!platform) throw new LaunchRefusal(400, LTI_MSG.loginUnknownPlatform);
  if (params.lti_deployment_id && !platform.deployment_ids.includes(params.lti_deployment_id)) throw new LaunchRefusal(403, LTI_MSG.launchDeployment);
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(24).toString('base64url');
  // States and tickets lapsed a day ago (a picker's lasts an hour), and nonces whose tokens expired, no longer answer anything.
  await deps.db('lti_login_states').where('expires_at', '<', deps.db.raw("now() - interval '1 day'")).delete();
  await deps.db('lti_launch_tickets').where('expires_at', '<', deps.db.raw("now() - interval '1 day'")).delete();
  await deps.db('lti_nonces').where('expires_at', '<', deps.db.fn.now()).delete();
  await deps.db('lti_login_states').insert({
    state_hash: hashOpaqueToken(state),
    nonce,
    platform_id: platform.id,
    login_params: JSON.stringify(params),
    expires_at: new Date(Date.now() + LOGIN_STATE_TTL_MS),
  });
  return { state, redirectUrl: authRequestUrl(platform, params, deps.config.publicUrl, state, nonce) };
}
