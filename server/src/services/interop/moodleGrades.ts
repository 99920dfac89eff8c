/**
 * Moodle takes an answer's grade only from a fixed list (question_bank::fraction_options_full),
 * and its importers (GIFT and XML alike, question/format.php with matchgrades 'error') refuse a
 * question whose grade is not on it. We read files the same way, so a file Moodle refuses is
 * refused here too, and what we write Moodle takes back.
 */
const POSITIVE = [1, 0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2, 0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05];
export const MOODLE_FRACTIONS: readonly number[] = [...POSITIVE, 0, ...POSITIVE.map((f) => -f)];

/** Moodle's own slack: a grade within 0.00001 of a listed fraction is that fraction. */
const SLACK = 0.00001;

/** The listed fraction a grade stands for, or null when Moodle would refuse it. */
export function moodleFraction(fraction: number): number | null {
  if (!Number.isFinite(fraction)) return null;
  return MOODLE_FRACTIONS.find((f) => Math.abs(f - fraction) < SLACK) ?? null;
}

const nearest = (fraction: number) => MOODLE_FRACTIONS.reduce((best, f) => (Math.abs(f - fraction) < Math.abs(best - fraction) ? f : best), 0);

/** A fraction as Moodle writes a percentage: 1 → "100", 0.3333333 → "33.33333", -0.5 → "-50". */
export const moodlePercent = (fraction: number): string => String(Number((fraction * 100).toFixed(5)));

/** The refusal of a grade Moodle does not allow, naming the answer and the grade it was likely meant to be. */
export function gradeError(fraction: number, answer: string): string {
  const shown = answer.length > 40 ? `${answer.slice(0, 40)}…` : answer;
  return `Grade ${moodlePercent(fraction)} of answer “${shown}” is not one Moodle allows (did you mean ${moodlePercent(nearest(fraction))}?)`;
}

/** Checks every answer's grade; the first that Moodle would refuse gives the item's error. */
export function checkGrades(answers: { fraction: number; text: string }[]): { fractions: number[]; error?: string } {
  const fractions: number[] = [];
  for (const a of answers) {
    const f = moodleFraction(a.fraction);
    if (f === null) return { fractions, error: gradeError(a.fraction, a.text) };
    fractions.push(f);
  }
  return { fractions };
}

/** A file's grade as our points: a whole number, at least 1, at most 1000, with a warning when that changed it. */
export function pointsOf(grade: number | undefined): { points: number; warning?: string } {
  if (grade === undefined || !Number.isFinite(grade)) return { points: 1 };
  const points = Math.min(1000, Math.max(1, Math.round(grade)));
  if (Math.abs(points - grade) <= 1e-9) return { points };
  const given = Number(grade.toFixed(7));
  return { points, warning: Math.round(grade) === points ? `Points ${given} were rounded to ${points}` : `Points ${given} were changed to ${points}, as points run from 1 to 1000` };
}
