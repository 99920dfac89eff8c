import { accountDocs } from '../routes/account/openapi';
import { authDocs } from '../routes/auth/openapi';
import { contactDocs } from '../routes/contact/openapi';
import { dashboardDocs } from '../routes/dashboard/openapi';
import { demoDocs } from '../routes/demo/openapi';
import { examDocs } from '../routes/exams/openapi';
import { healthDocs } from '../routes/health.openapi';
import { notificationDocs } from '../routes/notifications/openapi';
import { parentDocs } from '../routes/parent/openapi';
import { paymentDocs } from '../routes/payments/openapi';
import { platformSettingsDocs } from '../routes/platformSettings/openapi';
import { questionDocs } from '../routes/questions/openapi';
import { reportDocs } from '../routes/reports/openapi';
import { submissionDocs } from '../routes/submissions/openapi';
import { userDocs } from '../routes/users/openapi';
import { referenceDocs } from './self.openapi';
import type { RouteDocs } from './types';

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
  ...demoDocs,
  ...referenceDocs,
};
