import type { GradePost, LtiExamLink } from '@exam/shared';
import { http } from '../../api/http';

/** The /lti calls of an exam's course gradebook card: its course links, its grade posts, a retry, a roster sync. */
const exam = (examId: string) => `/lti/exams/${encodeURIComponent(examId)}`;

export const ltiGradesApi = {
  links: async (examId: string) => (await http.get<{ links: LtiExamLink[] }>(`${exam(examId)}/links`)).data.links,
  gradePosts: async (examId: string) => (await http.get<{ posts: GradePost[] }>(`${exam(examId)}/grade-posts`)).data.posts,
  retry: (examId: string) => http.post<{ retried: number }>(`${exam(examId)}/grade-posts/retry`),
  syncRoster: async (linkId: string) => (await http.post<{ link: LtiExamLink }>(`/lti/links/${encodeURIComponent(linkId)}/roster-sync`)).data.link,
};
