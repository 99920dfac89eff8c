import type { RouteDocs } from '../../openapi/types';

export const integrityReportDocs: RouteDocs = {};
