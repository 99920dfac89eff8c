import type { RouteDocs } from '../../openapi/types';

export const ltiServiceDocs: RouteDocs = {};
