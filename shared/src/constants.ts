/** Domain constants shared by web and server. */
export const ROLES = ['admin', 'teacher', 'student', 'parent'] as const;
export type Role = (typeof ROLES)[number];

/** Nobody registers as admin: admins are created by admins or by the seed. */
export const SELF_REGISTER_ROLES = ['student', 'teacher', 'parent'] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

export const REGISTRATION_GRADES = [9, 10, 11, 12] as const;
export const SECTIONS = ['A', 'B', 'C', 'D'] as const;

export const MIN_PASSWORD_LENGTH = 6;
/** Upper bound so nobody can make us hash a megabyte. */
export const MAX_PASSWORD_LENGTH = 128;

export const PAGE_SIZE = 10;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const REQUEST_TIMEOUT_MS = 30000;
export const REGISTER_REDIRECT_MS = 2000;
export const VERIFY_REDIRECT_MS = 3000;

export const SUBJECTS = [
  'mathematics',
  'science',
  'english',
  'history',
  'geography',
  'computer-science',
  'physics',
  'chemistry',
  'biology',
] as const;

/** Lifetimes of one-time tokens. */
export const VERIFY_EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TOKEN_TTL_MS = 60 * 60 * 1000;

/** localStorage keys, fixed so existing browsers keep their sessions and preferences. */
export const STORAGE_KEYS = { token: 'token', user: 'user', theme: 'theme' } as const;

export const ROLE_DASHBOARD: Record<Role, string> = {
  admin: '/admin/dashboard',
  teacher: '/teacher/dashboard',
  student: '/student/dashboard',
  parent: '/parent/dashboard',
};

export const RELATIONSHIPS = ['father', 'mother', 'guardian', 'parent', 'other'] as const;
