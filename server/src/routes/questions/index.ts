import { readFile } from 'node:fs/promises';
import Router from '@koa/router';
import { EXAM_MSG, INTEROP_MSG, exportQuerySchema, fillMessage, importQuerySchema, questionInputSchema, questionListQuerySchema, type ImportDryRunResponse, type ImportResponse } from '@exam/shared';
import { withStatementDeadline } from '../../db/deadlines';
import { Errors } from '../../errors';
import { QUESTION_FILE_UPLOAD, fileUpload, uploadedFile } from '../../middleware/fileUpload';
import type { Deps } from '../../deps';
import { STAFF } from '../../policies/people';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { presentQuestion } from '../../presenters/question';
import * as questions from '../../services/questions';
import { exportQuestions } from '../../services/questionExport';
import { importQuestions, judgeFile } from '../../services/questionImport';

/** The question bank: teachers' own questions, admins' view of all. */
export function questionRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/questions' });
  const staff = auth(deps, STAFF);

  router.get(
    '/',
    staff,
    validated(
      questionListQuerySchema,
      async (ctx, query) => {
        const viewer = await viewerOf(deps, ctx);
        const { rows, total } = await questions.listQuestions(deps.db, viewer, query);
        ctx.body = {
          success: true,
          data: { questions: rows.map((r) => presentQuestion(r, viewer)), currentPage: query.page, total, totalPages: Math.ceil(total / query.limit) },
        };
      },
      'query',
    ),
  );

  router.post(
    '/',
    staff,
    validated(questionInputSchema, async (ctx, input) => {
      const viewer = await viewerOf(deps, ctx);
      const [row] = await questions.insertQuestions(deps.db, viewer.user.id, [input]);
      ctx.status = 201;
      ctx.body = { success: true, message: EXAM_MSG.questionCreated, data: { question: presentQuestion(row!, viewer) } };
    }),
  );

  // A dry run answers what each item becomes; the real run writes the chosen ones in one transaction.
  router.post(
    '/import',
    staff,
    fileUpload(deps.config.dataDir, QUESTION_FILE_UPLOAD),
    validated(
      importQuerySchema,
      async (ctx, query) => {
        const file = uploadedFile(ctx, QUESTION_FILE_UPLOAD);
        if (!file) throw Errors.badRequest(INTEROP_MSG.fileRequired, 'file');
        const bytes = await readFile(file.path);
        if (query.dryRun) {
          const { format, judged } = await judgeFile(bytes, query);
          ctx.body = { success: true, data: { format, dryRun: true, items: judged.map((j) => j.preview) } } satisfies ImportDryRunResponse;
          return;
        }
        const viewer = await viewerOf(deps, ctx);
        // Thousands of questions in one transaction: the long deadline, as the user import.
        const result = await withStatementDeadline(deps.config.deadlines.dbLongStatementMs, () => importQuestions(deps, viewer, bytes, query));
        ctx.status = 201;
        ctx.body = { success: true, message: fillMessage(INTEROP_MSG.imported, { count: result.imported }), data: result } satisfies ImportResponse & { message: string };
      },
      'query',
    ),
  );

  router.get(
    '/export',
    staff,
    validated(
      exportQuerySchema,
      async (ctx, query) => {
        const file = await exportQuestions(deps, await viewerOf(deps, ctx), query);
        ctx.attachment(file.filename);
        ctx.type = file.contentType;
        ctx.body = file.body;
      },
      'query',
    ),
  );

  router.get('/:id', staff, async (ctx) => {
    const viewer = await viewerOf(deps, ctx);
    const row = await questions.getOwnedQuestion(deps.db, viewer, idParam(ctx, 'id', 'Question not found.'), 'read');
    ctx.body = { success: true, data: { question: presentQuestion(row, viewer) } };
  });

  router.put(
    '/:id',
    staff,
    validated(questionInputSchema, async (ctx, input) => {
      const viewer = await viewerOf(deps, ctx);
      const row = await questions.updateQuestion(deps.db, viewer, idParam(ctx, 'id', 'Question not found.'), input);
      ctx.body = { success: true, message: EXAM_MSG.questionUpdated, data: { question: presentQuestion(row, viewer) } };
    }),
  );

  router.delete('/:id', staff, async (ctx) => {
    await questions.deleteQuestion(deps.db, await viewerOf(deps, ctx), idParam(ctx, 'id', 'Question not found.'));
    ctx.body = { success: true, message: EXAM_MSG.questionDeleted };
  });

  return router;
}
