import type { RouteDocs } from '../../openapi/types';

export const ltiLaunchDocs: RouteDocs = {};
