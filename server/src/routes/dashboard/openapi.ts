import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const examItem = z.object({
  _id: z.uuid(),
  title: z.string(),
  subject: z.string(),
  schedule: z.object({ startDate: z.iso.datetime(), endDate: z.iso.datetime() }),
  duration: z.number().int(),
});

/** A finished attempt on the student and parent dashboards: score, marks and outcome only once a final result is out. */
const recentResult = z.object({
  _id: z.uuid(),
  exam: z.object({ _id: z.uuid(), title: z.string(), subject: z.string(), totalMarks: z.number().nullable().describe('The marks the attempt was out of') }),
  percentage: z.number().nullable().describe('Null until the result is final and the exam lets it out'),
  marksObtained: z.number().nullable().describe('Marks earned; null like percentage'),
  isPassed: z.boolean().nullable().describe('Null until a final result is out: an essay waiting for its marks is neither passed nor failed'),
  status: z.enum(['submitted', 'graded']).describe('submitted: waiting for grading; graded: final'),
  submittedAt: z.iso.datetime(),
});

/** The docs' shapes of the dashboards' answers, also what the response contract test checks. */
export const dashboardResponseSchemas = {
  admin: z.looseObject({
    stats: z.looseObject({ totalUsers: z.number().int().describe('People with an account, deleted people left out') }),
    recentUsers: z.array(z.looseObject({ _id: z.uuid(), firstName: z.string(), lastName: z.string(), role: z.string(), createdAt: z.iso.datetime() })).describe('Newest first; deleted people left out'),
    recentExams: z.array(
      examItem.extend({
        isPublished: z.boolean(),
        owner: z.string().describe('The author’s name in one string'),
        createdBy: z.object({ firstName: z.string(), lastName: z.string() }).describe('The exam’s author'),
      }),
    ),
    trends: z.array(z.looseObject({ date: z.string() })),
    systemHealth: z.looseObject({ status: z.string() }),
    contactMessages: z.array(z.looseObject({ _id: z.uuid() })),
  }),
  teacher: z.looseObject({
    stats: z.looseObject({ pendingGrading: z.number().int() }),
    upcomingExams: z.array(examItem.extend({ isPublished: z.boolean(), sittingNow: z.number().int() })),
    pendingGrading: z.array(
      z.object({
        _id: z.uuid(),
        exam: z.object({ _id: z.uuid(), title: z.string() }),
        student: z.object({ _id: z.uuid(), name: z.string().describe('First and last name in one string'), firstName: z.string(), lastName: z.string() }),
        submittedAt: z.iso.datetime(),
      }),
    ).describe('Submitted attempts waiting for essay marks, oldest first'),
    recentActivity: z.array(z.looseObject({ message: z.string() })),
  }),
  student: z.looseObject({
    stats: z.looseObject({ totalExams: z.number().int() }),
    upcomingExams: z.array(examItem.extend({ attemptsLeft: z.number().int() })),
    recentResults: z.array(recentResult),
    notifications: z.array(z.looseObject({ _id: z.uuid(), message: z.string() })),
  }),
};

export const dashboardDocs: RouteDocs = {
  'GET /dashboard/admin': { summary: 'The admin dashboard: school-wide figures, 30-day trends, recent users, exams and contact messages, every node’s health', data: dashboardResponseSchemas.admin },
  'GET /dashboard/teacher': { summary: 'The teacher dashboard: the teacher’s exams, who is sitting now, essays waiting to be graded', data: dashboardResponseSchemas.teacher },
  'GET /dashboard/student': { summary: 'The student dashboard: upcoming exams, recent results, unread notifications', data: dashboardResponseSchemas.student },
  'GET /dashboard/parent': { summary: 'The parent’s figures across their accepted children', data: '`{ stats, children, recentResults, notifications }` (recentResults as the student dashboard’s, with childName)' },
};
