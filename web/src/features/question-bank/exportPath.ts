import type { ExportFormat } from '@exam/shared';
import { toQueryString } from '../../api/queryString';

/** What to export: chosen bank questions, or every question of one exam. */
export type ExportTarget = { ids: readonly string[] } | { examId: string };

/** The API path of a question file download (GET /questions/export). */
export function exportPath(format: ExportFormat, target: ExportTarget): string {
  const which = 'examId' in target ? { examId: target.examId } : { ids: target.ids.join(',') };
  return `/questions/export${toQueryString({ format, ...which })}`;
}

/** The name the file is saved under when the server suggests none. */
export function exportFileName(format: ExportFormat): string {
  return format === 'gift' ? 'questions.gift.txt' : format === 'moodlexml' ? 'questions.xml' : `questions-${format}.zip`;
}
