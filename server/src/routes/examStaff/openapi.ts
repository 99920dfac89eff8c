import type { RouteDocs } from '../../openapi/types';

export const examStaffDocs: RouteDocs = {};
