import { EXAM_MSG, INTEROP_MSG, MARKING_MSG, exportQuerySchema, importQuerySchema } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

const RUBRIC =
  'An essay may carry a `rubric` (criteria with levels worth points, as in POST /rubrics; null for none): its best levels must add up to the question’s points. The question keeps its own copy, so a library rubric changed later never changes it. The rubric is read back with the question by whoever may read the whole question, never by a student sitting the exam. An exported question carries it to the grader (Moodle XML: after the essay’s grader information; QTI: a rubric block for scorers).';

export const questionDocs: RouteDocs = {
  'GET /questions': {
    summary: 'The question bank: the caller’s own questions and those other teachers share (admins: all), with filters (search, subject, type, difficulty, topic, tag, scope mine|shared) and paging',
    data: '`{ questions, currentPage, total, totalPages }`',
  },
  'POST /questions': {
    summary: 'Add a question to the bank (any of the 8 types; partial-credit keys in options[].fraction, numericAnswers, shortAnswers, pairs, distractors)',
    description: RUBRIC,
    status: 201,
    data: '`{ question }`',
    errors: { 400: MARKING_MSG.rubricEssayOnly },
  },
  'POST /questions/import': {
    summary: 'Import a question file (multipart/form-data, field `file`): GIFT, Moodle XML, a QTI 2.1/2.2/3.0 item or a QTI content package (zip)',
    description:
      'With `dryRun=true` nothing is written: each item is answered with its title, the type it becomes, its status (`ok`, `warning` with what was dropped or changed, `error` with why it cannot come in, naming the line or identifier), where it is in the file, and a preview as students will see it. With `dryRun=false` the chosen items (`items`, indexes of the dry run; default every `ok` and `warning` item) are written in one transaction. `format` is detected from the content when not given; `subject` is used for items whose category names no subject; categories and `tags` become tags. A file refused whole (malformed or schema-invalid XML, DOCTYPE or entities, an unsafe or oversized zip) writes nothing.',
    query: importQuerySchema,
    status: 201,
    data: 'dry run: `{ format, dryRun: true, items: [{ index, title, type, status, reason, source, preview }] }`; real run: `{ format, imported, skipped, items: [{ title, type, status, reason, _id }] }`',
    errors: { 400: INTEROP_MSG.fileRequired, 413: 'The file is larger than 20 MB' },
  },
  'GET /questions/export': {
    summary: 'Export questions (by `ids`, or an exam’s with `examId`) as GIFT, Moodle XML, QTI 2.1 items (zip) or a QTI 3.0 content package (zip)',
    query: exportQuerySchema,
    produces: 'application/octet-stream',
    errors: { 400: INTEROP_MSG.exportNothing },
  },
  'GET /questions/:id': { summary: 'One question of the bank', description: 'With its answer key and, for an essay, its `rubric` (null when none).', data: '`{ question }`' },
  'PUT /questions/:id': {
    summary: 'Edit a question',
    description: `The whole question, as POST takes it: a \`rubric\` left out or null removes the question’s rubric. Once students have attempted an exam holding the question, only its rubric may still change (send the question as it was with the new rubric); any other change is refused. ${RUBRIC}`,
    data: '`{ question }`',
    errors: { 400: MARKING_MSG.rubricPointsMismatch, 409: EXAM_MSG.questionFrozen },
  },
  'DELETE /questions/:id': { summary: 'Delete a question no exam uses', errors: { 409: EXAM_MSG.questionInUse } },
};
