import type { RouteDocs } from '../openapi/types';

export const healthDocs: RouteDocs = {
  'GET /health': { summary: 'Liveness: the process answers', data: '`{ status: "ok", uptime }` (seconds)' },
  'GET /ready': {
    summary: 'Readiness: the database (and Redis when configured) answer',
    data: '`{ status: "ready", checks: { database, redis? } }`',
    errors: { 503: 'Service not ready' },
  },
};
