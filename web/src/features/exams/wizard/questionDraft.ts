import { TRUE_FALSE_OPTIONS, questionInputSchema, readNumber, type Difficulty, type Question, type QuestionInput, type QuestionType } from '@exam/shared';
import type { FormErrors } from '@mantine/form';
import { i18n } from '../../../i18n';
import { issuesToFormErrors } from '../../../lib/zodForm';
import { draftToRubric, rubricToDraft, type RubricDraft } from '../../rubrics/rubricDraft';

/** A numerical answer as typed: a value with a tolerance, or a range; numbers as text so "3,5" can be read. */
export interface NumericDraft {
  mode: 'tolerance' | 'range';
  value: string;
  tolerance: string;
  min: string;
  max: string;
  /** Percent of the question's points, -100…100. */
  credit: number | string;
}

export interface ShortAnswerDraft {
  text: string;
  credit: number | string;
}

export interface PairDraft {
  stem: string;
  answer: string;
}

/** A question as the wizard's editor holds it, before the shared schema normalises it. */
export interface QuestionDraft {
  type: QuestionType;
  text: string;
  points: number | string;
  /** Multiple-choice and multiple-response option texts; true/false uses the fixed pair instead. */
  options: string[];
  /** Multiple response: which options are right, one flag per option. */
  correctOptions: boolean[];
  /** Multiple response: each option's credit in percent; '' lets the ticked options share 100%. */
  optionCredits: (number | string)[];
  /** The correct option's text (multiple-choice, true/false). */
  correctAnswer: string;
  /** Fill-blank: one accepted answer per line. */
  acceptedAnswers: string;
  numericAnswers: NumericDraft[];
  shortAnswers: ShortAnswerDraft[];
  caseSensitive: boolean;
  pairs: PairDraft[];
  /** Matching: answers that belong to no stem, one per line. */
  distractors: string;
  sampleAnswer: string;
  /** Essays only; kept while another type is chosen, so switching back does not lose it, but never sent then. */
  rubric: RubricDraft | null;
  explanation: string;
  topic: string;
  difficulty: Difficulty;
}

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;
const INITIAL_OPTIONS = 4;
const INITIAL_PAIRS = 3;

export const emptyNumeric = (): NumericDraft => ({ mode: 'tolerance', value: '', tolerance: '', min: '', max: '', credit: 100 });
export const emptyShortAnswer = (): ShortAnswerDraft => ({ text: '', credit: 100 });
export const emptyPair = (): PairDraft => ({ stem: '', answer: '' });

/** Points 1, four blank options, one blank row of each answer list. */
export function emptyDraft(type: QuestionType = 'multiple-choice'): QuestionDraft {
  return {
    type,
    text: '',
    points: 1,
    options: Array.from({ length: INITIAL_OPTIONS }, () => ''),
    correctOptions: Array.from({ length: INITIAL_OPTIONS }, () => false),
    optionCredits: Array.from({ length: INITIAL_OPTIONS }, () => ''),
    correctAnswer: '',
    acceptedAnswers: '',
    numericAnswers: [emptyNumeric()],
    shortAnswers: [emptyShortAnswer()],
    caseSensitive: false,
    pairs: Array.from({ length: INITIAL_PAIRS }, emptyPair),
    distractors: '',
    sampleAnswer: '',
    rubric: null,
    explanation: '',
    topic: '',
    difficulty: 'medium',
  };
}

/** The options the correct answer may be chosen from: the non-empty ones, or True/False. */
export function answerChoices(draft: Pick<QuestionDraft, 'type' | 'options'>): string[] {
  if (draft.type === 'true-false') return [...TRUE_FALSE_OPTIONS];
  if (draft.type !== 'multiple-choice') return [];
  return [...new Set(draft.options.map((o) => o.trim()).filter(Boolean))];
}

const at = <T>(list: T[], i: number, fallback: T): T => (i < list.length ? list[i]! : fallback);

