import { LINK_STATUSES, PARENT_MSG, RELATIONSHIPS } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const performance = z.number().nullable().describe('The average score as a number; null before any result');
const childStats = z.object({
  totalExams: z.number().int(),
  averageScore: z.number(),
  bestScore: z.number(),
  recentScore: z.number().nullable(),
  performance,
  performanceLabel: z.string().describe('The performance in words (Excellent, Good, Average, Below Average, Needs Improvement, No exams yet)'),
  lastExamDate: z.iso.datetime().nullable(),
});
const child = z.object({
  _id: z.uuid(),
  linkId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  grade: z.number().int().nullable(),
  section: z.string().nullable(),
  relationship: z.enum(RELATIONSHIPS),
  linkStatus: z.enum(LINK_STATUSES),
  requestedAt: z.iso.datetime(),
  stats: childStats.nullable().describe('Only once the child accepted the link'),
  performance: performance.describe('stats.performance beside the child itself; null when there is none'),
});

/** The docs' shapes of the parent area's answers, also what the response contract test checks. */
export const parentResponseSchemas = {
  dashboard: z.looseObject({
    children: z.array(child),
    summary: z.object({ totalChildren: z.number().int(), totalExams: z.number().int(), averagePerformance: z.number(), activeChildren: z.number().int() }),
    recentActivities: z.array(z.looseObject({ childId: z.uuid(), submissionId: z.uuid(), score: z.number() })),
  }),
  children: z.looseObject({ children: z.array(child) }),
};

const UNLINKED = { 403: 'The child has not accepted the link (pending or declined).', 404: PARENT_MSG.childNotFound };

export const parentDocs: RouteDocs = {
  'POST /parent/add-child': {
    summary: 'Ask to follow a child: a link request the student must accept before the parent sees anything',
    status: 201,
    errors: { 400: PARENT_MSG.fillAllFields, 404: PARENT_MSG.noStudent, 409: PARENT_MSG.alreadyRequested, 429: 'Too many requests. Please try again later.' },
  },
  'GET /parent/dashboard': { summary: 'The parent’s children with their figures, a summary and recent activity', data: parentResponseSchemas.dashboard },
  'GET /parent/children': { summary: 'The parent’s children, accepted and awaiting confirmation', data: parentResponseSchemas.children },
  'DELETE /parent/child/:id/remove': { summary: 'Stop following a child; access and live result notifications end at once', errors: { 404: PARENT_MSG.childNotFound } },
  'GET /parent/child/:id/progress': { summary: 'A child’s progress (range all, month or week): figures and the last submissions', data: '`{ child, stats, submissions }`', errors: UNLINKED },
  'GET /parent/child/:id/exams': { summary: 'A child’s exams (the exams report)', data: '`{ exams }`', errors: UNLINKED },
  'GET /parent/child/:id/results': { summary: 'A child’s released results (the results report)', data: '`{ results }`', errors: UNLINKED },
  'GET /parent/requests': { summary: 'A student’s pending parent link requests', data: '`{ requests }`' },
  'POST /parent/requests/:id/accept': { summary: 'The student accepts a parent’s request; the parent is told', errors: { 404: PARENT_MSG.requestNotFound } },
  'POST /parent/requests/:id/decline': { summary: 'The student declines a parent’s request; the parent may ask again after 24 hours', errors: { 404: PARENT_MSG.requestNotFound } },
  'POST /parent/links': { summary: 'An admin links a parent and a student directly (accepted)', status: 201, errors: { 404: PARENT_MSG.notAStudent } },
};
