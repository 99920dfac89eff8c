import { accommodationDocs } from './accommodations/openapi';
import { accountDocs } from './account/openapi';
import { authDocs } from './auth/openapi';
import { contactDocs } from './contact/openapi';
import { dashboardDocs } from './dashboard/openapi';
import { demoDocs } from './demo/openapi';
import { examDocs } from './exams/openapi';
import { examStaffDocs } from './examStaff/openapi';
import { healthDocs } from './health.openapi';
import { integrityDocs } from './integrity/openapi';
import { integrityReportDocs } from './integrityReports/openapi';
import { ltiLaunchDocs } from './lti/launch.openapi';
import { ltiPlatformDocs } from './lti/platforms.openapi';
import { ltiServiceDocs } from './lti/services.openapi';
import { notificationDocs } from './notifications/openapi';
import { parentDocs } from './parent/openapi';
import { paymentDocs } from './payments/openapi';
import { platformSettingsDocs } from './platformSettings/openapi';
import { proctoringDocs } from './proctoring/openapi';
import { questionDocs } from './questions/openapi';
import { reportDocs } from './reports/openapi';
import { sebDocs } from './seb/openapi';
import { markingDocs } from './marking/openapi';
import { markingCommentDocs } from './markingComments/openapi';
import { rubricDocs } from './rubrics/openapi';
import { submissionDocs } from './submissions/openapi';
import { userDocs } from './users/openapi';
import { referenceDocs } from '../openapi/self.openapi';
import type { RouteDocs } from '../openapi/types';

/** Every resource's entries, each file beside its routes. */
export const ROUTE_DOCS: RouteDocs = {
  ...healthDocs,
  ...authDocs,
  ...accountDocs,
  ...examDocs,
  ...questionDocs,
  ...submissionDocs,
  ...notificationDocs,
  ...reportDocs,
  ...paymentDocs,
  ...userDocs,
  ...parentDocs,
  ...dashboardDocs,
  ...contactDocs,
  ...platformSettingsDocs,
  ...proctoringDocs,
  ...integrityDocs,
  ...ltiPlatformDocs,
  ...ltiLaunchDocs,
  ...ltiServiceDocs,
  ...sebDocs,
  ...integrityReportDocs,
  ...examStaffDocs,
  ...accommodationDocs,
  ...markingDocs,
  ...rubricDocs,
  ...markingCommentDocs,
  ...demoDocs,
  ...referenceDocs,
};
