import { EXAM_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const questionDocs: RouteDocs = {
  'GET /questions': { summary: 'The question bank: the caller’s own questions (admins: all), with filters and paging', data: '`{ questions, currentPage, total, totalPages }`' },
  'POST /questions': { summary: 'Add a question to the bank', status: 201, data: '`{ question }`' },
  'GET /questions/:id': { summary: 'One question of the bank', data: '`{ question }`' },
  'PUT /questions/:id': { summary: 'Edit a question', data: '`{ question }`', errors: { 409: EXAM_MSG.questionFrozen } },
  'DELETE /questions/:id': { summary: 'Delete a question no exam uses', errors: { 409: EXAM_MSG.questionInUse } },
};
