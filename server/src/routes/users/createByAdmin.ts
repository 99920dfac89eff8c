import type { Context, Next } from 'koa';
import { USER_MSG, adminCreateUserSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { administers } from '../../policies/people';
import { bearerToken } from '../../middleware/auth';
import { parseInput } from '../../middleware/validate';
import { languageOf } from '../../middleware/language';
import { presentUser } from '../../presenters/user';
import { authenticate } from '../../services/sessions';
import { createUserByAdmin } from '../../services/userAdmin';

/**
 * POST /auth/register as the admins' Add user form sends it: with an admin's bearer token it
 * creates any role, verified, with the admin form's rules. A token that is not valid is refused
 * (401) rather than silently treated as a visitor's sign-up; any other signed-in role registers
 * like a visitor.
 */
export function createByAdmin(deps: Deps) {
  return async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) return next();
    const { user: caller } = await authenticate(deps, token);
    if (!administers(caller.role)) return next();
    const input = parseInput(adminCreateUserSchema, (ctx.request as { body?: unknown }).body, languageOf(ctx));
    const user = await createUserByAdmin(deps, input);
    ctx.status = 201;
    ctx.body = { success: true, message: USER_MSG.created, data: { user: presentUser(user) } };
  };
}
