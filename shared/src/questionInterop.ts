import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import type { QuestionType } from './exams';
import type { StudentQuestion } from './examViews';

/**
 * Question files in and out of the bank: GIFT, Moodle XML and QTI (2.1, 2.2 and 3.0 items, or a
 * content package). The calls' query fields and answers, written once for the server that gives
 * them and the bank screen that reads them.
 */
export const IMPORT_FORMATS = ['gift', 'moodlexml', 'qti'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ['gift', 'moodlexml', 'qti21', 'qti3'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The largest question file taken (a QTI package with its images included). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** The largest picture carried inside a question file. */
export const MAX_IMPORT_IMAGE_BYTES = 2 * 1024 * 1024;
/** The most questions one file may bring. */
export const MAX_IMPORT_ITEMS = 10_000;

const bool = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

/** POST /questions/import?format=&dryRun=&subject=&items= (the file in the multipart field `file`). */
export const importQuerySchema = z.object({
  format: z.preprocess((v) => (v === '' || v === 'auto' ? undefined : v), z.enum(IMPORT_FORMATS).optional()),
  dryRun: bool.default(false),
  /** The subject of every item whose category names none. */
  subject: z.string().trim().max(40).optional(),
  /** The real run: which items to import, by their index in the dry run (default: every ok and warning item). */
  items: z
    .preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v), z.array(z.coerce.number().int().min(0)).max(MAX_IMPORT_ITEMS))
    .optional(),
  /** Tags given to every imported item, besides those from its categories. */
  tags: z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v), z.array(z.string().trim().toLowerCase().min(1).max(40)).max(20)).optional(),
});
export type ImportQuery = z.output<typeof importQuerySchema>;

export type ImportStatus = 'ok' | 'warning' | 'error';

/** One item of a dry run: what it becomes, and whether it can come in. */
export interface ImportPreviewItem {
  index: number;
  title: string;
  /** The type it becomes; null when it cannot come in as any. */
  type: QuestionType | null;
  status: ImportStatus;
  /** Why it cannot come in (error), or what was dropped or changed (warning); '' when ok. */
  reason: string;
  /** Where it is in the file: a line, an item identifier or a package path. */
  source: string;
  /** The question as students will see it (no key), when it can come in. */
  preview: StudentQuestion | null;
}

export interface ImportDryRunResponse {
  success: true;
  data: { format: ImportFormat; dryRun: true; items: ImportPreviewItem[] };
}

export interface ImportedItem {
  title: string;
  type: QuestionType | null;
  status: ImportStatus;
  reason: string;
  /** The new question's id; null for an item not imported. */
  _id: string | null;
}

export interface ImportResponse {
  success: true;
  data: { format: ImportFormat; imported: number; skipped: number; items: ImportedItem[] };
}

/** GET /questions/export?format=&ids= (or an exam's questions: ?examId=). */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  ids: z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : v), z.array(z.uuid()).max(MAX_IMPORT_ITEMS)).optional(),
  examId: z.uuid().optional(),
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** Texts of the import and export calls. */
export const INTEROP_MSG = messages.interop;
