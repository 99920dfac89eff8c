import { randomUUID } from 'node:crypto';
import type { Deps } from '../../deps';
import { signAsTool } from './keys';
import type { PlatformRow } from './platforms';

/**
 * Calling an LMS's LTI Advantage services (the roster, the gradebook) as the tool: an access token
 * from the platform's token URL by OAuth 2 client credentials, the tool proving who it is with a
 * JWT signed by our key (`private_key_jwt`, as the LTI Security Framework asks), then the call with
 * that bearer token. A token serves every call of its scopes until shortly before it expires.
 */

/** How long a call to an LMS may take: a slow LMS must not hold a job or a teacher's request for ever. */
export const LMS_TIMEOUT_MS = 10_000;
/** A cached token is dropped this long before its expiry, so a call never leaves with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
/** How long the client assertion is good for: it is used at once, once. */
const ASSERTION_LIFETIME = '5m';

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * An LMS answered a call with an error, or could not be reached: what a teacher reads on the card.
 * `lasting`: trying again cannot mend it (the LMS gave no such service, the platform was turned
 * off) until someone changes something, so it is not retried on its own.
 */
export class LmsError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly lasting = false,
  ) {
    super(message);
    this.name = 'LmsError';
  }
}

interface CachedToken {
  token: string;
  expiresAt: number;
}
// Per deps rather than per module: tests run several nodes in one process (as services/waivers.ts).
const caches = new WeakMap<Deps, Map<string, CachedToken>>();
const cacheOf = (deps: Deps) => {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new Map()));
  return cache;
};
const cacheKey = (platform: PlatformRow, scopes: string[]) => `${platform.id} ${[...new Set(scopes)].sort().join(' ')}`;

/** The claims of the client assertion: issued by and about our client id, for the platform's token endpoint. */
export function clientAssertionClaims(platform: PlatformRow) {
  return {
    iss: platform.client_id,
    sub: platform.client_id,
    // Moodle wants its own audience here; most platforms name the token URL itself.
    aud: platform.auth_token_audience ?? platform.auth_token_url,
    jti: randomUUID(),
  };
}

/** What an LMS's failure says, short enough to keep and show (its own words, after the status). */
async function failureOf(res: Response, what: string): Promise<LmsError> {
  const text = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 300);
  return new LmsError(`${what}: HTTP ${res.status}${text ? ` ${text}` : ''}`, res.status);
}

const unreachable = (what: string, err: unknown) => new LmsError(`${what}: ${err instanceof Error ? err.message : String(err)}`);

/** A bearer token for `scopes` at `platform`, from the cache while it lasts. */
export async function serviceToken(deps: Deps, platform: PlatformRow, scopes: string[]): Promise<string> {
  const cache = cacheOf(deps);
  const key = cacheKey(platform, scopes);
  const cached = cache.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const assertion = await signAsTool(deps.db, clientAssertionClaims(platform), { expiresIn: ASSERTION_LIFETIME });
  const what = 'Token request';
  let res: Response;
  try {
    res = await fetch(platform.auth_token_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: ASSERTION_TYPE, client_assertion: assertion, scope: [...new Set(scopes)].join(' ') }),
      signal: AbortSignal.timeout(LMS_TIMEOUT_MS),
    });
  } catch (err) {
    throw unreachable(what, err);
  }
  if (!res.ok) throw await failureOf(res, what);
  const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) throw new LmsError(`${what}: no access_token in the answer`);
  // Without expires_in the token is used for a minute: asking again costs little, a dead token a failed post.
  const lifetimeMs = typeof body.expires_in === 'number' ? body.expires_in * 1000 : 2 * EXPIRY_MARGIN_MS;
  cache.set(key, { token: body.access_token, expiresAt: Date.now() + lifetimeMs - EXPIRY_MARGIN_MS });
  return body.access_token;
}

export interface LmsCall {
  method?: 'GET' | 'POST' | 'PUT';
  accept: string;
  contentType?: string;
  body?: unknown;
  /** Named in an error: 'Roster request', 'Score post'. */
  what: string;
}

/**
 * One call to an LMS service with a token of `scopes`. A 401 means the LMS no longer takes the
 * cached token (revoked, or its clock runs ahead of ours): it is forgotten and the call made once
 * more with a fresh one. Any other failure throws an LmsError.
 */
export async function callLms(deps: Deps, platform: PlatformRow, scopes: string[], url: string, call: LmsCall): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const token = await serviceToken(deps, platform, scopes);
    let res: Response;
    try {
      res = await fetch(url, {
        method: call.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          accept: call.accept,
          ...(call.contentType ? { 'content-type': call.contentType } : {}),
        },
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(LMS_TIMEOUT_MS),
      });
    } catch (err) {
      throw unreachable(call.what, err);
    }
    if (res.status === 401 && attempt === 0) {
      cacheOf(deps).delete(cacheKey(platform, scopes));
      await res.body?.cancel();
      continue;
    }
    if (!res.ok) throw await failureOf(res, call.what);
    return res;
  }
}
