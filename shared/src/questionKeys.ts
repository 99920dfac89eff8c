import { z } from 'zod';

/**
 * The answer keys of the question types that give partial credit (multiple response, numerical,
 * short answer, matching), how a student's answer to each travels as one string, and the credit
 * an answer earns. Credit is a fraction of the question's points, as Moodle's `fraction`: 1 full,
 * 0.5 half, negative for a wrong choice in multiple response; a question's total is never below 0.
 */

/** A numerical answer: a value with a tolerance either side, or a range (both ends included). */
export type NumericAnswer = { value: number; tolerance: number; fraction: number } | { min: number; max: number; fraction: number };
/** A short answer that earns credit; `*` stands for any run of characters. */
export interface ShortAnswer {
  text: string;
  fraction: number;
}
/** A matching pair: the stem the student reads and the answer that belongs to it. */
export interface MatchPair {
  stem: string;
  answer: string;
}

/** What a partial-credit question keeps besides its options (the `scoring` of a stored question). */
export interface QuestionScoring {
  numericAnswers: NumericAnswer[];
  shortAnswers: ShortAnswer[];
  caseSensitive: boolean;
  pairs: MatchPair[];
  /** Matching: answers that belong to no stem. */
  distractors: string[];
}

export const EMPTY_SCORING: QuestionScoring = { numericAnswers: [], shortAnswers: [], caseSensitive: false, pairs: [], distractors: [] };

const finite = z.coerce.number().refine(Number.isFinite);
export const fractionField = z.coerce.number().min(-1).max(1);
export const numericAnswerSchema = z.union([
  z.object({ min: finite, max: finite, fraction: fractionField }),
  z.object({ value: finite, tolerance: finite.pipe(z.number().min(0)).default(0), fraction: fractionField }),
]);
export const shortAnswerSchema = z.object({ text: z.string().trim().min(1).max(1000), fraction: fractionField });
export const matchPairSchema = z.object({ stem: z.string().trim().min(1).max(2000), answer: z.string().trim().min(1).max(1000) });

const EPSILON = 1e-9;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** The range a numerical answer accepts. */
export function numericRange(a: NumericAnswer): { min: number; max: number } {
  return 'min' in a ? { min: Math.min(a.min, a.max), max: Math.max(a.min, a.max) } : { min: a.value - a.tolerance, max: a.value + a.tolerance };
}

