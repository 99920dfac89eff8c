import type { AudienceZone, Exam, ExamCreateInput, ExamDetail, ExamPage, ExamUpdateInput, Question, QuestionPage } from '@exam/shared';
import { http } from '../../api/http';
import type { ExamListParams, QuestionListParams } from './types';
import { toQueryString } from '../../api/queryString';

const examPath = (id: string) => `/exams/${encodeURIComponent(id)}`;

/**
 * The exam and question-bank calls. Payloads are built by the forms from the
 * shared schemas' input shapes; the server parses them with the same schemas.
 */
export const examsApi = {
  list: (params: ExamListParams) => http.get<ExamPage>(`/exams${toQueryString(params)}`).then((r) => r.data),
  get: (id: string) => http.get<{ exam: ExamDetail }>(examPath(id)).then((r) => r.data.exam),
  /** One transactional call: the exam, its new questions and the bank questions it reuses. */
  create: (payload: ExamCreateBody) => http.post<{ exam: Exam }>('/exams', payload),
  update: (id: string, payload: ExamUpdateBody) => http.put<{ exam: Exam }>(examPath(id), payload),
  remove: (id: string) => http.delete<{ archived: boolean } | undefined>(examPath(id)),
  publish: (id: string) => http.put<{ exam: Exam }>(`${examPath(id)}/publish`),
  /** The exam as a student would see it (owner or admin); nothing is recorded. */
  preview: (id: string) => http.get<{ exam: Exam; questions: unknown[] }>(`${examPath(id)}/preview`).then((r) => r.data),
  questions: (id: string) => http.get<{ questions: Question[] }>(`${examPath(id)}/questions`).then((r) => r.data.questions),
  addQuestions: (id: string, questionIds: string[]) =>
    http.post<{ added: number; questions: Question[] }>(`${examPath(id)}/questions`, { questionIds }),
  /** The zones the students of an exam being scheduled read times in (its eligible list, else its grade). */
  audienceZones: (audience: { grade?: number; eligibleStudents: string[] }) =>
    http.post<{ zones: AudienceZone[] }>('/exams/audience-zones', audience).then((r) => r.data.zones),
  removeQuestion: (id: string, questionId: string) =>
    http.delete<undefined>(`${examPath(id)}/questions/${encodeURIComponent(questionId)}`),
};

export const questionsApi = {
  list: (params: QuestionListParams) => http.get<QuestionPage>(`/questions${toQueryString(params)}`).then((r) => r.data),
};

/** What the forms send: the schemas' input (wire) shapes, before the server's parsing. */
export type ExamCreateBody = Partial<Record<keyof ExamCreateInput, unknown>>;
export type ExamUpdateBody = Partial<Record<keyof ExamUpdateInput, unknown>>;
