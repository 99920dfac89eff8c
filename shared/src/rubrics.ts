import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';

/**
 * Rubrics (issue 55): criteria, each with levels worth points. An essay question may carry one; a
 * teacher marking it picks a level per criterion and the answer's marks are the levels' points.
 * A teacher keeps rubrics in a library of their own to put on other questions: a question holds
 * its own copy, so editing the library never changes what a marked question meant.
 */

export const MARKING_MSG = messages.marking;

export const RUBRIC_LIMITS = { criteria: 20, levels: 10, title: 200, description: 2000 } as const;

/** A level or criterion id: made by the editor (crypto.randomUUID or the like), unique within its rubric. */
const rubricId = z.string().trim().min(1).max(40);

export const rubricLevelSchema = z.object({
  id: rubricId,
  title: z.string({ error: MARKING_MSG.levelTitleRequired }).trim().min(1, MARKING_MSG.levelTitleRequired).max(RUBRIC_LIMITS.title),
  description: z.string().trim().max(RUBRIC_LIMITS.description).default(''),
  points: z
    .number({ error: MARKING_MSG.levelPointsInvalid })
    .min(0, MARKING_MSG.levelPointsInvalid)
    .max(1000, MARKING_MSG.levelPointsInvalid)
    // Halves at most: marks are stored as numeric, but a level worth 1.333 is nobody's intent.
    .refine((p) => Number.isInteger(p * 2), MARKING_MSG.levelPointsInvalid),
});

export const rubricCriterionSchema = z.object({
  id: rubricId,
  title: z.string({ error: MARKING_MSG.criterionTitleRequired }).trim().min(1, MARKING_MSG.criterionTitleRequired).max(RUBRIC_LIMITS.title),
  description: z.string().trim().max(RUBRIC_LIMITS.description).default(''),
  levels: z.array(rubricLevelSchema).min(2, MARKING_MSG.levelsTooFew).max(RUBRIC_LIMITS.levels, MARKING_MSG.levelsTooMany),
});

export const rubricSchema = z
  .object({
    criteria: z.array(rubricCriterionSchema).min(1, MARKING_MSG.criteriaRequired).max(RUBRIC_LIMITS.criteria, MARKING_MSG.criteriaTooMany),
  })
  .superRefine((r, ctx) => {
    const ids = new Set<string>();
    for (const c of r.criteria) {
      for (const id of [c.id, ...c.levels.map((l) => l.id)]) {
        if (ids.has(id)) ctx.addIssue({ code: 'custom', path: ['criteria'], message: MARKING_MSG.rubricIdsRepeated });
        ids.add(id);
      }
    }
  });

export type Rubric = z.output<typeof rubricSchema>;
export type RubricCriterion = Rubric['criteria'][number];
export type RubricLevel = RubricCriterion['levels'][number];

/** The most a rubric gives: the best level of every criterion. A question's points must equal it. */
export function rubricMaxPoints(rubric: Rubric): number {
  return rubric.criteria.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => l.points)), 0);
}

/** Criterion id → the chosen level's id. */
export type RubricChoice = Record<string, string>;

/** The points of a choice, or null unless every criterion has exactly one of its own levels chosen. */
export function rubricPoints(rubric: Rubric, chosen: RubricChoice): number | null {
  let sum = 0;
  for (const c of rubric.criteria) {
    const level = c.levels.find((l) => l.id === chosen[c.id]);
    if (!level) return null;
    sum += level.points;
  }
  if (Object.keys(chosen).some((id) => !rubric.criteria.some((c) => c.id === id))) return null;
  return sum;
}

/**
 * How an answer was marked with a rubric, stored with the answer: the rubric as it stood then and
 * the level chosen per criterion. The student reads it in their result even if the question's
 * rubric is edited later.
 */
export interface RubricAssessment {
  rubric: Rubric;
  chosen: RubricChoice;
}

/** A rubric in a teacher's library (GET /rubrics). */
export interface RubricTemplate {
  id: string;
  title: string;
  rubric: Rubric;
  maxPoints: number;
  createdAt: string;
  updatedAt: string;
}

/** POST /rubrics, PUT /rubrics/{id}. */
export const rubricTemplateInputSchema = z.object({
  title: z.string({ error: MARKING_MSG.rubricTitleRequired }).trim().min(1, MARKING_MSG.rubricTitleRequired).max(RUBRIC_LIMITS.title),
  rubric: rubricSchema,
});
export type RubricTemplateInput = z.output<typeof rubricTemplateInputSchema>;
