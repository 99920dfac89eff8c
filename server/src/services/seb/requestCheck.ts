import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SEB_HEADERS, SEB_PAGE_HEADERS, sebPageProofSchema, type PlatformSettings, type SebPageProof } from '@exam/shared';
import type { Deps } from '../../deps';
import { getPlatformSettings } from '../platformSettings';
import { tickBatch } from '../tickBatch';
import { examConfigKey } from './examFile';

/**
 * Whether a request comes from Safe Exam Browser running the exam's own file (docs/seb.md).
 *
 * SEB adds to each request to our host `X-SafeExamBrowser-ConfigKeyHash`, the SHA-256 of the
 * request's full URL followed by the Config Key of the settings it runs, and
 * `X-SafeExamBrowser-RequestHash`, the same over the Browser Exam Key (its settings and its own
 * build). Hashing the URL in means a value seen on one address says nothing about another.
 * Where SEB adds no header (the socket's handshake, a page's fetch in SEB for macOS and iOS), the
 * page sends the values of SEB's JavaScript API, which SEB computed the same way for the page's
 * URL, with that URL: it must be one of ours, and the values are checked the same way.
 */
export type SebEvidence =
  | { kind: 'headers'; url: string; configKeyHash: string; requestHash?: string }
  | { kind: 'page'; proof: SebPageProof }
  /** The page headers were there but unreadable: checked as wrong, never as absent. */
  | { kind: 'unreadable' };

/** What the exam asks of a request. */
export interface SebRequirement {
  examId: string;
  /** The exam requires SEB; when not, a valid proof still marks the attempt as sat in SEB. */
  required: boolean;
  configKey: string;
  /** The school's allowed Browser Exam Keys; none: any SEB running the exam's file. */
  allowedBrowserExamKeys: string[];
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** What a request carries: SEB's own headers first (checked over `url`, the URL the browser asked for), else the page's. */
export function sebEvidenceOf(headers: IncomingHttpHeaders, url: string): SebEvidence | undefined {
  const configKeyHash = first(headers[SEB_HEADERS.configKeyHash]);
  if (configKeyHash) return { kind: 'headers', url, configKeyHash, requestHash: first(headers[SEB_HEADERS.requestHash]) };
  const pageKey = first(headers[SEB_PAGE_HEADERS.configKey]);
  if (!pageKey) return undefined;
  return pageEvidence({
    urls: (first(headers[SEB_PAGE_HEADERS.urls]) ?? '').split(' ').filter(Boolean).map(decodeURIComponent),
    configKey: pageKey,
    browserExamKey: first(headers[SEB_PAGE_HEADERS.browserExamKey]),
  });
}

/** The JavaScript API's values as a page sent them (the socket handshake's `auth.seb`). */
export function pageEvidence(raw: unknown): SebEvidence | undefined {
  if (raw === undefined || raw === null) return undefined;
  const parsed = sebPageProofSchema.safeParse(raw);
  return parsed.success ? { kind: 'page', proof: parsed.data } : { kind: 'unreadable' };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` (hex) is SHA-256 of url + key, compared in constant time. */
function hashes(given: string | undefined, url: string, key: string): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase(), 'hex'), sha256(url.split('#')[0]! + key));
}

const anyKey = (given: string | undefined, url: string, keys: string[]) => keys.some((k) => hashes(given, url, k));

/** A page URL SEB may have computed its values for: one of ours (under the public address). */
function oursAt(url: string, publicUrl: string): boolean {
  try {
    const u = new URL(url);
    const base = new URL(publicUrl);
    return u.origin === base.origin && (u.pathname + u.search).startsWith(base.pathname.replace(/\/$/, '') + '/');
  } catch {
    return false;
  }
}

/** Whether the evidence shows SEB running the exam's file (and, when the school lists some, an allowed build). */
export function sebVerified(evidence: SebEvidence | undefined, requirement: SebRequirement, publicUrl: string): boolean {
  if (!evidence || evidence.kind === 'unreadable') return false;
  const { configKey, allowedBrowserExamKeys: beks } = requirement;
  if (evidence.kind === 'headers') {
    return hashes(evidence.configKeyHash, evidence.url, configKey) && (!beks.length || anyKey(evidence.requestHash, evidence.url, beks));
  }
  const { urls, configKey: pageKey, browserExamKey } = evidence.proof;
  return urls.some((url) => oursAt(url, publicUrl) && hashes(pageKey, url, configKey) && (!beks.length || anyKey(browserExamKey, url, beks)));
}

/** The full URL of a request as the browser sent it: the public address with the path and query it asked for. */
export const requestUrlOf = (publicUrl: string, originalUrl: string) => `${publicUrl}${originalUrl}`;

const REQUIRED_SQL = "coalesce((e.settings->>'requireSeb')::boolean, false)";

/**
 * What an exam asks of its attempt's requests, found by the exam or by one of its attempts;
 * undefined when there is no such exam or attempt (the route itself then says so).
 */
export async function sebRequirementOf(deps: Deps, where: { examId: string } | { attemptId: string }): Promise<SebRequirement | undefined> {
  const row = (await ('examId' in where
    ? deps
        .db('exams as e')
        .where('e.id', where.examId)
        .first('e.id as exam_id', deps.db.raw(`${REQUIRED_SQL} as required`))
    : deps
        .db('attempts as a')
        .join('exams as e', 'e.id', 'a.exam_id')
        .where('a.id', where.attemptId)
        .first('a.exam_id', deps.db.raw(`${REQUIRED_SQL} as required`)))) as RequirementRow | undefined;
  return row && requirementOf(deps, row, await getPlatformSettings(deps));
}

interface RequirementRow {
  exam_id: string;
  required: boolean;
}

const requirementOf = (deps: Deps, row: RequirementRow, settings: PlatformSettings): SebRequirement => ({
  examId: row.exam_id,
  required: row.required,
  configKey: examConfigKey(row.exam_id, deps.config.publicUrl),
  allowedBrowserExamKeys: settings.seb.allowedBrowserExamKeys,
});

/**
 * sebRequirementOf by attempt for the socket's events: a hall joining at once shares one
 * statement per tick (tickBatch.ts), as its joins do.
 */
export function createSebRequirementLookup(deps: Deps): (attemptId: string) => Promise<SebRequirement | undefined> {
  return tickBatch(async (attemptIds: string[]) => {
    const rows = (await deps
      .db('attempts as a')
      .join('exams as e', 'e.id', 'a.exam_id')
      .whereIn('a.id', attemptIds)
      .select('a.id', 'a.exam_id', deps.db.raw(`${REQUIRED_SQL} as required`))) as (RequirementRow & { id: string })[];
    const settings = await getPlatformSettings(deps);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return attemptIds.map((id) => {
      const row = byId.get(id);
      return row && requirementOf(deps, row, settings);
    });
  });
}

/** Marks a student's open attempt as sat in SEB (shown on the proctor board); once is enough. */
export async function markAttemptInSeb(deps: Deps, studentId: string, where: { attemptId: string } | { examId: string }): Promise<void> {
  const open = { student_id: studentId, status: 'in_progress', in_seb: false };
  await deps
    .db('attempts')
    .where('attemptId' in where ? { ...open, id: where.attemptId } : { ...open, exam_id: where.examId })
    .update({ in_seb: true });
}