export function addOption(draft: QuestionDraft): QuestionDraft {
  if (draft.options.length >= MAX_OPTIONS) return draft;
  const n = draft.options.length;
  return {
    ...draft,
    options: [...draft.options, ''],
    correctOptions: [...draft.options.map((_, i) => at(draft.correctOptions, i, false)), false].slice(0, n + 1),
    optionCredits: [...draft.options.map((_, i) => at(draft.optionCredits, i, '')), ''].slice(0, n + 1),
  };
}

/** Removes one option (with its flag and credit), never below two; a correct answer that went away is cleared. */
export function removeOption(draft: QuestionDraft, index: number): QuestionDraft {
  if (draft.options.length <= MIN_OPTIONS) return draft;
  const keep = <T>(_: T, i: number) => i !== index;
  const options = draft.options.filter(keep);
  const stillThere = options.some((o) => o.trim() === draft.correctAnswer);
  return {
    ...draft,
    options,
    correctOptions: draft.options.map((_, i) => at(draft.correctOptions, i, false)).filter(keep),
    optionCredits: draft.options.map((_, i) => at(draft.optionCredits, i, '')).filter(keep),
    correctAnswer: stillThere ? draft.correctAnswer : '',
  };
}

/** Editing an option's text can orphan the correct answer: clear it rather than keep a stale one. */
export function setOption(draft: QuestionDraft, index: number, text: string): QuestionDraft {
  const options = draft.options.map((o, i) => (i === index ? text : o));
  const stillThere = options.some((o) => o.trim() === draft.correctAnswer);
  return { ...draft, options, correctAnswer: stillThere ? draft.correctAnswer : '' };
}

export function setOptionCorrect(draft: QuestionDraft, index: number, correct: boolean): QuestionDraft {
  return { ...draft, correctOptions: draft.options.map((_, i) => (i === index ? correct : at(draft.correctOptions, i, false))) };
}

export function setOptionCredit(draft: QuestionDraft, index: number, credit: number | string): QuestionDraft {
  return { ...draft, optionCredits: draft.options.map((_, i) => (i === index ? credit : at(draft.optionCredits, i, ''))) };
}

/** What an option earns when its credit is left blank: the ticked ones share 100%, the rest nothing. */
export function defaultCredit(draft: Pick<QuestionDraft, 'options' | 'correctOptions'>, index: number): number {
  const ticked = draft.options.filter((o, i) => o.trim() !== '' && draft.correctOptions[i]).length;
  return draft.correctOptions[index] && ticked ? Math.round((100 / ticked) * 100) / 100 : 0;
}

/** Switching type keeps the shared fields and resets the answer, which means something else now. */
export function changeType(draft: QuestionDraft, type: QuestionType): QuestionDraft {
  const fresh = emptyDraft();
  const options = draft.options.length >= MIN_OPTIONS ? draft.options : fresh.options;
  return {
    ...draft,
    type,
    options,
    correctOptions: options.map((_, i) => at(draft.correctOptions, i, false)),
    optionCredits: options.map((_, i) => at(draft.optionCredits, i, '')),
    correctAnswer: '',
  };
}

const blank = (s: string | number) => String(s).trim() === '';
/** A typed number as the schema should see it: read with a decimal comma; left as typed when it is no number (so it is refused). */
const numberOrRaw = (s: string) => readNumber(s) ?? s;
const fraction = (credit: number | string) => (blank(credit) ? credit : Number(credit) / 100);

const numericRowUsed = (a: NumericDraft) => (a.mode === 'range' ? !blank(a.min) || !blank(a.max) : !blank(a.value));
const pairRowUsed = (p: PairDraft) => !blank(p.stem) || !blank(p.answer);

export const distractorList = (text: string) => [...new Set(acceptedAnswerList(text))];

