import type { RouteDocs } from '../../openapi/types';

export const integrityDocs: RouteDocs = {};
