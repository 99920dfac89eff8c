import Router from '@koa/router';
import { CONTACT_MSG, contactMessageSchema } from '@exam/shared';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { receiveContactMessage } from '../../services/contact';
import { consumeOrThrow } from '../../services/rateLimits';

/** Messages per IP per hour: enough for a person with follow-ups, too few to flood the admins. */
export const CONTACT_PER_IP_PER_HOUR = 5;

function contactLimiter(deps: Deps): RateLimiterAbstract {
  const opts = { points: CONTACT_PER_IP_PER_HOUR, duration: 3600, keyPrefix: `${deps.config.keyPrefix}:rl:contact-ip` };
  return deps.redis ? new RateLimiterRedis({ ...opts, storeClient: deps.redis, insuranceLimiter: new RateLimiterMemory(opts) }) : new RateLimiterMemory(opts);
}

/** The public contact form: rate limit → validate → store and tell the admins. */
export function contactRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/contact' });
  const limiter = contactLimiter(deps);
  router.post(
    '/',
    async (ctx, next) => {
      await consumeOrThrow(limiter, ctx.ip);
      await next();
    },
    validated(contactMessageSchema, async (ctx, input) => {
      // A filled honeypot is a bot: it gets the same answer as a person, and nothing is stored or sent.
      if (!input.website) await receiveContactMessage(deps, input, ctx.ip);
      ctx.status = 201;
      ctx.body = { success: true, message: CONTACT_MSG.sent };
    }),
  );
  return router;
}
