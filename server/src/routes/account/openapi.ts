import { MSG, PROFILE_MSG, userSettingsSchema } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const count = z.number().int().optional();
/** GET /users/stats: only the fields of the user's role are present. */
const userStatsSchema = z.object({
  role: z.enum(['student', 'teacher', 'parent', 'admin']),
  totalExams: count,
  completedExams: count,
  averageScore: z.number().optional(),
  rank: z.number().int().nullable().optional().describe('1 = best average among students of the same grade; null without graded exams'),
  rankOutOf: count,
  createdExams: count,
  totalStudents: count,
  activeExams: count,
  successRate: z.number().optional(),
  totalChildren: count,
  notifications: count,
});

const achievementSchema = z.object({ key: z.string(), title: z.string(), description: z.string(), icon: z.string(), earnedAt: z.iso.datetime() });

/** The docs' shapes of this resource's answers, also what the response contract test checks. */
export const accountResponseSchemas = {
  stats: userStatsSchema.extend({ stats: userStatsSchema.describe('The same figures, as `data.stats`') }).describe('The figures at `data` itself and again under `data.stats`'),
  achievements: z.array(achievementSchema).describe('The list itself'),
  settings: userSettingsSchema.extend({ settings: userSettingsSchema.describe('The same settings, as `data.settings`') }).describe('The settings object at `data` itself and again under `data.settings`'),
};

export const accountDocs: RouteDocs = {
  'PUT /users/profile': {
    summary: 'Update the caller’s profile (multipart/form-data: firstName, lastName, phone, dateOfBirth, address, bio, avatar)',
    description: 'Only the fields sent change. The avatar (JPEG, PNG or GIF by its content, at most 5 MB) is re-encoded and resized on the server, stripping its metadata, and served from /uploads with a new URL.',
    data: '`{ user }`',
    errors: { 400: `${PROFILE_MSG.avatarInvalidType} / ${PROFILE_MSG.avatarTooLarge}` },
  },
  'GET /users/profile/:id': { summary: 'Another user’s profile, as their privacy settings allow', data: '`{ user }`', errors: { 404: PROFILE_MSG.userNotFound } },
  'PUT /users/password': { summary: 'Change the password; the caller’s other sessions end', data: '`{ otherSessionsSignedOut }`', errors: { 400: MSG.currentPasswordWrong } },
  'GET /users/stats': { summary: 'Statistics for the caller (or, with `userId`, someone whose profile the caller may see), computed from real data', data: accountResponseSchemas.stats, errors: { 403: PROFILE_MSG.statsPrivate } },
  'GET /users/achievements': { summary: 'Achievements earned, each with when', data: accountResponseSchemas.achievements },
  'GET /users/settings': { summary: 'The caller’s settings (defaults where unset)', data: accountResponseSchemas.settings },
  'PUT /users/settings': { summary: 'Change one setting (`category`, `key`, `value`)', data: '`{ settings }`' },
  'PUT /users/settings/bulk': { summary: 'Save the whole settings object', data: '`{ settings }`' },
  'POST /users/settings/reset': { summary: 'Back to the defaults', data: '`{ settings }`' },
};
