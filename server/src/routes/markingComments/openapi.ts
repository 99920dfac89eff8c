import type { RouteDocs } from '../../openapi/types';

export const markingCommentDocs: RouteDocs = {};
