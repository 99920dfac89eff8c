import { MSG, PROFILE_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const accountDocs: RouteDocs = {
  'PUT /users/profile': {
    summary: 'Update the caller’s profile (multipart/form-data: firstName, lastName, phone, dateOfBirth, address, bio, avatar)',
    description: 'Only the fields sent change. The avatar (JPEG, PNG or GIF by its content, at most 5 MB) is re-encoded and resized on the server, stripping its metadata, and served from /uploads with a new URL.',
    data: '`{ user }`',
    errors: { 400: `${PROFILE_MSG.avatarInvalidType} / ${PROFILE_MSG.avatarTooLarge}` },
  },
  'GET /users/profile/:id': { summary: 'Another user’s profile, as their privacy settings allow', data: '`{ user }`', errors: { 404: PROFILE_MSG.userNotFound } },
  'PUT /users/password': { summary: 'Change the password; the caller’s other sessions end', data: '`{ otherSessionsSignedOut }`', errors: { 400: MSG.currentPasswordWrong } },
  'GET /users/stats': { summary: 'Statistics for the caller (or, with `userId`, someone whose profile the caller may see), computed from real data', data: 'figures by role', errors: { 403: PROFILE_MSG.statsPrivate } },
  'GET /users/achievements': { summary: 'Achievements earned, each with when', data: '`{ achievements }`' },
  'GET /users/settings': { summary: 'The caller’s settings (defaults where unset)', data: '`{ settings }`' },
  'PUT /users/settings': { summary: 'Change one setting (`category`, `key`, `value`)', data: '`{ settings }`' },
  'PUT /users/settings/bulk': { summary: 'Save the whole settings object', data: '`{ settings }`' },
  'POST /users/settings/reset': { summary: 'Back to the defaults', data: '`{ settings }`' },
};
