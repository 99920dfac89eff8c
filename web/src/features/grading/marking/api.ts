import type { MarkingOverview, QuestionMarking } from '@exam/shared';
import { http } from '../../../api/http';

const examPath = (id: string) => `/exams/${encodeURIComponent(id)}/marking`;

/** Marking a whole class by question (issue 55): what is left, and one question's answers. */
export const markingApi = {
  overview: (examId: string) => http.get<MarkingOverview>(examPath(examId)).then((r) => r.data),
  question: (examId: string, questionId: string) => http.get<QuestionMarking>(`${examPath(examId)}/questions/${encodeURIComponent(questionId)}`).then((r) => r.data),
};
