import type { AttemptTimeline, FlagDecisionInput, FlagDecisionResult, IntegrityState, OutcomeInput, OutcomeResult, ReviewQueue } from '@exam/shared';
import { http } from '../../api/http';
import { toQueryString } from '../../api/queryString';
import { downloadFile } from '../results/download';

const attemptPath = (id: string) => `/attempts/${encodeURIComponent(id)}`;
const examPath = (id: string) => `/exams/${encodeURIComponent(id)}`;

export interface QueueFilter {
  state?: IntegrityState;
  /** Only the reviewer's part of a shared hall. */
  mine?: boolean;
}

export type ReportFormat = 'pdf' | 'csv';

/**
 * The reader's time zone, so the reports' times read as the screen's do. The browser's zone: the
 * profile's zone list ('UTC', 'EST'…) is coarser than the clock on the reviewer's desk.
 */
export const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The integrity review calls (issue 53) as the server answers them. */
export const integrityApi = {
  queue: (examId: string, filter: QueueFilter) =>
    http.get<ReviewQueue>(`${examPath(examId)}/review-queue${toQueryString({ state: filter.state, mine: filter.mine ? 'true' : undefined })}`).then((r) => r.data),
  timeline: (attemptId: string) => http.get<AttemptTimeline>(`${attemptPath(attemptId)}/timeline`).then((r) => r.data),
  decide: (attemptId: string, eventId: string, input: FlagDecisionInput) =>
    http.post<FlagDecisionResult>(`${attemptPath(attemptId)}/flags/${encodeURIComponent(eventId)}/decision`, input).then((r) => r.data),
  setOutcome: (attemptId: string, input: OutcomeInput) => http.post<OutcomeResult>(`${attemptPath(attemptId)}/outcome`, input).then((r) => r.data),
  /** One attempt's integrity report, times in the reader's zone. */
  attemptReport: (attemptId: string, format: ReportFormat) => downloadFile(`${attemptPath(attemptId)}/integrity-report.${format}${toQueryString({ tz: readerZone() })}`, `integrity-report.${format}`),
  /** The exam's integrity summary over every attempt. */
  examSummary: (examId: string, format: ReportFormat) => downloadFile(`${examPath(examId)}/integrity-summary.${format}${toQueryString({ tz: readerZone() })}`, `integrity-summary.${format}`),
};
