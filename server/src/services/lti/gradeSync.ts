import type { Knex } from 'knex';
import { LTI_SCOPES } from '@exam/shared';
import type { Db } from '../../db';
import type { Deps } from '../../deps';
import { resultShownSql } from '../../policies/results';
import { callLms, LmsError } from './serviceToken';
import { platformById, type PlatformRow } from './platforms';

/**
 * Scores back to the LMS's gradebook (LTI Assignment and Grade Services). Whenever an attempt's
 * result is out for its student (the exam's results shown or released, nothing held by the
 * integrity review) or changes afterwards, each link of its exam whose course has the student gets
 * a grade post: one row per link and attempt, its newest score replacing one still waiting. A job
 * on every node sends what is due (rows shared out with SKIP LOCKED), creating the link's line
 * item first when the LMS gave none; a failure waits longer each time and, after MAX_TRIES, is
 * 'failed' until a teacher retries it. Nothing is deleted but a waiting score of an attempt that
 * no longer counts, so a score is never lost.
 */

type Trx = Db | Knex.Transaction;

/** A score as the AGS Score service takes it (application/vnd.ims.lis.v1.score+json). */
export interface ScorePayload {
  userId: string;
  /** Absent while essays wait for marks: see scoreOf. */
  scoreGiven?: number;
  scoreMaximum: number;
  activityProgress: 'Completed';
  gradingProgress: 'PendingManual' | 'FullyGraded';
  timestamp: string;
}

/** Sends given up on after this many, until a teacher retries (about 20 minutes of backing off). */
export const MAX_TRIES = 8;
/** The wait after the first failure, doubled after each, at most an hour. */
const FIRST_BACKOFF_MS = 10_000;
const MAX_BACKOFF_MS = 3600_000;
/** A claimed row is someone's for this long: a node that died mid-send leaves it to the others after. */
const CLAIM_MS = 5 * 60_000;
/** Rows one run claims at a time, and at most per run (the next run, seconds later, takes the rest). */
const BATCH = 25;
const MAX_PER_RUN = 200;

export const backoffMs = (tries: number) => Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, tries - 1), MAX_BACKOFF_MS);

const MEDIA = {
  score: 'application/vnd.ims.lis.v1.score+json',
  lineItem: 'application/vnd.ims.lis.v2.lineitem+json',
  lineItems: 'application/vnd.ims.lis.v2.lineitemcontainer+json',
};

interface CountedResult {
  link_id: string;
  attempt_id: string;
  exam_id: string;
  student_id: string;
  sub: string;
  score: number | string | null;
  max_score: number | null;
  pending_count: number | null;
}

/**
 * The score of a result: FullyGraded with its marks once nothing waits, PendingManual while essays
 * wait for a teacher. The specification allows a PendingManual score to carry a partial value but
 * does not ask for one, and LMSs differ on it: Moodle drops a scoreGiven that is not FullyGraded
 * (and clears the grade), Canvas shows it as the grade, flagged for grading. Left out, every LMS
 * shows the same thing, and the automatic marks alone never read as the student's result.
 * `timestamp` is when it was computed; each send stamps its own (see postScore).
 */
export function scoreOf(r: Pick<CountedResult, 'sub' | 'score' | 'max_score' | 'pending_count'>, at: Date): ScorePayload {
  const pending = (r.pending_count ?? 0) > 0;
  return {
    userId: r.sub,
    ...(pending ? {} : { scoreGiven: Number(r.score ?? 0) }),
    scoreMaximum: r.max_score ?? 0,
    activityProgress: 'Completed',
    gradingProgress: pending ? 'PendingManual' : 'FullyGraded',
    timestamp: at.toISOString(),
  };
}

/**
 * Queues the scores of attempts (or of every attempt of an exam) for the LMS, in the caller's
 * transaction where it has one (so marks and their post commit together). Only a result its student
 * may see, and only the one that counts: the student's latest finished attempt, as their result
 * page shows it. A score equal to the one already queued or sent (its timestamp aside) changes
 * nothing; a different one replaces it, waiting again from no tries. Waiting scores of the same
 * students' earlier attempts are dropped: the newer result is the one the gradebook should hold.
 */
