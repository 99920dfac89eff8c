import type { AddChildInput, Child, ChildExam, ChildProgress, ChildRange, ChildSubmission, LinkRequest, ParentDashboard } from '@exam/shared';
import { http } from '../../api/http';
import { toQueryString } from '../../api/queryString';

const child = (id: string, part: string, range: ChildRange) => `/parent/child/${encodeURIComponent(id)}/${part}${toQueryString({ range })}`;

/** The /parent/* calls, and the student's answers to link requests. */
export const parentApi = {
  dashboard: () => http.get<ParentDashboard>('/parent/dashboard').then((r) => r.data),
  children: () => http.get<{ children: Child[] }>('/parent/children').then((r) => r.data.children),
  addChild: (input: AddChildInput) => http.post<{ linkId: string }>('/parent/add-child', input),
  removeChild: (id: string) => http.delete(`/parent/child/${encodeURIComponent(id)}/remove`),
  progress: (id: string, range: ChildRange) => http.get<ChildProgress>(child(id, 'progress', range)).then((r) => r.data),
  exams: (id: string, range: ChildRange) => http.get<{ exams: ChildExam[] }>(child(id, 'exams', range)).then((r) => r.data.exams),
  results: (id: string, range: ChildRange) => http.get<{ results: ChildSubmission[] }>(child(id, 'results', range)).then((r) => r.data.results),
  requests: () => http.get<{ requests: LinkRequest[] }>('/parent/requests').then((r) => r.data.requests),
  answer: (linkId: string, answer: 'accept' | 'decline') => http.post(`/parent/requests/${encodeURIComponent(linkId)}/${answer}`),
};

/**
 * Everything of the parent area sits under ['parent'], so a live notification (a child's result,
 * an accepted request) refreshes the dashboard, lists and reports in one invalidation.
 */
export const parentKeys = {
  all: ['parent'] as const,
  dashboard: ['parent', 'dashboard'] as const,
  children: ['parent', 'children'] as const,
  progress: (id: string, range: ChildRange) => ['parent', 'progress', id, range] as const,
  exams: (id: string, range: ChildRange) => ['parent', 'exams', id, range] as const,
  results: (id: string, range: ChildRange) => ['parent', 'results', id, range] as const,
  requests: ['parent', 'requests'] as const,
};
