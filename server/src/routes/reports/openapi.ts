import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const subjectProgress = z.object({
  subject: z.string(),
  totalExams: z.number().int(),
  averageScore: z.number(),
  bestScore: z.number(),
  scores: z.array(z.number()),
  improvement: z.number().nullable().describe('Latest minus first score in the subject, in percentage points; null with fewer than two results'),
});

/** The docs' shape of the progress report, also what the response contract test checks. */
export const progressReportSchema = z.looseObject({
  student: z.looseObject({ _id: z.uuid(), name: z.string() }),
  totalExams: z.number().int(),
  progress: z.object({ averageScore: z.number(), passRate: z.number(), totalTime: z.number(), hoursStudied: z.number() }),
  subjectWise: z.record(z.string(), subjectProgress).describe('Keyed by subject'),
  subjects: z.array(subjectProgress).describe('The same entries as a list'),
  improvementBasis: z.string(),
  recentSubmissions: z.array(
    z.object({
      _id: z.uuid(),
      exam: z.object({ _id: z.uuid(), title: z.string(), subject: z.string() }),
      score: z.number().describe('The percentage, as shown (same as `percentage`)'),
      marksObtained: z.number().nullable().describe('Marks earned, of totalMarks'),
      totalMarks: z.number().nullable(),
      percentage: z.number(),
      grade: z.string(),
      submittedAt: z.iso.datetime(),
      isPassed: z.boolean(),
    }),
  ).describe('The latest ten graded results, newest first'),
  insights: z.object({ strengths: z.array(z.string()), improvements: z.array(z.string()) }),
});

export const reportDocs: RouteDocs = {
  'GET /reports/student/:studentId/progress': {
    summary: 'A student’s progress report: averages, pass rate, subjects with a measured improvement, recent results',
    description: 'For the student’s teachers, linked parents and admins.',
    data: progressReportSchema,
    errors: { 403: 'Access denied. You do not have permission to view this report.', 404: 'Student not found.' },
  },
};
