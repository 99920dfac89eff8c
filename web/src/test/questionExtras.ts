import { EMPTY_SCORING } from '@exam/shared';

/** The fields of a bank question that only some types use, empty: for building Question fixtures. */
export const QUESTION_EXTRAS = { ...EMPTY_SCORING, tags: [] as string[], shared: false, rubric: null };
