import { createHmac, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { keyFor } from './jwt';

/*
 * A device token says "this browser signed in to this account before" (a device cookie). A
 * sign-in that carries one is counted per account and device rather than per account and
 * address, so failures by others at the same address (a classmate, a school's NAT) never lock
 * that browser out. Signed with the JWT secret under an audience of its own: it is never an
 * access token (no session) and an access token is never a device token.
 */

const ALGORITHM = 'HS256';
const ISSUER = 'exam-platform';
const AUDIENCE = 'device';
/** A browser stays known for half a year after its last successful sign-in. */
export const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 60 * 60;

/**
 * The account as the token and its cookie name carry it: a keyed hash of the sign-in name, so a
 * shared computer's cookies do not list who signed in on it.
 */
export function accountTag(secret: string, account: string): string {
  return createHmac('sha256', secret).update(`device:${account}`).digest('base64url').slice(0, 22);
}

/** A new token for the device (a fresh id when it had none) bound to the account. */
export function signDeviceToken(secret: string, account: string, deviceId: string = randomUUID()): string {
  return jwt.sign({ dev: deviceId }, keyFor(secret), {
    algorithm: ALGORITHM,
    issuer: ISSUER,
    audience: AUDIENCE,
    subject: accountTag(secret, account),
    expiresIn: DEVICE_TOKEN_TTL_SECONDS,
  });
}

/** The device's id when the token is ours, current and bound to this account; otherwise undefined. */
export function verifyDeviceToken(secret: string, account: string, token: string | undefined): string | undefined {
  if (!token) return undefined;
  try {
    const payload = jwt.verify(token, keyFor(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      subject: accountTag(secret, account),
    });
    if (typeof payload !== 'object' || typeof payload.dev !== 'string' || !/^[0-9a-f-]{36}$/.test(payload.dev)) return undefined;
    return payload.dev;
  } catch {
    return undefined;
  }
}
