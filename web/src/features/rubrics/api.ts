import type { RubricTemplate, RubricTemplateInput } from '@exam/shared';
import { http } from '../../api/http';

const rubricPath = (id: string) => `/rubrics/${encodeURIComponent(id)}`;

/** The teacher's rubric library (GET/POST /rubrics, PUT/DELETE /rubrics/{id}). */
export const rubricsApi = {
  list: () => http.get<{ rubrics: RubricTemplate[] }>('/rubrics').then((r) => r.data.rubrics),
  create: (body: RubricTemplateInput) => http.post<{ rubric: RubricTemplate }>('/rubrics', body).then((r) => r.data.rubric),
  update: (id: string, body: RubricTemplateInput) => http.put<{ rubric: RubricTemplate }>(rubricPath(id), body).then((r) => r.data.rubric),
  remove: (id: string) => http.delete<undefined>(rubricPath(id)),
};
