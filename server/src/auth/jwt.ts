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

export function signAccessToken(secret: string, claims: AccessClaims): string {
  return jwt.sign({ sid: claims.sid, role: claims.role }, secret, {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    expiresIn: ACCESS_TOKEN_TTL_SECONDS,
  });
}

/** Returns the claims or undefined; the algorithm is pinned so `alg: none` never passes. */
export function verifyAccessToken(secret: string, token: string): AccessClaims | undefined {
  try {
    const payload = jwt.verify(token, secret, { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      return undefined;
    }
    return { sub: payload.sub, sid: payload.sid, role: payload.role as Role };
  } catch {
    return undefined;
  }
}
