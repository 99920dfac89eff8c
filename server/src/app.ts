import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Koa from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import helmet from 'koa-helmet';
import serve from 'koa-static';
import send from 'koa-send';
import { koaProxyOptions } from './clientAddress';
import type { Deps } from './deps';
import type { AppState } from './middleware/auth';
import { errorHandler } from './middleware/errorHandler';
import { requestLanguage, useLanguage } from './middleware/language';
import { bearerToken } from './middleware/auth';
import { authenticate } from './services/sessions';
import { nullBodyAsEmpty } from './middleware/nullBody';
import { apiRouter } from './routes';
import { paymentWebhookRoutes } from './routes/payments';
import { serveUploads } from './middleware/uploads';
import { storableInput } from './middleware/storableInput';
import { lmsFraming } from './services/lti/framing';
import { requestEncoding, rethrowBodyError } from './middleware/bodyEncoding';

export interface AppOptions {
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webDist?: string;
}

/** The Koa app: security headers → logging → errors → body → /api routes → the web app. */
export function createApp(deps: Deps, opts: AppOptions = {}): Koa<AppState> {
  // ctx.ip is the address the nearest trusted proxy saw, never an entry the client wrote (clientAddress.ts).
  const app = new Koa<AppState>(koaProxyOptions(deps.config.trustedProxies));
  app.silent = true;

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The face checks compile their WebAssembly runtime; 'wasm-unsafe-eval' allows that and no JavaScript eval.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // Mantine sets style attributes; KaTeX ships its fonts as files and data URLs.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // The school's registered LMSs may frame the app (their course pages show an exam): docs/lti.md.
  app.use(lmsFraming(deps));
  app.use(requestLog(deps));
  app.use(requestLanguage());
  app.use(errorHandler(deps.log, deps.dbOutage));
  // Stripe signs the raw bytes of its webhook: that route reads its body itself, before the parser.
  app.use(requestEncoding());
  const webhook = paymentWebhookRoutes(deps);
  app.use(webhook.routes());
  app.use(serveUploads(deps.files));
  // DELETE too: the documented bulk delete carries its ids in the body.
  app.use(koaBody({ jsonLimit: '1mb', formLimit: '1mb', textLimit: '1mb', multipart: false, jsonStrict: false, parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE], onError: rethrowBodyError }));
  app.use(nullBodyAsEmpty());
  app.use(storableInput());

  const api = apiRouter(deps, [webhook]);
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(callerLanguageOnMiss(deps));

  if (opts.webDist && existsSync(path.join(opts.webDist, 'index.html'))) {
    const root = opts.webDist;
    // The face checks' model and runtime sit in a folder named after their versions: a browser keeps them for a year.
    const models = `${path.sep}proctor-models${path.sep}`;
    const setHeaders = (res: ServerResponse, file: string) => {
      if (file.includes(models)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    };
    app.use(serve(root, { index: false, maxage: 0, gzip: true, setHeaders }));
    // Client-side routes get the app's index.html; a missing file (an old bundle's asset) stays a 404.
    app.use(async (ctx, next) => {
      const isRoute = !ctx.path.startsWith('/api') && !ctx.path.startsWith('/socket.io') && !path.extname(ctx.path);
      if ((ctx.method === 'GET' || ctx.method === 'HEAD') && isRoute) {
        ctx.set('Cache-Control', 'no-cache');
        await send(ctx, 'index.html', { root });
        return;
      }
      await next();
    });
  }
  return app;
}

/**
 * A call no route answers never ran `auth()`, so its 404 would follow only the browser's
 * Accept-Language: a signed-in caller's own language (their setting) is looked up for it here.
 */
function callerLanguageOnMiss(deps: Deps): Koa.Middleware {
  return async (ctx, next) => {
    const token = ctx.path.startsWith('/api/') ? bearerToken(ctx.get('authorization')) : undefined;
    if (token) useLanguage(ctx, (await authenticate(deps, token).catch(() => undefined))?.language);
    await next();
  };
}

function requestLog(deps: Deps): Koa.Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      if (ctx.path.startsWith('/api')) {
        deps.log.info(
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(performance.now() - started) },
          'request',
        );
      }
    }
  };
}
