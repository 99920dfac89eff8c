import { z } from 'zod';
import type { AttemptTimeline, Language } from '@exam/shared';
import type { Deps } from '../../deps';
import type { Viewer } from '../../policies';
import { getPlatformSettings } from '../platformSettings';
import { getSettings } from '../settings';
import { reviewQueue } from './queue';
import { attemptReportCsv, examSummaryCsv } from './reportCsv';
import { attemptReportPdf, examSummaryPdf } from './reportPdf';
import { reportFileName, reportWords, reportZone, type ReportWords } from './reportText';
import { attemptTimeline } from './timeline';

/**
 * The integrity reports as files to download (issue 53). Who may have one is exactly who may read
 * the timeline or the review queue it is written from: those calls refuse everyone else (404 or
 * 403), and nothing here reads an attempt or an exam before them.
 */

export type ReportFormat = 'pdf' | 'csv';

export interface ReportFile {
  /** The file name in the reader's language, and an ASCII twin for old clients. */
  name: string;
  ascii: string;
  type: string;
  body: Buffer | string;
}

/** What the reader asked for: the zone their browser is in (any text; a wrong one falls back) and the language they read. */
export interface ReportAsk {
  tz?: string;
  language: Language;
}

/** What a report's download may say: the reader's zone. Anything unusable reads as not said (the reader's own zone, else UTC). */
export const reportQuerySchema = z.object({
  tz: z.string().optional().catch(undefined).describe('The IANA time zone to write times in (the browser’s, e.g. Europe/Berlin); else the reader’s own setting, else UTC'),
});

const TYPES: Record<ReportFormat, string> = { pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' };

/** The reader's words: their language, the zone asked for (else their own setting, else UTC) and their date and time formats. */
async function wordsFor(deps: Deps, viewer: Viewer, ask: ReportAsk): Promise<ReportWords> {
  const { preferences } = await getSettings(deps.db, viewer.user.id);
  return reportWords({
    language: ask.language,
    zone: reportZone(ask.tz, preferences.timezone),
    prefs: { dateFormat: preferences.dateFormat, timeFormat: preferences.timeFormat },
  });
}

/**
 * The bytes of the timeline's evidence pictures, by id; null for one that is gone (deleted after
 * retention since the timeline was read, or its file lost). Read by the attempt's own pictures
 * only, so an id can never reach another attempt's file.
 */
async function evidencePictures(deps: Deps, timeline: AttemptTimeline): Promise<Map<string, Buffer | null>> {
  const ids = timeline.flags.flatMap((f) => f.evidenceIds);
  const pictures = new Map<string, Buffer | null>(ids.map((id) => [id, null]));
  if (!ids.length) return pictures;
  const rows = (await deps.db('proctoring_evidence').where({ attempt_id: timeline.attempt.id }).whereIn('id', ids).select('id', 'file_key')) as { id: string; file_key: string }[];
  // A few at a time: a report holds at most the attempt's 100 pictures, each a small JPEG.
  for (let i = 0; i < rows.length; i += 8) {
    await Promise.all(
      rows.slice(i, i + 8).map(async (r) => {
        const file = await deps.files.get(r.file_key);
        pictures.set(r.id, file?.bytes ?? null);
      }),
    );
  }
  return pictures;
}

/** An attempt's integrity report, for those who may read its timeline. */
export async function attemptReport(deps: Deps, viewer: Viewer, attemptId: string, format: ReportFormat, ask: ReportAsk): Promise<ReportFile> {
  const timeline = await attemptTimeline(deps, viewer, attemptId);
  const words = await wordsFor(deps, viewer, ask);
  const { name, ascii } = reportFileName([words.t('attemptTitle'), timeline.attempt.examTitle, timeline.attempt.student.name], format);
  if (format === 'csv') return { name, ascii, type: TYPES.csv, body: attemptReportCsv(timeline, words) };
  const [{ schoolName }, pictures] = await Promise.all([getPlatformSettings(deps), evidencePictures(deps, timeline)]);
  return { name, ascii, type: TYPES.pdf, body: await attemptReportPdf({ schoolName, timeline, pictures, words }) };
}

/** An exam's integrity summary (every attempt of the hall), for its reviewers. */
export async function examSummary(deps: Deps, viewer: Viewer, examId: string, format: ReportFormat, ask: ReportAsk): Promise<ReportFile> {
  const queue = await reviewQueue(deps, viewer, examId, {});
  const words = await wordsFor(deps, viewer, ask);
  const { name, ascii } = reportFileName([words.t('summaryTitle'), queue.exam.title], format);
  if (format === 'csv') return { name, ascii, type: TYPES.csv, body: examSummaryCsv(queue, words) };
  const { schoolName } = await getPlatformSettings(deps);
  return { name, ascii, type: TYPES.pdf, body: await examSummaryPdf({ schoolName, queue, words }) };
}
