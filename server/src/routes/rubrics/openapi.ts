import type { RouteDocs } from '../../openapi/types';

export const rubricDocs: RouteDocs = {};
