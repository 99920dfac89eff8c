import {
  EXAM_MSG,
  INTEROP_MSG,
  MAX_IMPORT_ITEMS,
  QUESTION_TYPES,
  SUBJECTS,
  fillMessage,
  questionInputSchema,
  rubricMaxPoints,
  subjectSlug,
  type ImportFormat,
  type ImportPreviewItem,
  type ImportQuery,
  type ImportedItem,
  type QuestionInput,
  type QuestionType,
  type Subject,
} from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { presentQuestionForStudent, type QuestionRow } from '../presenters/question';
import { readQuestionFile } from './interop/readers';
import { ImportFileError, type ParsedItem } from './interop/types';
import { judgeImage, storeQuestionImage, type JudgedImage } from './questionImages';
import { insertQuestions } from './questions';

/** One item of the file, judged: what the dry run shows, the question to store, and its picture. */
interface Judged {
  preview: ImportPreviewItem;
  /** Its key included: kept for the real run, not sent in the dry run (it would double a big file's answer). */
  question: QuestionInput | null;
  image?: JudgedImage;
}

const isSubject = (s: unknown): s is Subject => typeof s === 'string' && (SUBJECTS as readonly string[]).includes(s);
/** A category name as a tag: lower case, spaces kept, at most 40 characters. */
const tagOf = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 40);

/**
 * Reads a question file and judges every item against our rules, without writing anything: what
 * the dry run shows, and what the real run writes. A file refused whole (malformed, hostile, not
 * the format) is a 400 naming why.
 */
export async function judgeFile(bytes: Buffer, query: ImportQuery): Promise<{ format: ImportFormat; judged: Judged[] }> {
  let read: { format: ImportFormat; items: ParsedItem[] };
  try {
    read = await readQuestionFile(bytes, query.format);
  } catch (err) {
    if (err instanceof ImportFileError) throw Errors.badRequest(err.ref ?? err.message, 'file');
    throw err;
  }
  if (!read.items.length) throw Errors.badRequest(INTEROP_MSG.noItems, 'file');
  if (read.items.length > MAX_IMPORT_ITEMS) throw Errors.badRequest(fillMessage(INTEROP_MSG.tooManyItems, { max: MAX_IMPORT_ITEMS }), 'file');
  const fallbackSubject = query.subject ? subjectSlug(query.subject) : undefined;
  if (query.subject && !isSubject(fallbackSubject)) throw Errors.badRequest(EXAM_MSG.subjectUnknown, 'subject');
  const judged: Judged[] = [];
  for (const [index, item] of read.items.entries()) {
    // A turn of the event loop every few items: a bank of thousands is judged between the saves of the exams running on this node.
    if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    judged.push(await judgeItem(index, item, isSubject(fallbackSubject) ? fallbackSubject : undefined, query.tags ?? []));
  }
  return { format: read.format, judged };
}

