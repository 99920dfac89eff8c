import type { RouteDocs } from '../../openapi/types';

export const reportDocs: RouteDocs = {
  'GET /reports/student/:studentId/progress': {
    summary: 'A student’s progress report: averages, pass rate, subjects with a measured improvement, recent results',
    description: 'For the student’s teachers, linked parents and admins.',
    data: '`{ student, progress, subjectWise, recentSubmissions, totalExams }`',
    errors: { 403: 'Access denied. You do not have permission to view this report.', 404: 'Student not found.' },
  },
};
