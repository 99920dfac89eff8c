import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '@exam/shared';

const ALGORITHM = 'HS256';
const ISSUER = 'exam-platform';
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
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, claims: AccessClaims): string {
  return jwt.sign({ sid: claims.sid, role: claims.role }, keyFor(secret), {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/** Returns the claims or undefined; the algorithm is pinned so `alg: none` never passes. */
export function verifyAccessToken(secret: string, token: string): AccessClaims | undefined {
  try {
    const payload = jwt.verify(token, keyFor(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return undefined;
    }
    return { sub: payload.sub, sid: payload.sid, role: payload.role as Role };
  } catch {
    return undefined;
  }
}
