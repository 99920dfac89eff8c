import type { RouteDocs } from '../../openapi/types';

export const sebDocs: RouteDocs = {};
