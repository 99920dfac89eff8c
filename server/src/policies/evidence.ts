import { administers } from './people';
import type { Viewer } from './index';

/** What the evidence rule needs of a picture: whose attempt it is and who owns the exam. */
export interface EvidenceResource {
  student_id: string;
  exam_owner_id: string;
}

/**
 * An evidence picture is for the student it shows, the teacher who owns the exam and admins; for
 * nobody else, parents included. A refusal reads as "not found", so nobody learns it exists.
 */
export function mayReadEvidence(viewer: Viewer, evidence: EvidenceResource): boolean {
  const { id, role } = viewer.user;
  if (administers(role)) return true;
  if (role === 'teacher') return evidence.exam_owner_id === id;
  if (role === 'student') return evidence.student_id === id;
  return false;
}
