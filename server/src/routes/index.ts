import Router from '@koa/router';
import type { Deps } from '../deps';
import type { AppState } from '../middleware/auth';
import { docsRoutes } from '../openapi/routes';
import { accommodationRoutes } from './accommodations';
import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { contactRoutes } from './contact';
import { dashboardRoutes } from './dashboard';
import { demoRoutes } from './demo';
import { examRoutes } from './exams';
import { examStaffRoutes } from './examStaff';
import { healthRoutes } from './health';
import { integrityRoutes } from './integrity';
import { integrityReportRoutes } from './integrityReports';
import { ltiRoutes } from './lti';
import { markingRoutes } from './marking';
import { markingCommentRoutes } from './markingComments';
import { notificationRoutes } from './notifications';
import { ROUTE_DOCS } from './openapiEntries';
import { parentRoutes } from './parent';
import { paymentRoutes } from './payments';
import { platformSettingsRoutes } from './platformSettings';
import { proctoringRoutes } from './proctoring';
import { questionRoutes } from './questions';
import { reportRoutes } from './reports';
import { rubricRoutes } from './rubrics';
import { sebRoutes } from './seb';
import { submissionRoutes } from './submissions';
import { userRoutes } from './users';

/**
 * Every REST resource under /api, in one list: the app mounts this router, and the API reference
 * (/api/openapi.json) is generated from the same router, so a route cannot exist undocumented.
 */
export function apiRouter(deps: Deps, mountedElsewhere: Router<AppState>[] = []): Router<AppState> {
  const api = new Router<AppState>({ prefix: '/api' });
  const resources = [
    healthRoutes(deps),
    authRoutes(deps),
    // Before /users/:id routes: /users/profile and /users/settings are the caller's own.
    accountRoutes(deps),
    examRoutes(deps),
    questionRoutes(deps),
    submissionRoutes(deps),
    notificationRoutes(deps),
    reportRoutes(deps),
    paymentRoutes(deps),
    userRoutes(deps),
    parentRoutes(deps),
    dashboardRoutes(deps),
    contactRoutes(deps),
    platformSettingsRoutes(deps),
    proctoringRoutes(deps),
    integrityRoutes(deps),
    integrityReportRoutes(deps),
    examStaffRoutes(deps),
    accommodationRoutes(deps),
    markingRoutes(deps),
    rubricRoutes(deps),
    markingCommentRoutes(deps),
    ltiRoutes(deps),
    sebRoutes(deps),
    demoRoutes(deps),
  ];
  for (const r of resources) api.use(r.routes(), r.allowedMethods());
  const docs = docsRoutes(() => [api, ...mountedElsewhere], ROUTE_DOCS);
  api.use(docs.routes(), docs.allowedMethods());
  return api;
}
