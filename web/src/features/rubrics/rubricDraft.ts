import { RUBRIC_LIMITS, readNumber, rubricMaxPoints, rubricSchema, type Rubric } from '@exam/shared';
import type { FormErrors } from '@mantine/form';
import { issuesToFormErrors } from '../../lib/zodForm';

/** A level as typed: points stay as the input holds them ('' while empty) until the schema reads them. */
export interface LevelDraft {
  id: string;
  title: string;
  description: string;
  points: number | string;
}

export interface CriterionDraft {
  id: string;
  title: string;
  description: string;
  levels: LevelDraft[];
}

export interface RubricDraft {
  criteria: CriterionDraft[];
}

export const MIN_LEVELS = 2;
export const MIN_CRITERIA = 1;

const newId = () => crypto.randomUUID();
const newLevel = (points: number): LevelDraft => ({ id: newId(), title: '', description: '', points });

/** A criterion of two levels, nothing and `best` points: the least a criterion can be. */
export const newCriterion = (best = 1): CriterionDraft => ({ id: newId(), title: '', description: '', levels: [newLevel(0), newLevel(best)] });

/** One criterion of two levels; its best level worth the question's points, so a new rubric adds up from the start. */
export const newRubricDraft = (best = 1): RubricDraft => ({ criteria: [newCriterion(best)] });

export const rubricToDraft = (rubric: Rubric): RubricDraft => ({
  criteria: rubric.criteria.map((c) => ({ ...c, levels: c.levels.map((l) => ({ ...l })) })),
});

/** The number typed, or what was typed when it is no number, so the schema refuses it with its message. */
const pointsOf = (points: number | string): unknown => (typeof points === 'number' ? points : points.trim() === '' ? undefined : (readNumber(points) ?? points));

/** The wire shape, parsed by rubricSchema on both sides. */
export function draftToRubric(draft: RubricDraft): Rubric {
  return {
    criteria: draft.criteria.map((c) => ({ ...c, levels: c.levels.map((l) => ({ ...l, points: pointsOf(l.points) as number })) })),
  };
}

/** What the best levels add up to, counting a level whose points cannot be read as nothing. */
export function draftTotal(draft: RubricDraft): number {
  return rubricMaxPoints({
    criteria: draft.criteria.map((c) => ({ ...c, levels: c.levels.map((l) => ({ ...l, points: Number(pointsOf(l.points)) || 0 })) })),
  });
}

/** Mistakes by field ('criteria.0.title', 'criteria.1.levels.0.points', 'criteria'), in the reader's language. */
export function rubricErrors(draft: RubricDraft): FormErrors {
  const result = rubricSchema.safeParse(draftToRubric(draft));
  return result.success ? {} : issuesToFormErrors(result.error.issues);
}

export const addCriterion = (draft: RubricDraft): RubricDraft =>
  draft.criteria.length >= RUBRIC_LIMITS.criteria ? draft : { criteria: [...draft.criteria, newCriterion()] };

export const removeCriterion = (draft: RubricDraft, index: number): RubricDraft =>
  draft.criteria.length <= MIN_CRITERIA ? draft : { criteria: draft.criteria.filter((_, i) => i !== index) };

export const setCriterion = (draft: RubricDraft, index: number, change: Partial<Omit<CriterionDraft, 'id' | 'levels'>>): RubricDraft => ({
  criteria: draft.criteria.map((c, i) => (i === index ? { ...c, ...change } : c)),
});

const withLevels = (draft: RubricDraft, index: number, levels: (levels: LevelDraft[]) => LevelDraft[]): RubricDraft => ({
  criteria: draft.criteria.map((c, i) => (i === index ? { ...c, levels: levels(c.levels) } : c)),
});

/** A new level one point above the criterion's best, the usual way a scale grows. */
export const addLevel = (draft: RubricDraft, criterion: number): RubricDraft =>
  withLevels(draft, criterion, (levels) => {
    if (levels.length >= RUBRIC_LIMITS.levels) return levels;
    const best = Math.max(0, ...levels.map((l) => Number(pointsOf(l.points)) || 0));
    return [...levels, newLevel(best + 1)];
  });

export const removeLevel = (draft: RubricDraft, criterion: number, level: number): RubricDraft =>
  withLevels(draft, criterion, (levels) => (levels.length <= MIN_LEVELS ? levels : levels.filter((_, i) => i !== level)));

export const setLevel = (draft: RubricDraft, criterion: number, level: number, change: Partial<Omit<LevelDraft, 'id'>>): RubricDraft =>
  withLevels(draft, criterion, (levels) => levels.map((l, i) => (i === level ? { ...l, ...change } : l)));
