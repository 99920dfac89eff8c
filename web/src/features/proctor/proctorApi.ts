import type { ProctorEvent, WaivableCheck } from '@exam/shared';
import { API_BASE, ApiError, catalogueMessage, http } from '../../api/http';
import { readToken } from '../../api/storedSession';
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

const fetchWithToken = (path: string) => {
  const token = readToken();
  return fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
};

/**
 * An evidence picture as a Blob: it is served behind the bearer token, which an `<img src>` cannot
 * carry. The JSON client reads no images, so an expired token is renewed by one cheap JSON call
 * (which refreshes the session) and the picture is asked for once more.
 */
export async function fetchEvidencePicture(id: string): Promise<Blob> {
  const path = `/evidence/${encodeURIComponent(id)}`;
  let response: Response;
  try {
    response = await fetchWithToken(path);
    if (response.status === 401 && readToken()) {
      await http.get('/auth/me');
      response = await fetchWithToken(path);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ status: 0, message: catalogueMessage(0) });
  }
  if (!response.ok) throw new ApiError({ status: response.status, message: catalogueMessage(response.status) });
  return response.blob();
}
