import type { Context } from 'koa';
import { accountTag, DEVICE_TOKEN_TTL_SECONDS, signDeviceToken, verifyDeviceToken } from '../../auth/deviceTokens';
import type { Config } from '../../config';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

/** The refresh token lives in an httpOnly cookie scoped to the auth calls: scripts never see it. */
export function setRefreshCookie(ctx: Context, config: Config, token: string, expires: Date): void {
  ctx.cookies.set(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    expires,
    overwrite: true,
  });
}

export function clearRefreshCookie(ctx: Context, config: Config): void {
  ctx.cookies.set(REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    expires: new Date(0),
    overwrite: true,
  });
}

export function readRefreshCookie(ctx: Context): string | undefined {
  return ctx.cookies.get(REFRESH_COOKIE) || undefined;
}

const DEVICE_COOKIE_PATH = '/api/auth/login';
/** One cookie per account signed in on this browser, named by a keyed hash of the account (deviceTokens.ts). */
const deviceCookieName = (config: Config, account: string) => `device_${accountTag(config.jwtSecret, account)}`;

/**
 * The device cookie: sent only with sign-ins, never readable by scripts. Lax rather than Strict
 * so a sign-in page reached from a link still carries it.
 */
export function setDeviceCookie(ctx: Context, config: Config, account: string, deviceId?: string): void {
  ctx.cookies.set(deviceCookieName(config, account), signDeviceToken(config.jwtSecret, account, deviceId), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_TOKEN_TTL_SECONDS * 1000,
    overwrite: true,
  });
}

/** The id of this browser's device for the account, when it carries a valid cookie for it. */
export function readDeviceCookie(ctx: Context, config: Config, account: string): string | undefined {
  return verifyDeviceToken(config.jwtSecret, account, ctx.cookies.get(deviceCookieName(config, account)) || undefined);
}
