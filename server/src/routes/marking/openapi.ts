import type { RouteDocs } from '../../openapi/types';

export const markingDocs: RouteDocs = {};
