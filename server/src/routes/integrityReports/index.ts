import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** Integrity reports of an attempt and summaries of an exam, as PDF and CSV (issue 53). */
export function integrityReportRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
