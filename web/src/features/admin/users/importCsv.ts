import { IMPORT_COLUMNS, type ImportRow } from '@exam/shared';

/** The rows back to CSV, so a row fixed on screen is checked and imported like the file's own. */
export function rowsToCsv(rows: ImportRow[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [IMPORT_COLUMNS.join(','), ...rows.map((r) => IMPORT_COLUMNS.map((c) => cell(r[c])).join(','))].join('\n');
}