/** The wire shape of one question: POST /exams `questions[]` and POST/PUT /questions, parsed there by questionInputSchema. */
export function draftToInput(draft: QuestionDraft, subject: string): Record<string, unknown> {
  const common = {
    text: draft.text,
    type: draft.type,
    subject,
    topic: draft.topic,
    difficulty: draft.difficulty,
    points: draft.points,
    explanation: draft.explanation,
    rubric: draft.type === 'essay' && draft.rubric ? draftToRubric(draft.rubric) : null,
  };
  switch (draft.type) {
    case 'multiple-choice':
      return { ...common, options: draft.options, correctAnswer: draft.correctAnswer };
    case 'multiple-response':
      return {
        ...common,
        options: draft.options.map((text, i) => {
          const credit = at(draft.optionCredits, i, '');
          return { text, isCorrect: at(draft.correctOptions, i, false), ...(blank(credit) ? {} : { fraction: fraction(credit) }) };
        }),
      };
    case 'true-false':
      return { ...common, options: [...TRUE_FALSE_OPTIONS], correctAnswer: draft.correctAnswer };
    case 'fill-blank':
      return { ...common, correctAnswer: acceptedAnswerList(draft.acceptedAnswers) };
    case 'numerical':
      return {
        ...common,
        numericAnswers: draft.numericAnswers.filter(numericRowUsed).map((a) =>
          a.mode === 'range'
            ? { min: numberOrRaw(a.min), max: numberOrRaw(a.max), fraction: fraction(a.credit) }
            : { value: numberOrRaw(a.value), tolerance: blank(a.tolerance) ? 0 : numberOrRaw(a.tolerance), fraction: fraction(a.credit) },
        ),
      };
    case 'short-answer':
      return {
        ...common,
        shortAnswers: draft.shortAnswers.filter((a) => !blank(a.text)).map((a) => ({ text: a.text.trim(), fraction: fraction(a.credit) })),
        caseSensitive: draft.caseSensitive,
      };
    case 'matching':
      return {
        ...common,
        pairs: draft.pairs.filter(pairRowUsed).map((p) => ({ stem: p.stem.trim(), answer: p.answer.trim() })),
        distractors: distractorList(draft.distractors),
      };
    case 'essay':
      return { ...common, sampleAnswer: draft.sampleAnswer };
    default:
      return common;
  }
}

export function acceptedAnswerList(text: string): string[] {
  return text
    .split('\n')
    .map((a) => a.trim())
    .filter(Boolean);
}

const message = (key: 'required' | 'number' | 'credit' | 'tolerance') => i18n.t(`exams:editor.errors.${key}`);
const isNumber = (s: string) => readNumber(s) !== null;
const isCredit = (c: number | string) => !blank(c) && Number.isFinite(Number(c)) && Number(c) >= -100 && Number(c) <= 100;

/**
 * The rows' own mistakes, each under its field ('numericAnswers.0.value'), in the editor's words:
 * the schema would report them against a whole list, or in zod's English.
 */
function rowErrors(draft: QuestionDraft): FormErrors {
  const errors: FormErrors = {};
  const put = (key: string, text: string) => {
    if (!(key in errors)) errors[key] = text;
  };
  if (draft.type === 'multiple-response') {
    draft.options.forEach((_, i) => {
      const credit = at(draft.optionCredits, i, '');
      if (!blank(credit) && !isCredit(credit)) put(`optionCredits.${i}`, message('credit'));
    });
  }
  if (draft.type === 'numerical') {
    draft.numericAnswers.forEach((a, i) => {
      if (!numericRowUsed(a)) return;
      const fields = a.mode === 'range' ? (['min', 'max'] as const) : (['value'] as const);
      for (const f of fields) if (!isNumber(a[f])) put(`numericAnswers.${i}.${f}`, message(blank(a[f]) ? 'required' : 'number'));
      if (a.mode === 'tolerance' && !blank(a.tolerance) && !((readNumber(a.tolerance) ?? -1) >= 0)) put(`numericAnswers.${i}.tolerance`, message('tolerance'));
      if (!isCredit(a.credit)) put(`numericAnswers.${i}.credit`, message('credit'));
    });
  }
  if (draft.type === 'short-answer') {
    draft.shortAnswers.forEach((a, i) => {
      if (!blank(a.text) && !isCredit(a.credit)) put(`shortAnswers.${i}.credit`, message('credit'));
    });
  }
  if (draft.type === 'matching') {
    draft.pairs.forEach((p, i) => {
      if (!pairRowUsed(p)) return;
      if (blank(p.stem)) put(`pairs.${i}.stem`, message('required'));
      if (blank(p.answer)) put(`pairs.${i}.answer`, message('required'));
    });
  }
  return errors;
}

