import type { RouteDocs } from '../../openapi/types';

export const ltiPlatformDocs: RouteDocs = {};
