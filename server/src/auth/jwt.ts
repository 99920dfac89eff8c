import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '@exam/shared';

const ALGORITHM = 'HS256';
const ISSUER = 'exam-platform';
/** Default lifetime of an access token; `ACCESS_TOKEN_TTL_SECONDS` (config) changes it. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
}

/**
 * The secret as a key object, made once: given a string, jsonwebtoken first tries to parse it as
 * a PEM public key on every call, which made each socket connect and API call pay for a failed parse.
 */
const keys = new Map<string, KeyObject>();
export function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, claims: AccessClaims, ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS): string {
  return jwt.sign({ sid: claims.sid, role: claims.role }, keyFor(secret), {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    expiresIn: ttlSeconds,
  });
}

export interface VerifiedClaims extends AccessClaims {
  /** Only with `allowExpired`: the signature is ours but the token's lifetime is over. */
  expired: boolean;
}

/**
 * Returns the claims or undefined; the algorithm is pinned so `alg: none` never passes. With
 * `allowExpired`, a token past its lifetime but otherwise valid comes back marked `expired`, for
 * the one use that needs it (finishing an exam the student is sitting).
 */
export function verifyAccessToken(secret: string, token: string, opts: { allowExpired?: boolean } = {}): VerifiedClaims | undefined {
  let expired = false;
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, keyFor(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
  } catch (err) {
    if (!opts.allowExpired || !(err instanceof jwt.TokenExpiredError)) return undefined;
    try {
      payload = jwt.verify(token, keyFor(secret), { algorithms: [ALGORITHM], issuer: ISSUER, ignoreExpiration: true });
      expired = true;
    } catch {
      return undefined;
    }
  }
  if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
  return { sub: payload.sub, sid: payload.sid, role: payload.role as Role, expired };
}
