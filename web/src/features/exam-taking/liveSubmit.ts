import type { SubmitInput } from './examTakingMachine';
import type { SubmitOutcome } from './types';

/**
 * Submitting over the exam's open socket (attempt:submit) rather than a new HTTP request: at the
 * end of an exam thousands of students press Submit within the same minute, and a socket that is
 * already connected and joined answers without a new connection each. The session actor offers
 * its socket here while it is joined; when there is none (offline, reconnecting) or the socket
 * cannot answer, the caller falls back to POST /submissions, which is idempotent.
 */
export type SubmitOverSocket = (input: SubmitInput) => Promise<SubmitOutcome | undefined>;

const offered = new Map<string, SubmitOverSocket>();

/** Offers a joined socket for the attempt; the returned function withdraws it. */
export function offerSocketSubmit(attemptId: string, submit: SubmitOverSocket): () => void {
  offered.set(attemptId, submit);
  return () => {
    if (offered.get(attemptId) === submit) offered.delete(attemptId);
  };
}

/** Submits over the attempt's socket when one is offered; undefined when it could not. */
export async function submitOverSocket(input: SubmitInput): Promise<SubmitOutcome | undefined> {
  return offered.get(input.attemptId)?.(input);
}
