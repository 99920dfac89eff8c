import Router from '@koa/router';
import { EXAM_MSG } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { viewerOf } from '../../middleware/viewer';
import { STAFF } from '../../policies/people';
import { publicSebFile, staffSebFile } from '../../services/seb/examSeb';

/** The media type SEB registers for its configuration files. */
const SEB_MEDIA_TYPE = 'application/seb';

/** Safe Exam Browser: an exam's .seb file, for its staff and for SEB itself (docs/seb.md). */
export function sebRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/seb' });
  const staff = auth(deps, STAFF);
  const examId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', EXAM_MSG.examNotFound);

  router.get('/exams/:id', staff, async (ctx) => {
    const { view } = await staffSebFile(deps, await viewerOf(deps, ctx), examId(ctx));
    ctx.body = { success: true, data: view };
  });

  router.get('/exams/:id/file', staff, async (ctx) => {
    const { xml, fileName } = await staffSebFile(deps, await viewerOf(deps, ctx), examId(ctx));
    ctx.set('Content-Type', SEB_MEDIA_TYPE);
    // A header holds Latin-1 only: the plain name in ASCII, the exam's own letters in filename*.
    ctx.set('Content-Disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
    ctx.body = xml;
  });

  // No session: SEB fetches this itself when a student opens the exam's sebs:// link.
  router.get('/exams/:id/config.seb', async (ctx) => {
    const xml = await publicSebFile(deps, idParam(ctx, 'id', EXAM_MSG.examNotFound));
    ctx.set('Content-Type', SEB_MEDIA_TYPE);
    ctx.set('Content-Disposition', 'attachment; filename="exam.seb"');
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = xml;
  });

  return router;
}
