import { z } from 'zod';

/**
 * An LTI launch turned into a session (docs/lti.md "Launch: signing in from the LMS"): the launch
 * ends on the web page /lti/start#<ticket>, which trades the one-use ticket for a session here,
 * and the page a teacher picks an exam on when adding an activity (Deep Linking).
 */

/** The one-use ticket of a launch (from the page's fragment). */
export const ltiSessionRequestSchema = z.object({ ticket: z.string().trim().min(20).max(200) });
export type LtiSessionRequest = z.infer<typeof ltiSessionRequestSchema>;

/** What the browser opens once signed in: the launched exam, or the deep-linking picker. */
export const ltiLaunchTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exam'), examId: z.uuid() }),
  z.object({ kind: z.literal('deepLinking') }),
]);
export type LtiLaunchTarget = z.infer<typeof ltiLaunchTargetSchema>;

/** One exam the teacher may add to the course. */
export const ltiDeepLinkExamSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  subject: z.string(),
  grade: z.number().int(),
  totalMarks: z.number(),
  startAt: z.string(),
  isPublished: z.boolean(),
});
export type LtiDeepLinkExam = z.infer<typeof ltiDeepLinkExamSchema>;

/** GET /api/lti/deep-linking: the course's LMS and the exams to pick from. */
export const ltiDeepLinkingContextSchema = z.object({
  platformName: z.string(),
  exams: z.array(ltiDeepLinkExamSchema),
});
export type LtiDeepLinkingContext = z.infer<typeof ltiDeepLinkingContextSchema>;

/** POST /api/lti/deep-linking/response: the exam picked. */
export const ltiDeepLinkingChoiceSchema = z.object({ examId: z.uuid() });
export type LtiDeepLinkingChoice = z.infer<typeof ltiDeepLinkingChoiceSchema>;

/** The signed answer the page posts to the LMS (as the form field `JWT`). */
export const ltiDeepLinkingAnswerSchema = z.object({ returnUrl: z.string(), jwt: z.string() });
export type LtiDeepLinkingAnswer = z.infer<typeof ltiDeepLinkingAnswerSchema>;
