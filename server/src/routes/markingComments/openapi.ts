import { MARKING_COMMENTS_PER_TEACHER, MARKING_MSG } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const comment = z.object({
  id: z.uuid(),
  text: z.string(),
  useCount: z.number().int().describe('How many times the teacher inserted it while marking'),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

/** The docs' shapes of the comment bank's answers (MarkingComment), also what the route tests check. */
export const markingCommentResponseSchemas = {
  list: z.object({ comments: z.array(comment) }),
  one: z.object({ comment }),
};

const OWN = 'Each teacher’s bank is their own: anyone else’s comment (admins included) is answered 404.';
const NOT_FOUND = { 404: MARKING_MSG.commentNotFound };

export const markingCommentDocs: RouteDocs = {
  'GET /marking-comments': {
    summary: 'The caller’s comment bank, most used first',
    description: 'Ordered by uses (most first), then the last use (most recent first, never used last), then the newest.',
    data: markingCommentResponseSchemas.list,
  },
  'POST /marking-comments': {
    summary: 'Save a comment to the caller’s bank',
    description: `The same text twice is refused; a bank holds at most ${MARKING_COMMENTS_PER_TEACHER} comments.`,
    status: 201,
    data: markingCommentResponseSchemas.one,
    errors: { 400: MARKING_MSG.commentRequired, 409: `${MARKING_MSG.commentDuplicate} / ${MARKING_MSG.commentBankFull}` },
  },
  'PUT /marking-comments/:id': {
    summary: 'Change a saved comment’s text',
    description: OWN,
    data: markingCommentResponseSchemas.one,
    errors: { 400: MARKING_MSG.commentRequired, ...NOT_FOUND, 409: MARKING_MSG.commentDuplicate },
  },
  'DELETE /marking-comments/:id': { summary: 'Delete a saved comment', description: OWN, errors: NOT_FOUND },
  'POST /marking-comments/:id/use': {
    summary: 'Count a use of a saved comment (it was inserted into feedback): it climbs the bank’s order',
    description: `${OWN} Answers the comment with its new count and last use.`,
    data: markingCommentResponseSchemas.one,
    errors: NOT_FOUND,
  },
};
