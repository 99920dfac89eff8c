import { rubricMaxPoints, type Rubric, type RubricTemplate } from '@exam/shared';

export interface RubricRow {
  id: string;
  owner_id: string;
  title: string;
  rubric: Rubric;
  created_at: Date;
  updated_at: Date;
}

/** A rubric of a library, with the points its best levels give (what a question using it is worth). */
export function presentRubric(row: RubricRow): RubricTemplate {
  return {
    id: row.id,
    title: row.title,
    rubric: row.rubric,
    maxPoints: rubricMaxPoints(row.rubric),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
