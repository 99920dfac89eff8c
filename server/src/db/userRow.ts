import type { Role } from '@exam/shared';

/** A row of `users` as the database returns it. */
export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  phone: string | null;
  date_of_birth: Date | string | null;
  address: string | null;
  bio?: string | null;
  avatar: string | null;
  student_id: string | null;
  grade: number | null;
  section: string | null;
  subject: string | null;
  qualification: string | null;
  is_verified: boolean;
  is_active: boolean;
  last_login: Date | null;
  password_changed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Set when the account was deleted: its personal data is already erased. */
  deleted_at?: Date | null;
}
