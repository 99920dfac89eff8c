import type { Role } from './constants';

/** The user as every API response presents it (docs/api.md). */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  phone: string | null;
  /** The same value as phone, under the name older clients read. */
  phoneNumber?: string | null;
  dateOfBirth: string | null;
  address: string | null;
  bio?: string | null;
  isVerified: boolean;
  isActive: boolean;
  studentId: string | null;
  grade: number | null;
  section: string | null;
  subject: string | null;
  qualification: string | null;
  createdAt: string;
  lastLogin: string | null;
}

/** A user as someone else sees them: e-mail is null when they chose not to show it. */
export type PublicUser = Omit<User, 'email'> & { email: string | null };

export interface AuthPayload {
  user: User;
  accessToken: string;
}
