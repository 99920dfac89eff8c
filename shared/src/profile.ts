import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { fillMessage, MSG } from './messages';

/** Texts of the profile and settings screens (docs/account.md). */
export const PROFILE_MSG = messages.profile;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
/** The stored avatar's edge in pixels: enough for a retina header badge and the profile card. */
export const AVATAR_SIZE = 256;

/** Trims; an empty value means "not sent" (the profile form never sends empty fields). */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, fillMessage(messages.validation.tooLong, { max }))
    .optional()
    .transform((v) => (v ? v : undefined));

/** PUT /users/profile, the text fields of the multipart form. */
export const updateProfileSchema = z.object({
  firstName: z.string().trim().min(1, PROFILE_MSG.firstNameRequired).max(100).optional(),
  lastName: z.string().trim().min(1, PROFILE_MSG.lastNameRequired).max(100).optional(),
  phone: optional(40),
  phoneNumber: optional(40),
  dateOfBirth: optional(10).refine((v) => v === undefined || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), PROFILE_MSG.dateOfBirthInvalid),
  address: optional(500),
  bio: optional(1000),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** PUT /users/password. */
export const updatePasswordSchema = z.object({
  currentPassword: z.string({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(MAX_PASSWORD_LENGTH),
  newPassword: z.string({ error: MSG.passwordRequired }).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort).max(MAX_PASSWORD_LENGTH, MSG.passwordTooLong),
});

/** The profile form's full name: split at the first space, the rest is the last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim().replace(/\s+/g, ' ');
  const at = trimmed.indexOf(' ');
  return at < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, at), lastName: trimmed.slice(at + 1) };
}

/** GET /users/stats: only the fields of the caller's role are present. */
export interface UserStats {
  role: 'student' | 'teacher' | 'parent' | 'admin';
  totalExams?: number;
  completedExams?: number;
  averageScore?: number;
  /** 1 = best average among students of the same grade; null without graded exams. */
  rank?: number | null;
  rankOutOf?: number;
  createdExams?: number;
  totalStudents?: number;
  activeExams?: number;
  successRate?: number;
  totalChildren?: number;
  notifications?: number;
}

export interface Achievement {
  key: string;
  title: string;
  description: string;
  icon: string;
  earnedAt: string;
}