/** The question's errors by editor field (text, points, options, numericAnswers.0.value...), or none. */
export function validateDraft(draft: QuestionDraft, subject: string): FormErrors {
  const rows = rowErrors(draft);
  const result = questionInputSchema.safeParse(draftToInput(draft, subject));
  if (result.success && !Object.keys(rows).length) return {};
  const schema = result.success ? {} : issuesToFormErrors(result.error.issues);
  // A row's mistake is told at its field; the schema's word on the same list would only repeat it in English.
  const lists = new Set(Object.keys(rows).map((k) => k.split('.')[0]));
  const errors: FormErrors = { ...rows };
  for (const [key, text] of Object.entries(schema)) {
    // A deeper path ('pairs.0.stem') is shown with its list.
    const list = key.split('.')[0]!;
    // The rubric editor tells each mistake at its own field ('rubric.criteria.0.title').
    if (list === 'rubric' && list !== key) {
      errors[key] ??= text;
      continue;
    }
    if (list !== key && lists.has(list)) continue;
    errors[list] ??= text;
  }
  // Fill-blank answers are edited in the "accepted answers" box.
  if (draft.type === 'fill-blank' && errors.correctAnswer) errors.acceptedAnswers = errors.correctAnswer;
  return errors;
}

/** The normalised question (options with their flags and credits), for the review and the list. */
export function draftPreview(draft: QuestionDraft, subject: string): QuestionInput | null {
  if (Object.keys(rowErrors(draft)).length) return null;
  const result = questionInputSchema.safeParse(draftToInput(draft, subject));
  return result.success ? result.data : null;
}

const percent = (f: number) => Math.round(f * 100 * 100000) / 100000;

/** A stored question back in the editor's shape, so it can be edited and sent again (PUT /questions/{id}). */
export function questionToDraft(
  q: Pick<Question, 'type' | 'text' | 'points' | 'options' | 'correctAnswer' | 'acceptedAnswers' | 'numericAnswers' | 'shortAnswers' | 'caseSensitive' | 'pairs' | 'distractors' | 'sampleAnswer' | 'explanation' | 'topic' | 'difficulty'> &
    Partial<Pick<Question, 'rubric'>>,
): QuestionDraft {
  const fresh = emptyDraft(q.type);
  const hasOptions = q.type === 'multiple-choice' || q.type === 'multiple-response';
  const options = hasOptions && q.options.length >= MIN_OPTIONS ? q.options : null;
  return {
    ...fresh,
    text: q.text,
    points: q.points,
    options: options ? options.map((o) => o.text) : fresh.options,
    correctOptions: options ? options.map((o) => o.isCorrect) : fresh.correctOptions,
    optionCredits: options ? options.map((o) => (q.type === 'multiple-response' && o.fraction !== undefined ? percent(o.fraction) : '')) : fresh.optionCredits,
    correctAnswer: q.type === 'multiple-choice' || q.type === 'true-false' ? q.correctAnswer : '',
    acceptedAnswers: q.type === 'fill-blank' ? q.acceptedAnswers.join('\n') : '',
    numericAnswers: q.numericAnswers.length
      ? q.numericAnswers.map((a) =>
          'min' in a
            ? { ...emptyNumeric(), mode: 'range' as const, min: String(a.min), max: String(a.max), credit: percent(a.fraction) }
            : { ...emptyNumeric(), value: String(a.value), tolerance: a.tolerance ? String(a.tolerance) : '', credit: percent(a.fraction) },
        )
      : fresh.numericAnswers,
    shortAnswers: q.shortAnswers.length ? q.shortAnswers.map((a) => ({ text: a.text, credit: percent(a.fraction) })) : fresh.shortAnswers,
    caseSensitive: q.caseSensitive,
    pairs: q.pairs.length ? q.pairs.map((p) => ({ ...p })) : fresh.pairs,
    distractors: q.distractors.join('\n'),
    sampleAnswer: q.sampleAnswer,
    rubric: q.type === 'essay' && q.rubric ? rubricToDraft(q.rubric) : null,
    explanation: q.explanation,
    topic: q.topic,
    difficulty: q.difficulty,
  };
}
