import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';

/**
 * LTI 1.3 with LTI Advantage (issue 54): the school's LMSs (platforms) and what the tool tells
 * them. Launch refusals, deep linking, roster and grade texts are in `LTI_MSG` too.
 */
export const LTI_MSG = messages.lti;

const url = z.url({ protocol: /^https?$/, error: LTI_MSG.platformUrlInvalid }).max(1000);

/** What an admin enters (or Dynamic Registration fills in) for one LMS. */
export const ltiPlatformInputSchema = z.object({
  name: z.string().trim().min(1, LTI_MSG.platformNameRequired).max(200),
  issuer: z.string().trim().min(1, LTI_MSG.platformIssuerRequired).max(500),
  clientId: z.string().trim().min(1, LTI_MSG.platformClientIdRequired).max(500),
  deploymentIds: z.array(z.string().trim().min(1).max(255)).min(1, LTI_MSG.platformDeploymentRequired).max(100),
  authLoginUrl: url,
  authTokenUrl: url,
  authTokenAudience: url.nullable().default(null),
  keysetUrl: url,
  active: z.boolean().default(true),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformInputSchema>;

export const ltiPlatformSchema = ltiPlatformInputSchema.extend({
  id: z.uuid(),
  // A platform registered dynamically may not have named its deployment yet (the admin adds it).
  deploymentIds: z.array(z.string()).max(100),
  registeredBy: z.enum(['manual', 'dynamic']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LtiPlatform = z.infer<typeof ltiPlatformSchema>;

/** A one-time Dynamic Registration link the admin pastes into the LMS (POST /api/lti/registration-links). */
export const ltiRegistrationLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type LtiRegistrationLink = z.infer<typeof ltiRegistrationLinkSchema>;

/** GET /api/lti/config: what a platform's admin pastes into the LMS. */
export const ltiToolConfigSchema = z.object({
  title: z.string(),
  targetLinkUri: z.string(),
  loginUrl: z.string(),
  redirectUrls: z.array(z.string()),
  keysetUrl: z.string(),
  deepLinkingUrl: z.string(),
  dynamicRegistrationUrl: z.string(),
  /** The same values as Canvas's JSON developer-key configuration ("Enter URL"). */
  canvasConfigUrl: z.string(),
  scopes: z.array(z.string()),
});
export type LtiToolConfig = z.infer<typeof ltiToolConfigSchema>;

/** The LTI Advantage scopes the tool asks for. */
export const LTI_SCOPES = {
  lineItem: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  resultReadonly: 'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  score: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  memberships: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
} as const;

/** Where a grade post stands: waiting (maybe retrying), in the LMS, or given up on until a teacher retries. */
export const GRADE_POST_STATUSES = ['pending', 'sent', 'failed'] as const;
export type GradePostStatus = (typeof GRADE_POST_STATUSES)[number];

/** One student's score on its way to an LMS gradebook, as the exam's teacher sees it. */
export const gradePostSchema = z.object({
  attemptId: z.uuid(),
  studentName: z.string(),
  platformName: z.string(),
  status: z.enum(GRADE_POST_STATUSES),
  gradingProgress: z.enum(['PendingManual', 'FullyGraded']),
  scoreGiven: z.number().nullable(),
  scoreMaximum: z.number(),
  tries: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  nextTryAt: z.string().nullable(),
});
export type GradePost = z.infer<typeof gradePostSchema>;

/** An exam's links from LMS courses (each deep-linked activity), for its teacher. */
export const ltiExamLinkSchema = z.object({
  id: z.uuid(),
  platformName: z.string(),
  contextTitle: z.string().nullable(),
  rosterSyncedAt: z.string().nullable(),
  rosterError: z.string().nullable(),
  grades: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});
export type LtiExamLink = z.infer<typeof ltiExamLinkSchema>;
