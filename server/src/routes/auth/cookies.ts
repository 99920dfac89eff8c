import type { Context } from 'koa';
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
