import { z } from 'zod';

/**
 * Marks for review and the question on screen are the student's own notes, never sent to the
 * server: they live in localStorage per attempt so a reload keeps them. Parsed on the way back in.
 */
const schema = z.object({ marked: z.array(z.string()).max(1000), current: z.number().int().min(0) });
export type ReviewState = z.infer<typeof schema>;

const key = (attemptId: string) => `exam-taking:${attemptId}`;

export function readReviewState(attemptId: string): ReviewState {
  try {
    const raw = localStorage.getItem(key(attemptId));
    const parsed = schema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : { marked: [], current: 0 };
  } catch {
    return { marked: [], current: 0 };
  }
}

export function writeReviewState(attemptId: string, state: ReviewState): void {
  try {
    localStorage.setItem(key(attemptId), JSON.stringify(state));
  } catch {
    // Storage full or disabled: the marks only last until a reload.
  }
}

export function clearReviewState(attemptId: string): void {
  try {
    localStorage.removeItem(key(attemptId));
  } catch {
    // Nothing was stored either.
  }
}