export async function queueGradePosts(db: Trx, scope: { examId: string } | { attemptIds: string[] }): Promise<number> {
  if ('attemptIds' in scope && !scope.attemptIds.length) return 0;
  const where = 'examId' in scope ? 'a.exam_id = ?' : 'a.id = any(?::uuid[])';
  const { rows } = (await db.raw(
    `select l.id as link_id, a.id as attempt_id, a.exam_id, a.student_id, m.sub, a.score, a.max_score, a.pending_count
       from attempts a
       join exams e on e.id = a.exam_id
       join lti_links l on l.exam_id = a.exam_id
       join lti_link_members m on m.link_id = l.id and m.user_id = a.student_id and m.role = 'Learner' and m.status = 'Active'
      where ${where} and a.status in ('submitted', 'graded') and ${resultShownSql('e', 'a')}
        and not exists (select 1 from attempts later
                         where later.exam_id = a.exam_id and later.student_id = a.student_id
                           and later.status <> 'in_progress' and later.attempt_number > a.attempt_number)`,
    ['examId' in scope ? scope.examId : scope.attemptIds] as unknown as readonly string[],
  )) as { rows: CountedResult[] };
  if (!rows.length) return 0;
  const now = new Date();
  const col = <K extends keyof CountedResult>(k: K) => rows.map((r) => r[k]);
  await db.raw(
    `delete from lti_grade_posts p using attempts a, unnest(?::uuid[], ?::uuid[], ?::uuid[]) as c(link_id, attempt_id, student_id)
      where p.link_id = c.link_id and p.attempt_id = a.id and a.student_id = c.student_id and a.id <> c.attempt_id and p.status <> 'sent'`,
    [col('link_id'), col('attempt_id'), col('student_id')] as unknown as readonly string[],
  );
  const result = (await db.raw(
    `insert into lti_grade_posts (link_id, attempt_id, lti_user_id, payload)
     select * from unnest(?::uuid[], ?::uuid[], ?::text[], ?::jsonb[])
     on conflict (link_id, attempt_id) do update
        set payload = excluded.payload, lti_user_id = excluded.lti_user_id, status = 'pending', tries = 0,
            last_error = null, next_try_at = now(), updated_at = now()
      where (lti_grade_posts.payload - 'timestamp') is distinct from (excluded.payload - 'timestamp')
     returning id`,
    [col('link_id'), col('attempt_id'), col('sub'), rows.map((r) => JSON.stringify(scoreOf(r, now)))] as unknown as readonly string[],
  )) as { rows: unknown[] };
  return result.rows.length;
}

interface PostRow {
  id: string;
  link_id: string;
  payload: ScorePayload;
  tries: number;
}

interface LinkRow {
  id: string;
  platform_id: string;
  exam_id: string;
  resource_link_id: string;
  lineitem_url: string | null;
  lineitems_url: string | null;
}

/** Claims due rows whose result is still out (a hold decided since keeps its row waiting, unsent). */
async function claimDue(db: Db, limit: number): Promise<PostRow[]> {
  const { rows } = (await db.raw(
    `update lti_grade_posts p set next_try_at = now() + make_interval(secs => ?)
      where p.id in (
        select d.id from lti_grade_posts d
          join attempts a on a.id = d.attempt_id
          join exams e on e.id = a.exam_id
         where d.status = 'pending' and d.next_try_at <= now() and ${resultShownSql('e', 'a')}
         order by d.next_try_at
         limit ? for update of d skip locked)
      returning p.id, p.link_id, p.payload, p.tries`,
    [CLAIM_MS / 1000, limit],
  )) as { rows: PostRow[] };
  return rows;
}

/** Where a line item takes scores: its URL with /scores added to the path (Moodle's carry a query string). */
export function scoresUrl(lineItem: string): string {
  const url = new URL(lineItem);
  url.pathname = `${url.pathname.replace(/\/$/, '')}/scores`;
  return url.toString();
}

/** A link as a send needs it, with its platform. */
interface SendTarget {
  link: LinkRow;
  platform: PlatformRow;
}

/** The link and its platform, or why no score can go through it until someone changes something. */
async function targetOf(deps: Deps, linkId: string): Promise<SendTarget> {
  const link = (await deps.db('lti_links').where({ id: linkId }).first()) as LinkRow;
  if (!link.lineitem_url && !link.lineitems_url) throw new LmsError('The LMS gave this course link no gradebook column and no way to create one', undefined, true);
  const platform = await platformById(deps.db, link.platform_id);
  if (!platform?.active) throw new LmsError('The LMS platform of this link is no longer active', undefined, true);
  return { link, platform };
}

/**
 * The link's line item: the one the LMS gave at launch, else the one made for it before (found
 * by the link and the exam, so a node that died after creating it does not make a second), else a
 * new one labelled with the exam's title.
 */
