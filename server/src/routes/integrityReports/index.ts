import Router from '@koa/router';
import { EXAM_MSG, SESSION_MSG } from '@exam/shared';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { languageOf } from '../../middleware/language';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { STAFF } from '../../policies/people';
import { attemptReport, examSummary, reportQuerySchema, type ReportFile, type ReportFormat } from '../../services/integrity/report';

/** Integrity reports of an attempt and summaries of an exam, as PDF and CSV (issue 53). */
export function integrityReportRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const signedIn = auth(deps);
  const staff = auth(deps, STAFF);

  /** A download: its own name, never kept by a shared cache (it names a student and their flags). */
  const send = (ctx: Context, file: ReportFile) => {
    ctx.attachment(file.name, { fallback: file.ascii });
    ctx.type = file.type;
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = file.body;
  };

  for (const format of ['pdf', 'csv'] as const satisfies ReportFormat[]) {
    router.get(
      `/attempts/:attemptId/integrity-report.${format}`,
      signedIn,
      validated(
        reportQuerySchema,
        async (ctx, query) => {
          const attemptId = idParam(ctx, 'attemptId', SESSION_MSG.attemptNotFound);
          send(ctx, await attemptReport(deps, await viewerOf(deps, ctx), attemptId, format, { tz: query.tz, language: languageOf(ctx) }));
        },
        'query',
      ),
    );

    router.get(
      `/exams/:id/integrity-summary.${format}`,
      staff,
      validated(
        reportQuerySchema,
        async (ctx, query) => {
          const examId = idParam(ctx, 'id', EXAM_MSG.examNotFound);
          send(ctx, await examSummary(deps, await viewerOf(deps, ctx), examId, format, { tz: query.tz, language: languageOf(ctx) }));
        },
        'query',
      ),
    );
  }
  return router;
}
