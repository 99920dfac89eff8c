import type { ExportFormat, ImportDryRunResponse, ImportFormat, ImportResponse, Question, QuestionPage } from '@exam/shared';
import { http } from '../../api/http';
import { toQueryString } from '../../api/queryString';
import { downloadFile } from '../results/download';
import { exportFileName, exportPath, type ExportTarget } from './exportPath';
import type { BankListParams } from './types';

const questionPath = (id: string) => `/questions/${encodeURIComponent(id)}`;

/** What the import calls are told besides the file. */
export interface ImportOptions {
  /** Empty: the server detects the format. */
  format: ImportFormat | '';
  subject: string;
  tags: string[];
}

function importForm(file: File): FormData {
  const form = new FormData();
  form.append('file', file);
  return form;
}

const importQuery = (options: ImportOptions, extra: Record<string, string>) =>
  toQueryString({ format: options.format, subject: options.subject, tags: options.tags.join(','), ...extra });

/** The question bank: list, edit, delete, and question files in and out. */
export const bankApi = {
  list: (params: BankListParams) => http.get<QuestionPage>(`/questions${toQueryString(params)}`).then((r) => r.data),
  /** A full replacement: the body is the whole question (questionInputSchema). */
  update: (id: string, body: Record<string, unknown>) => http.put<{ question: Question }>(questionPath(id), body).then((r) => r.data),
  remove: (id: string) => http.delete<undefined>(questionPath(id)),
  /** What the file would bring in; nothing is stored. */
  dryRun: (file: File, options: ImportOptions) =>
    http.post<ImportDryRunResponse['data']>(`/questions/import${importQuery(options, { dryRun: 'true' })}`, importForm(file)).then((r) => r.data),
  /** The same file again, with the dry run's indexes of the items to store. */
  importItems: (file: File, options: ImportOptions, items: readonly number[]) =>
    http
      .post<ImportResponse['data']>(`/questions/import${importQuery(options, { dryRun: 'false', items: items.join(',') })}`, importForm(file))
      .then((r) => r.data),
  exportFile: (format: ExportFormat, target: ExportTarget) => downloadFile(exportPath(format, target), exportFileName(format)),
};