async function lineItemOf(deps: Deps, { link, platform }: SendTarget, scoreMaximum: number): Promise<string> {
  if (link.lineitem_url) return link.lineitem_url;
  const lineitems = link.lineitems_url!;
  const scopes = [LTI_SCOPES.lineItem];
  const search = new URL(lineitems);
  search.searchParams.set('resource_link_id', link.resource_link_id);
  search.searchParams.set('resource_id', link.exam_id);
  const found = (await (await callLms(deps, platform, scopes, search.toString(), { accept: MEDIA.lineItems, what: 'Line item search' })).json()) as { id?: string }[];
  let id = Array.isArray(found) ? found.find((i) => typeof i.id === 'string')?.id : undefined;
  if (!id) {
    const exam = (await deps.db('exams').where({ id: link.exam_id }).first('title')) as { title: string };
    const res = await callLms(deps, platform, scopes, lineitems, {
      method: 'POST',
      accept: MEDIA.lineItem,
      contentType: MEDIA.lineItem,
      body: { label: exam.title, scoreMaximum, resourceId: link.exam_id, resourceLinkId: link.resource_link_id },
      what: 'Line item creation',
    });
    id = ((await res.json()) as { id?: string }).id;
    if (!id) throw new LmsError('Line item creation: the LMS answered without the line item id');
  }
  const [saved] = (await deps
    .db('lti_links')
    .where({ id: link.id })
    .update({ lineitem_url: deps.db.raw('coalesce(lineitem_url, ?)', [id]), updated_at: deps.db.fn.now() })
    .returning('lineitem_url')) as { lineitem_url: string }[];
  link.lineitem_url = saved!.lineitem_url;
  return link.lineitem_url;
}

async function postScore(deps: Deps, target: SendTarget, row: PostRow): Promise<void> {
  const lineItem = await lineItemOf(deps, target, row.payload.scoreMaximum);
  // Stamped as it leaves: a score sent again after failures is newer than anything the LMS holds, and
  // Moodle, which compares whole seconds, refuses a second score within one second (409) until the
  // next try, seconds later, carries a later stamp.
  const body = { ...row.payload, timestamp: new Date().toISOString() };
  await callLms(deps, target.platform, [LTI_SCOPES.score], scoresUrl(lineItem), { method: 'POST', accept: 'application/json', contentType: MEDIA.score, body, what: 'Score post' });
}

/**
 * What became of one send. Written only if the row still holds the score that was sent: a newer
 * one queued meanwhile is waiting for its own send, from no tries. A failure nothing but a person
 * can mend is failed at once.
 */
async function settle(db: Db, row: PostRow, error: LmsError | undefined): Promise<void> {
  const tries = row.tries + 1;
  const q = db('lti_grade_posts')
    .where({ id: row.id })
    .whereRaw('payload = ?::jsonb', [JSON.stringify(row.payload)]);
  if (error === undefined) {
    await q.update({ status: 'sent', tries, last_error: null, sent_at: db.fn.now(), updated_at: db.fn.now() });
    return;
  }
  await q.update({
    status: error.lasting || tries >= MAX_TRIES ? 'failed' : 'pending',
    tries,
    last_error: error.message.slice(0, 1000),
    next_try_at: new Date(Date.now() + backoffMs(tries)),
    updated_at: db.fn.now(),
  });
}

/**
 * The job's run: sends the due scores, a batch at a time, each link's line item made at most once.
 * Never throws for an LMS's failure (it is kept on the row); returns how many were sent.
 */
export async function sendDueGradePosts(deps: Deps): Promise<number> {
  let sent = 0;
  for (let done = 0; done < MAX_PER_RUN;) {
    const rows = await claimDue(deps.db, BATCH);
    if (!rows.length) break;
    done += rows.length;
    const targets = new Map<string, Promise<SendTarget>>();
    for (const row of rows) {
      if (!targets.has(row.link_id)) targets.set(row.link_id, targetOf(deps, row.link_id));
      let error: LmsError | undefined;
      try {
        await postScore(deps, await targets.get(row.link_id)!, row);
        sent++;
      } catch (err) {
        if (!(err instanceof LmsError)) deps.log.error({ err, gradePost: row.id }, 'grade post failed');
        error = err instanceof LmsError ? err : new LmsError(err instanceof Error ? err.message : String(err));
      }
      await settle(deps.db, row, error);
    }
  }
  return sent;
}
