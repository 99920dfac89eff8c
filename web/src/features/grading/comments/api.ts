import type { MarkingComment } from '@exam/shared';
import { http } from '../../../api/http';

const path = (id?: string) => (id ? `/marking-comments/${encodeURIComponent(id)}` : '/marking-comments');

type ListBody = MarkingComment[] | { comments: MarkingComment[] };
type OneBody = MarkingComment | { comment: MarkingComment };

// The server side was written alongside this client; both envelope shapes (bare, or wrapped the
// way other lists are) are read so the bank works whichever the routes settle on.
const list = (body: ListBody) => (Array.isArray(body) ? body : body.comments);
const one = (body: OneBody) => ('comment' in body ? body.comment : body);

/** The teacher's comment bank: comments saved once and inserted while marking. */
export const commentsApi = {
  list: () => http.get<ListBody>(path()).then((r) => list(r.data)),
  create: (text: string) => http.post<OneBody>(path(), { text }).then((r) => one(r.data)),
  update: (id: string, text: string) => http.put<OneBody>(path(id), { text }).then((r) => one(r.data)),
  remove: (id: string) => http.delete<undefined>(path(id)),
  use: (id: string) => http.post<OneBody>(`${path(id)}/use`, {}).then((r) => one(r.data)),
};
