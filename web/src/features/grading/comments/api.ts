import type { MarkingComment } from '@exam/shared';
import { http } from '../../../api/http';

const path = (id?: string) => (id ? `/marking-comments/${encodeURIComponent(id)}` : '/marking-comments');

/** The teacher's comment bank: comments saved once and inserted while marking. */
export const commentsApi = {
  list: () => http.get<{ comments: MarkingComment[] }>(path()).then((r) => r.data.comments),
  create: (text: string) => http.post<{ comment: MarkingComment }>(path(), { text }).then((r) => r.data.comment),
  update: (id: string, text: string) => http.put<{ comment: MarkingComment }>(path(id), { text }).then((r) => r.data.comment),
  remove: (id: string) => http.delete<undefined>(path(id)),
  use: (id: string) => http.post<{ comment: MarkingComment }>(`${path(id)}/use`, {}).then((r) => r.data.comment),
};
