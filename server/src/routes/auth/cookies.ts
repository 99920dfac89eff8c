import type { Context } from 'koa';
import { accountTag, DEVICE_TOKEN_TTL_SECONDS, signDeviceToken, verifyDeviceToken } from '../../auth/deviceTokens';
import type { Config } from '../../config';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

/**
 * The refresh token of a session opened in an LMS's frame (docs/lti.md): the same token under its
 * own name, sent cross-site (SameSite=None, so Secure) and partitioned by the top-level site
 * (CHIPS), so a browser that blocks third-party cookies still keeps it for that LMS's pages, and
 * for no other site. A normal sign-in keeps SameSite=Strict.
 */
export const FRAMED_REFRESH_COOKIE = 'refresh_token_framed';

/**
 * A cookie sent cross-site and kept per top-level site: `HttpOnly; Secure; SameSite=None;
 * Partitioned`. Written by hand: koa's cookies refuse Secure on a plain-http request (local
 * development behind no proxy), while browsers accept it from http://localhost.
 */
export function setCrossSiteCookie(ctx: Context, name: string, value: string, opts: { path: string; expires: Date }): void {
  ctx.append('Set-Cookie', `${name}=${value}; path=${opts.path}; expires=${opts.expires.toUTCString()}; samesite=none; secure; httponly; partitioned`);
}

/**
 * The refresh token lives in an httpOnly cookie scoped to the auth calls: scripts never see it.
 * `framed`: a session opened in an LMS's frame (FRAMED_REFRESH_COOKIE). Either kind replaces the
 * other, so the browser's latest sign-in is the one a refresh continues.
 */
export function setRefreshCookie(ctx: Context, config: Config, token: string, expires: Date, framed = false): void {
  if (framed) {
    setCrossSiteCookie(ctx, FRAMED_REFRESH_COOKIE, token, { path: COOKIE_PATH, expires });
    if (ctx.cookies.get(REFRESH_COOKIE)) clearStrictCookie(ctx, config);
    return;
  }
  ctx.cookies.set(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    expires,
    overwrite: true,
  });
  if (ctx.cookies.get(FRAMED_REFRESH_COOKIE)) setCrossSiteCookie(ctx, FRAMED_REFRESH_COOKIE, '', { path: COOKIE_PATH, expires: new Date(0) });
}

function clearStrictCookie(ctx: Context, config: Config): void {
  ctx.cookies.set(REFRESH_COOKIE, '', {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: COOKIE_PATH,
    expires: new Date(0),
    overwrite: true,
  });
}

export function clearRefreshCookie(ctx: Context, config: Config): void {
  clearStrictCookie(ctx, config);
  if (ctx.cookies.get(FRAMED_REFRESH_COOKIE)) setCrossSiteCookie(ctx, FRAMED_REFRESH_COOKIE, '', { path: COOKIE_PATH, expires: new Date(0) });
}

export function readRefreshCookie(ctx: Context): string | undefined {
  return ctx.cookies.get(REFRESH_COOKIE) || ctx.cookies.get(FRAMED_REFRESH_COOKIE) || undefined;
}

/** Whether the refresh token came from a frame's cookie: its successor goes back into one. */
export function refreshCookieIsFramed(ctx: Context): boolean {
  return !ctx.cookies.get(REFRESH_COOKIE) && !!ctx.cookies.get(FRAMED_REFRESH_COOKIE);
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
