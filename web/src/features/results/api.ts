import type { Exam, ExamStatsResponse, GradeInput, ReleasePreview, ReleaseResultsInput, SubmissionDetail, SubmissionPage } from '@exam/shared';
import { toQueryString } from '../../api/queryString';
import { http } from '../../api/http';
import { downloadFile } from './download';
import type { SubmissionListParams } from './types';

const examPath = (id: string) => `/exams/${encodeURIComponent(id)}`;
const submissionPath = (id: string) => `/submissions/${encodeURIComponent(id)}`;

/** One question's grade as sent: marks, or a rubric choice (criterion id → level id), and the markVersion read. */
export type GradeEntry = GradeInput;

/** The submissions, results and grading calls as the server answers them. */
export const resultsApi = {
  list: (params: SubmissionListParams) => http.get<SubmissionPage>(`/submissions${toQueryString(params)}`).then((r) => r.data),
  detail: (id: string) => http.get<SubmissionDetail>(submissionPath(id)).then((r) => r.data),
  /** The student's latest submitted attempt at an exam, in the same shape as a detail. */
  examResult: (examId: string) =>
    http
      .get<{ result: SubmissionDetail['submission']; exam: Exam }>(`${examPath(examId)}/result`)
      .then((r): SubmissionDetail => ({ submission: r.data.result })),
  grade: (id: string, grades: GradeEntry[]) => http.put<SubmissionDetail>(`${submissionPath(id)}/grade`, { grades }),
  stats: (examId: string) => http.get<ExamStatsResponse>(`${examPath(examId)}/stats`).then((r) => r.data),
  /** What a release would do now: the marked, the attempts waiting for marks (named), those held. */
  releasePreview: (examId: string) => http.get<ReleasePreview>(`${examPath(examId)}/release-preview`).then((r) => r.data),
  /** Every result, or with `only: 'marked'` the marked ones (the waiting stay out until the next release). */
  releaseResults: (examId: string, input: ReleaseResultsInput = {}) => http.put<undefined>(`${examPath(examId)}/release-results`, input),
  exportCsv: (examId: string) => downloadFile(`${examPath(examId)}/export`, 'submissions.csv'),
};
