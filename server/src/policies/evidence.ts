import { administers } from './people';
import type { Viewer } from './index';

/** What the evidence rule needs of a picture: whose attempt it is, who owns the exam, and whether the viewer is on its staff. */
export interface EvidenceResource {
  student_id: string;
  exam_owner_id: string;
  /** The viewer was added to the exam's hall (exam_staff), as proctor or reviewer. */
  viewer_on_staff?: boolean;
}

/**
 * An evidence picture is for the student it shows, the teachers who run the exam's hall (its
 * owner and those added as proctors or reviewers) and admins; for nobody else, parents included.
 * A refusal reads as "not found", so nobody learns it exists.
 */
export function mayReadEvidence(viewer: Viewer, evidence: EvidenceResource): boolean {
  const { id, role } = viewer.user;
  if (administers(role)) return true;
  if (role === 'teacher') return evidence.exam_owner_id === id || !!evidence.viewer_on_staff;
  if (role === 'student') return evidence.student_id === id;
  return false;
}
