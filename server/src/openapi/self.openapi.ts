import type { RouteDocs } from './types';

export const referenceDocs: RouteDocs = {
  'GET /openapi.json': { summary: 'This document', produces: 'application/json' },
  'GET /docs': { summary: 'The browsable API reference (Swagger UI)', produces: 'text/html' },
  'GET /docs/:file': { summary: 'Swagger UI’s own files', produces: 'application/octet-stream' },
};
