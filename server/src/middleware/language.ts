import type { Context, Middleware } from 'koa';
import { isLanguage, negotiateLanguage, type Language } from '@exam/shared';

export interface LanguageState {
  /** The language the request is answered in (see `requestLanguage`). */
  language?: Language;
}

/**
 * The language of a request: the browser's Accept-Language to begin with; `auth()` replaces it
 * with the signed-in user's own choice (preferences.language), read with the session at no
 * extra query. The error handler writes `message` and `errors[].msg` in it.
 */
export function requestLanguage(): Middleware {
  return async (ctx, next) => {
    (ctx.state as LanguageState).language = negotiateLanguage(ctx.get('accept-language'));
    if (ctx.path.startsWith('/api')) ctx.vary('Accept-Language');
    await next();
  };
}

/** The user's chosen language, when they chose one we speak. */
export function useLanguage(ctx: Context, language: string | null | undefined): void {
  if (isLanguage(language)) (ctx.state as LanguageState).language = language;
}

export const languageOf = (ctx: Context): Language => (ctx.state as LanguageState).language ?? negotiateLanguage(ctx.get('accept-language'));