async function judgeItem(index: number, item: ParsedItem, fallbackSubject: Subject | undefined, extraTags: string[]): Promise<Judged> {
  const base = { index, title: item.title, source: item.source, preview: null };
  const refused = (type: QuestionType | null, reason: string): Judged => ({ preview: { ...base, type, status: 'error', reason }, question: null });
  if (item.error || !item.draft) return refused(null, item.error ?? INTEROP_MSG.noItems);
  const warnings = [...item.warnings];
  // A category that names a subject sets it; every category becomes a tag.
  const subject = item.categories.map((c) => subjectSlug(c)).find(isSubject) ?? fallbackSubject;
  if (!subject) return refused(null, INTEROP_MSG.subjectRequired);
  const tags = [...new Set([...extraTags, ...(item.draft.tags ?? []), ...item.categories].map(tagOf).filter(Boolean))];
  if (tags.length > 20) warnings.push(`Only the first 20 of its ${tags.length} tags are kept`);
  let image: JudgedImage | undefined;
  const [first, ...rest] = item.images;
  if (first) {
    const judgedImage = await judgeImage(first.bytes);
    if ('refused' in judgedImage) warnings.push(judgedImage.refused === 'too-large' ? `The picture ${first.name} is larger than 2 MB and was dropped` : `${first.name} is not a PNG, JPEG, GIF or WebP picture and was dropped`);
    else image = judgedImage;
  }
  if (rest.length) warnings.push(`Only the first picture is kept (${rest.length} more dropped)`);
  let draft = item.draft;
  // A rubric read back whose levels no longer add up to the points (the file was edited) is left out, not the question.
  if (draft.rubric && rubricMaxPoints(draft.rubric) !== (draft.points ?? 1)) {
    const { rubric: _dropped, ...rest } = draft;
    draft = rest;
    warnings.push('Its rubric does not add up to its points and was left out');
  }
  const parsed = questionInputSchema.safeParse({ ...draft, subject, tags: tags.slice(0, 20), image: image?.url ?? '' });
  if (!parsed.success) {
    const reasons = [...new Set(parsed.error.issues.map((i) => i.message))];
    return refused(typeOrNull(item.draft.type), reasons.join('; '));
  }
  const question = parsed.data;
  return {
    preview: { ...base, type: question.type, status: warnings.length ? 'warning' : 'ok', reason: warnings.join('; '), preview: studentView(question, index) },
    question,
    image,
  };
}

const typeOrNull = (t: string): QuestionType | null => ((QUESTION_TYPES as readonly string[]).includes(t) ? (t as QuestionType) : null);

/** The question as a student would be shown it, from the input (no row yet). */
function studentView(q: QuestionInput, index: number) {
  const row = {
    id: `import-${index}`,
    text: q.text,
    type: q.type,
    points: q.points,
    options: q.options,
    image: q.image,
    scoring: { numericAnswers: q.numericAnswers, shortAnswers: q.shortAnswers, caseSensitive: q.caseSensitive, pairs: q.pairs, distractors: q.distractors },
  } as QuestionRow;
  return presentQuestionForStudent(row);
}

/**
 * The real run: the chosen items that can come in (all of them when none are named) are written
 * in one transaction, their pictures stored first so no row ever names a missing file. Items not
 * chosen, or refused, are reported as skipped with their reason.
 */
export async function importQuestions(deps: Deps, viewer: Viewer, bytes: Buffer, query: ImportQuery): Promise<{ format: ImportFormat; imported: number; skipped: number; items: ImportedItem[] }> {
  const { format, judged } = await judgeFile(bytes, query);
  const chosen = query.items ? new Set(query.items) : undefined;
  const take = judged.filter((j) => j.preview.status !== 'error' && (!chosen || chosen.has(j.preview.index)));
  if (!take.length) throw Errors.badRequest(INTEROP_MSG.nothingChosen, 'items');
  const images = new Map(take.flatMap((j) => (j.image ? [[j.image.key, j.image] as const] : [])));
  for (const image of images.values()) await storeQuestionImage(deps.files, image);
  const rows = await deps.db.transaction(async (trx) => {
    const out: QuestionRow[] = [];
    // In slices: one statement of 5,000 rows would pass PostgreSQL's 65,535 parameters.
    for (let i = 0; i < take.length; i += 500) out.push(...(await insertQuestions(trx, viewer.user.id, take.slice(i, i + 500).map((j) => j.question!))));
    return out;
  });
  const idOf = new Map(take.map((j, i) => [j.preview.index, rows[i]!.id]));
  const items = judged.map((j): ImportedItem => {
    const id = idOf.get(j.preview.index) ?? null;
    const reason = j.preview.status === 'error' ? j.preview.reason : id ? j.preview.reason : INTEROP_MSG.notChosen;
    return { title: j.preview.title, type: j.preview.type, status: j.preview.status, reason, _id: id };
  });
  return { format, imported: take.length, skipped: judged.length - take.length, items };
}
