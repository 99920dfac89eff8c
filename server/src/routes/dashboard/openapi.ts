import type { RouteDocs } from '../../openapi/types';

export const dashboardDocs: RouteDocs = {
  'GET /dashboard/admin': { summary: 'The admin dashboard: school-wide figures, 30-day trends, recent users, exams and contact messages, every node’s health', data: '`{ stats, trends, recentUsers, recentExams, contactMessages, systemHealth }`' },
  'GET /dashboard/teacher': { summary: 'The teacher dashboard: the teacher’s exams, who is sitting now, essays waiting to be graded', data: '`{ stats, upcomingExams, runningExams, pendingGrading, recentActivity }`' },
  'GET /dashboard/student': { summary: 'The student dashboard: upcoming exams, recent results, unread notifications', data: '`{ stats, upcomingExams, recentResults, notifications }`' },
  'GET /dashboard/parent': { summary: 'The parent’s figures across their accepted children', data: '`{ stats, ... }`' },
};
