/** GET /submissions query as the screens hold it; empty values are not sent. */
export interface SubmissionListParams {
  examId?: string;
  student?: string;
  isSubmitted?: 'true' | 'false';
  page?: number;
  limit?: number;
  search?: string;
  status?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  grade?: string;
  subject?: string;
}