/** A typed number: spaces dropped, a decimal comma read as a point ("3,5" is 3.5); null if not a number. */
export function readNumber(typed: string): number | null {
  const s = typed.trim().replace(/\s+/g, '');
  if (!/^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

export function numericalCredit(answers: NumericAnswer[], typed: string): number {
  const n = readNumber(typed);
  if (n === null) return 0;
  let best = 0;
  for (const a of answers) {
    const { min, max } = numericRange(a);
    const slack = EPSILON * Math.max(1, Math.abs(min), Math.abs(max));
    if (n >= min - slack && n <= max + slack) best = Math.max(best, a.fraction);
  }
  return clamp01(best);
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squeeze = (s: string) => s.trim().replace(/\s+/g, ' ');

/** Does a typed answer match an accepted one? Whole text, spaces squeezed, `*` any characters, `\*` a star. */
export function shortAnswerMatches(accepted: string, typed: string, caseSensitive: boolean): boolean {
  const pattern = squeeze(accepted)
    .split(/(\\\*|\*)/)
    .map((part) => (part === '*' ? '.*' : part === '\\*' ? '\\*' : escapeRegex(part)))
    .join('');
  return new RegExp(`^${pattern}$`, caseSensitive ? 'su' : 'siu').test(squeeze(typed));
}

/** The first accepted answer that matches gives its credit, as Moodle reads them: in order. */
export function shortAnswerCredit(answers: ShortAnswer[], typed: string, caseSensitive: boolean): number {
  const hit = answers.find((a) => shortAnswerMatches(a.text, typed, caseSensitive));
  return hit ? clamp01(hit.fraction) : 0;
}

/** Multiple response: the chosen options' fractions added, never below 0 nor above 1. */
export function multipleResponseCredit(options: { text: string; fraction?: number }[], chosen: string[]): number {
  const picked = new Set(chosen);
  return clamp01(options.reduce((sum, o) => sum + (picked.has(o.text) ? (o.fraction ?? 0) : 0), 0));
}

/** Matching: each stem matched to its answer earns an equal share. */
export function matchingCredit(pairs: MatchPair[], given: Record<string, string>): number {
  if (!pairs.length) return 0;
  return pairs.filter((p) => given[p.stem] === p.answer).length / pairs.length;
}

/** The answers a matching question offers: every pair's answer once, then the distractors. */
export function matchingChoices(pairs: MatchPair[], distractors: string[]): string[] {
  return [...new Set([...pairs.map((p) => p.answer), ...distractors])];
}

/**
 * How the structured answers travel as the one answer string of the live session: the chosen
 * options of a multiple response as a JSON array of their texts, a matching as a JSON object from
 * stem to answer. A string that does not read as one is no answer.
 */
export function encodeChoices(chosen: string[]): string | null {
  return chosen.length ? JSON.stringify(chosen) : null;
}

export function decodeChoices(answer: string | null | undefined): string[] {
  if (!answer) return [];
  try {
    const v: unknown = JSON.parse(answer);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function encodeMatching(given: Record<string, string>): string | null {
  const kept = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== ''));
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
}

export function decodeMatching(answer: string | null | undefined): Record<string, string> {
  if (!answer) return {};
  try {
    const v: unknown = JSON.parse(answer);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** A percentage as Moodle shows credit: 1 → "100%", 0.3333333 → "33.33333%". */
export const creditPercent = (fraction: number) => `${Math.round(fraction * 100 * 100000) / 100000}%`;

/** The parts of a question its key is read from (a stored question or a form's input). */
export interface KeyedQuestion extends Partial<QuestionScoring> {
  type: string;
  correctAnswer: string;
  acceptedAnswers: string[];
  options: { text: string; isCorrect?: boolean; fraction?: number }[];
}

/** The key as a reviewer reads it: "Paris / paris", "3.14 ± 0.01", "Cat → Mammal; Eagle → Bird". */
export function describeKey(q: KeyedQuestion): string {
  switch (q.type) {
    case 'fill-blank':
      return q.acceptedAnswers.join(' / ');
    case 'multiple-response':
      return q.options
        .filter((o) => (o.fraction ?? 0) > 0)
        .map((o) => ((o.fraction ?? 0) < 1 - 1e-6 ? `${o.text} (${creditPercent(o.fraction!)})` : o.text))
        .join('; ');
    case 'numerical':
      return (q.numericAnswers ?? [])
        .filter((a) => a.fraction > 0)
        .map((a) => ('min' in a ? `${a.min}–${a.max}` : a.tolerance ? `${a.value} ± ${a.tolerance}` : `${a.value}`) + (a.fraction < 1 - 1e-6 ? ` (${creditPercent(a.fraction)})` : ''))
        .join(' / ');
    case 'short-answer':
      return (q.shortAnswers ?? [])
        .filter((a) => a.fraction > 0)
        .map((a) => a.text + (a.fraction < 1 - 1e-6 ? ` (${creditPercent(a.fraction)})` : ''))
        .join(' / ');
    case 'matching':
      return (q.pairs ?? []).map((p) => `${p.stem} → ${p.answer}`).join('; ');
    default:
      return q.correctAnswer;
  }
}

/** Matching answers in an order that gives nothing away (alphabetical, not the pairs' order). */
export function matchingChoicesForStudents(pairs: MatchPair[], distractors: string[]): string[] {
  return matchingChoices(pairs, distractors).sort((a, b) => a.localeCompare(b));
}

/** A student's answer as a reader reads it: "Two; Three" for choices, "Cat → Mammal; Dog → Bird" for a matching. */
export function describeAnswer(type: string, answer: string | null | undefined): string {
  if (answer === null || answer === undefined) return '';
  if (type === 'multiple-response') return decodeChoices(answer).join('; ');
  if (type === 'matching') return Object.entries(decodeMatching(answer)).map(([stem, given]) => `${stem} → ${given}`).join('; ');
  return answer;
}
