import type Router from '@koa/router';
import { MSG } from '@exam/shared';
import { z } from 'zod';
import { AUTH_ROLES, type AppState } from '../middleware/auth';
import { INPUT_SCHEMA, type InputSchemaInfo } from '../middleware/validate';
import type { RouteDoc, RouteDocs } from './types';

export interface MountedRoute {
  method: string;
  /** As the router writes it, without /api: '/exams/:id'. */
  path: string;
  input?: InputSchemaInfo;
  roles?: readonly string[] | 'any';
}

/** Every route the routers answer, with what their middleware says about input and roles. */
export function mountedRoutes(routers: Router<AppState>[]): MountedRoute[] {
  const out: MountedRoute[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      if (typeof layer.path !== 'string' || !layer.methods.length) continue;
      const path = layer.path.replace(/^\/api/, '') || '/';
      const fns = layer.stack as unknown as Record<symbol, unknown>[];
      const input = fns.map((f) => f[INPUT_SCHEMA] as InputSchemaInfo | undefined).find(Boolean);
      const roles = fns.map((f) => f[AUTH_ROLES] as readonly string[] | 'any' | undefined).find(Boolean);
      for (const method of layer.methods) if (method !== 'HEAD') out.push({ method, path, input, roles });
    }
  }
  return out;
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Routes without an entry and entries without a route: both must be empty (a test holds it). */
export function coverage(routes: MountedRoute[], docs: RouteDocs) {
  const mounted = new Set(routes.map(key));
  return {
    undocumented: [...mounted].filter((k) => !docs[k]),
    orphaned: Object.keys(docs).filter((k) => !mounted.has(k)),
  };
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

const envelope = (data?: RouteDoc['data']) => ({
  type: 'object',
  required: ['success'],
  properties: {
    success: { const: true },
    message: { type: 'string' },
    ...(data === undefined ? {} : { data: typeof data === 'string' ? { description: data } : jsonSchema(data) }),
  },
});

const ERROR_REF = { $ref: '#/components/schemas/Error' };

function queryParameters(schema: z.ZodType) {
  const js = jsonSchema(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({ name, in: 'query', required: (js.required ?? []).includes(name), schema: s }));
}

/** The OpenAPI 3.1 document of the mounted routes and their entries. */
export function buildOpenApi(routes: MountedRoute[], docs: RouteDocs, serverUrl = '/api') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const doc = docs[key(r)];
    if (!doc) continue;
    const oaPath = r.path.replace(/:(\w+)/g, '{$1}');
    const params = [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }));
    const body = doc.body ?? (r.input?.source === 'body' ? r.input.schema : undefined);
    const query = doc.query ?? (r.input?.source === 'query' ? r.input.schema : undefined);
    const errors: Record<number, string> = {};
    if (body || query) errors[400] = 'The input is invalid: `errors` lists each field with its message.';
    if (r.roles) errors[401] = MSG.notAuthenticated;
    if (Array.isArray(r.roles)) errors[403] = `${MSG.forbidden} (allowed: ${r.roles.join(', ')})`;
    if (params.length) errors[404] = 'No such record, or not one the caller may see.';
    Object.assign(errors, doc.errors);
    const responses: Record<string, unknown> = {
      [String(doc.status ?? 200)]: {
        description: 'Success',
        content: doc.produces ? { [doc.produces]: { schema: { type: 'string' } } } : { 'application/json': { schema: envelope(doc.data) } },
      },
    };
    for (const [status, text] of Object.entries(errors)) {
      responses[status] = { description: text, content: { 'application/json': { schema: ERROR_REF, example: { success: false, message: text } } } };
    }
    const tag = r.path.split('/')[1] ?? 'api';
    paths[oaPath] ??= {};
    paths[oaPath][r.method.toLowerCase()] = {
      tags: [tag],
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      ...(r.roles ? { security: [{ bearer: [] }] } : { security: [] }),
      ...(Array.isArray(r.roles) ? { 'x-roles': r.roles } : {}),
      ...(params.length || query ? { parameters: [...params, ...(query ? queryParameters(query) : [])] } : {}),
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(body) } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exam platform API',
      version: '1.0.0',
      description:
        'Every REST call of the exam platform. Answers are `{ success, message?, data? }`; failures are `{ success: false, message, errors? }` with the texts shown here. Sign in with POST /auth/login and send the access token as `Authorization: Bearer <token>`. The live exam session runs over Socket.IO: see docs/live-protocol.md.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          required: ['success', 'message'],
          properties: {
            success: { const: false },
            message: { type: 'string' },
            errors: { type: 'array', items: { type: 'object', required: ['field', 'msg'], properties: { field: { type: 'string' }, msg: { type: 'string' } } } },
          },
        },
      },
    },
    paths,
  };
}
