import { MARKING_MSG, rubricSchema } from '@exam/shared';
import { z } from 'zod';
import type { RouteDocs } from '../../openapi/types';

const template = z.object({
  id: z.uuid(),
  title: z.string(),
  rubric: rubricSchema,
  maxPoints: z.number().describe('What the best level of every criterion adds up to: the points of a question carrying it'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** The docs' shapes of the library's answers (RubricTemplate), also what the route tests check. */
export const rubricResponseSchemas = {
  list: z.object({ rubrics: z.array(template) }),
  one: z.object({ rubric: template }),
};

const OWN = 'A teacher reaches only their own rubrics; another teacher’s is answered 404 as if it did not exist. Admins may open, change and delete anyone’s.';
const NOT_FOUND = { 404: MARKING_MSG.rubricNotFound };

export const rubricDocs: RouteDocs = {
  'GET /rubrics': {
    summary: 'The caller’s rubric library, by title',
    description: 'Only the caller’s own rubrics, admins included. A question never refers to a library rubric: putting one on a question copies it into the question’s `rubric`.',
    data: rubricResponseSchemas.list,
  },
  'POST /rubrics': {
    summary: 'Save a rubric to the caller’s library',
    description:
      'Criteria (at most 20), each with 2 to 10 levels worth 0 to 1000 points in halves; every criterion and level needs an id of its own within the rubric (the editor makes them). A library holds at most 200 rubrics.',
    status: 201,
    data: rubricResponseSchemas.one,
    errors: { 400: MARKING_MSG.levelsTooFew, 409: MARKING_MSG.rubricLibraryFull },
  },
  'GET /rubrics/:id': { summary: 'One rubric of the library', description: OWN, data: rubricResponseSchemas.one, errors: NOT_FOUND },
  'PUT /rubrics/:id': {
    summary: 'Change a rubric of the library (title and rubric, whole)',
    description: `${OWN} Questions that took a copy of it keep their copy as it was.`,
    data: rubricResponseSchemas.one,
    errors: { 400: MARKING_MSG.criteriaRequired, ...NOT_FOUND },
  },
  'DELETE /rubrics/:id': {
    summary: 'Delete a rubric of the library',
    description: `${OWN} Questions that took a copy of it keep their copy.`,
    errors: NOT_FOUND,
  },
};
