import { createRequire } from 'node:module';
import path from 'node:path';
import Router from '@koa/router';
import send from 'koa-send';
import type { AppState } from '../middleware/auth';
import { buildOpenApi, mountedRoutes } from './document';
import type { RouteDocs } from './types';

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png']);

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Exam platform</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"><link rel="icon" href="/api/docs/favicon-32x32.png"></head>
<body><div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body></html>`;

// A file, not an inline script: the app's Content-Security-Policy allows scripts from itself only.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, docExpansion: 'list' });`;

/** /api/openapi.json and a browsable reference at /api/docs (Swagger UI, served from here, no CDN). */
export function docsRoutes(routers: () => Router<AppState>[], docs: RouteDocs): Router<AppState> {
  const router = new Router<AppState>();
  let document: ReturnType<typeof buildOpenApi> | undefined;
  router.get('/openapi.json', (ctx) => {
    document ??= buildOpenApi(mountedRoutes(routers()), docs);
    ctx.body = document;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'html';
    ctx.body = PAGE;
  });
  router.get('/docs/:file', async (ctx) => {
    const file = ctx.params.file ?? '';
    if (file === 'init.js') {
      ctx.type = 'application/javascript';
      ctx.body = INIT;
      return;
    }
    if (!SWAGGER_FILES.has(file)) return;
    ctx.set('Cache-Control', 'public, max-age=86400');
    await send(ctx, file, { root: SWAGGER_DIR });
  });
  return router;
}
