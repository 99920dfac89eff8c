import { INTEROP_MSG, fillMessage, type Rubric } from '@exam/shared';

/**
 * What every question-file reader gives the importer: one entry per item of the file, in the
 * file's order, each either a draft in the shape our question rules read (shared
 * questionInputSchema's input) or the reason it cannot come in. The importer then applies our
 * rules, the subject and tags, stores pictures and previews or writes the items.
 */
export interface ParsedImage {
  /** The name the file gives it (Moodle's <file name>, a package path). */
  name: string;
  bytes: Buffer;
}

export interface DraftQuestion {
  text: string;
  type: string;
  points?: number;
  options?: { text: string; isCorrect?: boolean; fraction?: number }[];
  correctAnswer?: string | string[] | null;
  numericAnswers?: ({ value: number; tolerance: number; fraction: number } | { min: number; max: number; fraction: number })[];
  shortAnswers?: { text: string; fraction: number }[];
  caseSensitive?: boolean;
  pairs?: { stem: string; answer: string }[];
  distractors?: string[];
  explanation?: string;
  sampleAnswer?: string;
  /** An essay's rubric, when the file carries one we can read (our own export's table). */
  rubric?: Rubric;
  tags?: string[];
}

export interface ParsedItem {
  /** The item's name in the file, else the start of its text. */
  title: string;
  /** Where it is in the file: "line 12", "item choice_1", "items/q1.xml". */
  source: string;
  /** Absent exactly when `error` is set. */
  draft?: DraftQuestion;
  /** The category path the file files it under (Moodle's $course$/top/Algebra → ['Algebra']). */
  categories: string[];
  /** Pictures the item carries, the first being the one its text showed first. */
  images: ParsedImage[];
  /** What was dropped or changed on the way in (feedback, hints, formatting we do not keep). */
  warnings: string[];
  /** Why the item cannot come in; names the item and its line or identifier where the format has them. */
  error?: string;
}

/** A whole file refused (malformed, hostile, not this format): nothing in it is read, nothing written. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    /** The catalogue text and its values, so the refusal reaches the reader in their language. */
    readonly ref?: { key: string; values: Record<string, string | number> },
  ) {
    super(message);
    this.name = 'ImportFileError';
  }

  /** A refusal with a catalogue text of the `interop` section that takes values. */
  static of(key: keyof typeof INTEROP_MSG, values: Record<string, string | number>): ImportFileError {
    return new ImportFileError(fillMessage(INTEROP_MSG[key], values), { key: `interop.${key}`, values });
  }
}

/** A question as an exporter writes it: our input shape, its id, and its picture's bytes if it has one. */
export interface ExportQuestion {
  id: string;
  question: import('@exam/shared').QuestionInput;
  image?: { name: string; bytes: Buffer; contentType: string };
}

/** What an exporter answers: the file to download. */
export interface ExportFile {
  body: Buffer;
  contentType: string;
  filename: string;
}
