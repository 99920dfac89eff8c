import type { ProctorEvent, WaivableCheck } from '@exam/shared';
import { fetchFile } from '../../api/fileFetch';
import { http } from '../../api/http';
import { evidenceEntrySchema, helpRequestSchema, historyEventSchema, listIn, readEach, waiverSchema, type EvidenceEntry, type HelpRequest, type WaiverChange } from './schemas';

/** The board's REST calls (issue 58): feed history, waivers, help requests and evidence pictures. */

/** How many stored events the board reads back after a reload. */
export const HISTORY_LIMIT = 200;

export async function fetchFeedHistory(examId: string): Promise<ProctorEvent[]> {
  const res = await http.get<unknown>(`/exams/${encodeURIComponent(examId)}/proctor-feed?limit=${HISTORY_LIMIT}`);
  return readEach(listIn(res.data, 'events'), historyEventSchema).filter((e) => e.at);
}

export async function fetchWaivers(examId: string): Promise<WaiverChange[]> {
  const res = await http.get<unknown>(`/exams/${encodeURIComponent(examId)}/waivers`);
  return readEach(listIn(res.data, 'waivers'), waiverSchema);
}

const waiverPath = (examId: string, studentId: string, check: WaivableCheck) =>
  `/exams/${encodeURIComponent(examId)}/waivers/${encodeURIComponent(studentId)}/${encodeURIComponent(check)}`;

export const grantWaiver = (examId: string, studentId: string, check: WaivableCheck, reason: string) => http.put<unknown>(waiverPath(examId, studentId, check), { reason });
export const revokeWaiver = (examId: string, studentId: string, check: WaivableCheck) => http.delete<unknown>(waiverPath(examId, studentId, check));

export async function fetchOpenHelp(examId: string): Promise<HelpRequest[]> {
  const res = await http.get<unknown>(`/exams/${encodeURIComponent(examId)}/help?status=open`);
  return readEach(listIn(res.data, 'requests'), helpRequestSchema).filter((h) => h.status === 'open');
}

export const resolveHelp = (id: string) => http.post<unknown>(`/help/${encodeURIComponent(id)}/resolve`);

export async function fetchEvidenceList(attemptId: string): Promise<EvidenceEntry[]> {
  const res = await http.get<unknown>(`/attempts/${encodeURIComponent(attemptId)}/evidence`);
  return readEach(listIn(res.data, 'evidence'), evidenceEntrySchema);
}

/** An evidence picture as a Blob (served behind the bearer token, which an `<img src>` cannot carry). */
export async function fetchEvidencePicture(id: string): Promise<Blob> {
  return (await fetchFile(`/evidence/${encodeURIComponent(id)}`)).blob();
}
