/** GET /exams query, as the screens hold it (empty strings mean "any"). */
export interface ExamListParams {
  page?: number;
  limit?: number;
  sort?: string;
  subject?: string;
  grade?: string;
  difficulty?: string;
  status?: string;
  search?: string;
  published?: 'true' | 'false' | '';
}

export interface QuestionListParams {
  page?: number;
  limit?: number;
  subject?: string;
  type?: string;
  difficulty?: string;
  topic?: string;
  search?: string;
  excludeExam?: string;
}
