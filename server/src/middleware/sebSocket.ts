import { SEB_MSG } from '@exam/shared';
import type { Deps } from '../deps';
import { AppError } from '../errors';
import { createSebRequirementLookup, markAttemptInSeb, pageEvidence, sebVerified, type SebEvidence } from '../services/seb/requestCheck';

/** What a socket keeps of SEB: the JavaScript API's values its handshake carried, if any. */
export interface SebSocketData {
  seb?: SebEvidence;
}

/**
 * The handshake's part (docs/seb.md): SEB adds no header to a WebSocket, so a page in SEB sends
 * the values of SEB's JavaScript API with the URLs they were computed for in `auth.seb`. They are
 * kept on the socket (the handshake itself is forgotten once connected) and checked against each
 * exam when the socket acts on one of its attempts.
 */
export function rememberSebProof(data: SebSocketData, handshakeAuth: unknown): void {
  const evidence = pageEvidence((handshakeAuth as { seb?: unknown } | undefined)?.seb);
  if (evidence) data.seb = evidence;
}

/**
 * The check of a socket's events about an attempt: refused (403 "This exam requires Safe Exam
 * Browser") when the exam requires SEB and the socket's handshake did not carry SEB's proof for
 * the exam's file. `marks`: the attempt's join, which marks the attempt as sat in SEB when the
 * proof holds. Created once per server; the handlers ask it for an attempt the socket has not
 * joined (a joined one was asked at its join).
 */
export function sebSocketCheck(deps: Deps) {
  const requirementOf = createSebRequirementLookup(deps);
  return async (data: SebSocketData, attemptId: string, studentId: string, opts: { marks?: boolean } = {}): Promise<void> => {
    const requirement = await requirementOf(attemptId);
    if (!requirement) return;
    const verified = sebVerified(data.seb, requirement, deps.config.publicUrl);
    if (requirement.required && !verified) throw new AppError(403, 'seb-required', SEB_MSG.required);
    if (verified && opts.marks) await markAttemptInSeb(deps, studentId, { attemptId });
  };
}
