import { csvSafe, type ChildExam, type ChildSubmission, type ReportType } from '@exam/shared';
import { i18n } from '../../i18n';

/** A column name or word of the downloaded file, in the reader's language. */
const csvText = (key: string) => i18n.t(`parent:csv.${key}`);

/** A cell that would run as a spreadsheet formula is turned into text (the guard shared with the server's exports), then quoted. */
function cell(value: string | number | null | undefined): string {
  const s = String(csvSafe(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const toCsv = (rows: (string | number | null)[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** The report as CSV, built on the device, letters on the school's scale. Null when there is nothing to export. */
export function reportCsv(type: ReportType, data: { results?: ChildSubmission[]; exams?: ChildExam[] }, gradeOf: (pct: number) => string | null): string | null {
  if (type === 'exams') {
    const exams = data.exams ?? [];
    if (!exams.length) return null;
    return toCsv([
      ['exam', 'subject', 'starts', 'ends', 'durationMinutes', 'status', 'attempt', 'scorePercent'].map(csvText),
      ...exams.map((e) => [e.title, e.subject, e.startDate, e.endDate, e.duration, e.status, e.attempt?.status ?? csvText('notAttempted'), e.attempt?.percentage ?? '']),
    ]);
  }
  const results = data.results ?? [];
  if (!results.length) return null;
  return toCsv([
    ['exam', 'subject', 'score', 'totalMarks', 'percentage', 'grade', 'passed', 'date'].map(csvText),
    ...results.map((r) => [r.examTitle, r.subject, r.score, r.totalMarks, r.percentage, gradeOf(r.percentage), r.isPassed === null ? '' : csvText(r.isPassed ? 'yes' : 'no'), r.date]),
  ]);
}

/** Saves text as a file through a temporary link. */
export function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
