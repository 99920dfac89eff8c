import type { Role } from './constants';

/** The user as every API response presents it (spec core §3). */
export interface User {
  _id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: Role;
  avatar: string | null;
  phone: string | null;
  dateOfBirth: string | null;
  address: string | null;
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

export interface AuthPayload {
  user: User;
  accessToken: string;
}
