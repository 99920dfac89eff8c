import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';

/**
 * Safe Exam Browser (issue 54): an exam that requires it, its `.seb` file, and the proof of SEB a
 * request carries (docs/seb.md).
 */
export const SEB_MSG = messages.seb;

/** The headers SEB adds to each request to our host: SHA-256 (hex) of the request's URL + a key. */
export const SEB_HEADERS = {
  /** URL + the Config Key (the hash of the settings the exam's file gave SEB). */
  configKeyHash: 'x-safeexambrowser-configkeyhash',
  /** URL + the Browser Exam Key (the settings and SEB's own build). */
  requestHash: 'x-safeexambrowser-requesthash',
} as const;

/**
 * Our own headers with the values of SEB's JavaScript API, for requests SEB does not add its
 * headers to (a page's fetch in SEB for macOS and iOS): the page URL SEB computed them for, and
 * the two values. The server checks them as it checks SEB's headers.
 */
export const SEB_PAGE_HEADERS = {
  urls: 'x-exam-seb-page-urls',
  configKey: 'x-exam-seb-config-key',
  browserExamKey: 'x-exam-seb-browser-exam-key',
} as const;

/** A SHA-256 hash in hex, as SEB writes them (lower case). */
export const sebHashSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, SEB_MSG.keyInvalid)
  .transform((s) => s.toLowerCase());

/**
 * The values of SEB's JavaScript API (`SafeExamBrowser.security`) with the page URLs they may have
 * been computed for: SEB for Windows computes them for the URL the page was loaded from, SEB for
 * macOS for the current one after `updateKeys`, and in a single-page app the two differ.
 */
export const sebPageProofSchema = z.object({
  urls: z.array(z.string().max(2000)).min(1).max(2),
  configKey: sebHashSchema,
  browserExamKey: sebHashSchema.optional(),
});
export type SebPageProof = z.infer<typeof sebPageProofSchema>;

/** Where SEB leaves the exam: SEB quits when a page navigates here (the file's `quitURL`). */
export const SEB_QUIT_PATH = '/seb/quit';

/** The public address of an exam's `.seb` file (SEB fetches it without our session). */
export const sebConfigPath = (examId: string) => `/api/seb/exams/${encodeURIComponent(examId)}/config.seb`;

/** An address of ours as SEB opens it: `sebs://` for https, `seb://` for http. */
export const sebLink = (url: string) => url.replace(/^http(s?):\/\//i, (_m, s: string) => `seb${s}://`);

/** What a student outside SEB is told with the refusal (the 403's `data`), and what staff see of an exam's file. */
export interface SebLinks {
  examId: string;
  /** The `.seb` file over http(s): a download. */
  configUrl: string;
  /** The same file as a `sebs://` (or `seb://`) link: opens the exam in SEB. */
  sebUrl: string;
}

export const sebLinksSchema = z.object({ examId: z.string(), configUrl: z.string(), sebUrl: z.string() }) satisfies z.ZodType<SebLinks>;

/** The refusal of a request that does not come from the exam's SEB: `{ success: false, message, data: { seb } }`. */
export const sebRefusalSchema = z.object({ seb: sebLinksSchema });

/** GET /api/seb/exams/{id}: the exam's file for its staff. */
export interface SebExamFile extends SebLinks {
  required: boolean;
  /** The Config Key SEB computes from the file (for an LMS or SEB Server that asks for it). */
  configKey: string;
  startUrl: string;
  quitUrl: string;
}
