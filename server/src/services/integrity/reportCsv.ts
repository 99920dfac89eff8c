import { stringify } from 'csv-stringify/sync';
import { csvSafe, type AttemptTimeline, type ReviewQueue } from '@exam/shared';
import { flagsByEvent, type ReportWords } from './reportText';

/**
 * The integrity reports as CSV files a spreadsheet opens: a byte-order mark so Excel reads the
 * accents as UTF-8, a translated header row, and every cell through csvSafe, since names, notes
 * and messages are typed by people and a cell starting with = + - @ would run as a formula.
 */
const BOM = '\ufeff';

const file = (rows: unknown[][]): string => BOM + stringify(rows.map((row) => row.map(csvSafe)), { record_delimiter: 'windows' });

/** One row per timeline line, in the timeline's order: the instant in UTC, the reader's clock, the kind, who, and the detail in words. */
export function attemptReportCsv(timeline: AttemptTimeline, w: ReportWords): string {
  const flags = flagsByEvent(timeline.flags);
  const header = [w.t('timeline.isoTime'), w.t('timeline.localTime', { zone: w.zone }), w.t('timeline.kind'), w.t('timeline.who'), w.t('timeline.detail')];
  const rows = timeline.entries.map((e) => [new Date(e.at).toISOString(), w.time(e.at), w.kind(e.kind), w.who(e.by), w.detail(e, flags)]);
  return file([header, ...rows]);
}

/** One row per attempt of the exam, in the review queue's order. */
export function examSummaryCsv(queue: ReviewQueue, w: ReportWords): string {
  const header = ['student', 'section', 'status', 'submitReason', 'state', 'flags', 'undecided', 'confirmedFlags', 'outcome', 'hold'].map((k) => w.t(`summary.${k}`));
  const rows = queue.items.map((i) => [
    i.student.name,
    w.section(i.student.section),
    w.status(i.status),
    w.submitReason(i.submitReason),
    w.state(i.integrityState),
    i.flags,
    i.undecided,
    i.confirmed,
    w.outcome(i.outcome),
    w.hold(i.hold),
  ]);
  return file([header, ...rows]);
}
