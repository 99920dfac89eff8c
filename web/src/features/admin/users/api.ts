import type { ImportPreview, ImportResult, StudentListData, User, UserListData } from '@exam/shared';
import { http } from '../../../api/http';

export interface UserListParams {
  page: number;
  limit: number;
  sort: string;
  order: 'asc' | 'desc';
  role?: string;
  search?: string;
}

/** Body of Add user and Edit user: the form's trimmed values, empty optional fields left out. */
export type UserBody = Record<string, string | number | boolean | undefined>;

const query = (params: object) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

/** The /users calls. Creation uses POST /users, which gets the silent token refresh. */
export const usersApi = {
  list: async (params: UserListParams) => (await http.get<UserListData>(`/users?${query(params)}`)).data,
  create: (body: UserBody) => http.post<{ user: User }>('/users', body),
  update: (id: string, body: UserBody) => http.put<{ user: User }>(`/users/${id}`, body),
  setActive: (id: string, isActive: boolean) => http.put<{ user: User }>(`/users/${id}/status`, { isActive }),
  remove: (id: string) => http.delete<undefined>(`/users/${id}`),
  previewImport: async (csv: string) => (await http.post<ImportPreview>('/users/import/preview', { csv })).data,
  confirmImport: async (csv: string) => (await http.post<ImportResult>('/users/import/confirm', { csv })).data,
  students: async (params: object) => (await http.get<StudentListData>(`/users/students/list?${query(params)}`)).data,
};
