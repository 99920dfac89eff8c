import { consentStatusSchema, type ConsentStatus, type DeviceFlag, type MediaSource, type WaivableCheck } from '@exam/shared';
import { http } from '../../../api/http';

/** The REST calls of proctoring on the student's side: consent, help with a check, evidence pictures. */

const examPath = (id: string) => `/exams/${encodeURIComponent(id)}`;

/** What this exam checks, whether the student accepted this version of it, and what is waived for them. */
export async function getConsent(examId: string): Promise<ConsentStatus> {
  const { data } = await http.get<unknown>(`${examPath(examId)}/consent`);
  return consentStatusSchema.parse(data);
}

/** Stores the acceptance of the version the student read (the server refuses an outdated one with 409). */
export async function giveConsent(examId: string, profileHash: string): Promise<void> {
  await http.post<unknown>(`${examPath(examId)}/consent`, { profileHash });
}

/** Tells the exam's proctors that the student cannot pass a check; they may waive it. */
export async function askForHelp(examId: string, check: WaivableCheck, note?: string): Promise<void> {
  await http.post<unknown>(`${examPath(examId)}/help`, note ? { check, note } : { check });
}

export interface EvidenceUpload {
  picture: Blob;
  flagId: string;
  kind: DeviceFlag;
  source: MediaSource;
}

/** Uploads the one small picture taken when a flag was raised (multipart, as the server's upload rule reads it). */
export async function uploadEvidence(attemptId: string, evidence: EvidenceUpload): Promise<void> {
  const form = new FormData();
  form.append('flagId', evidence.flagId);
  form.append('kind', evidence.kind);
  form.append('source', evidence.source);
  form.append('picture', evidence.picture, `${evidence.flagId}.jpg`);
  await http.post<unknown>(`/attempts/${encodeURIComponent(attemptId)}/evidence`, form);
}
