import { MSG, USER_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const userDocs: RouteDocs = {
  'GET /users': {
    summary: 'Every account, with role filter, search (start of a name or e-mail) and sort (`-createdAt`, `sort=x&order=desc` or `x:desc`)',
    data: '`{ users, total, totalPages, currentPage }`',
  },
  'POST /users': { summary: 'Create an account of any role, already verified (also possible through POST /auth/register with an admin token)', status: 201, data: '`{ user }`', errors: { 409: MSG.emailTaken } },
  'GET /users/students/list': { summary: 'Students, with grade, section, status, search, sort and paging (e-mail and phone only where each student shows them, or to admins); `accommodated`: the student has a standing accommodation (GET /users/{id}/accommodations)', data: '`{ students, stats, total, totalPages, currentPage }`' },
  'POST /users/import/preview': { summary: 'Read a CSV of users and list each row’s problems; nothing is written', data: '`{ rows, validRows, invalidRows, newParents }`' },
  'POST /users/import/confirm': {
    summary: 'Create every valid row of the CSV in one transaction; each new user is invited by e-mail, parentEmail links parent and student',
    status: 201,
    data: '`{ created, skipped, parentsCreated, linked, invited, rows }` (rows: those left out, with their problems)',
  },
  'PUT /users/:id': { summary: 'Edit an account', data: '`{ user }`', errors: { 403: USER_MSG.ownRole, 409: USER_MSG.lastAdmin } },
  'PUT /users/:id/status': { summary: 'Activate or deactivate (`isActive`); deactivating ends the user’s sessions at once', data: '`{ user }`', errors: { 403: USER_MSG.ownDeactivate, 409: USER_MSG.lastAdmin } },
  'DELETE /users/:id': {
    summary: 'Delete an account: personal data is erased, exam records stay under "Deleted user", the e-mail is free again',
    errors: { 403: USER_MSG.ownDelete, 409: USER_MSG.lastAdmin },
  },
};
