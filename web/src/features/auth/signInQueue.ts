import { ApiError } from '../../api/http';

/**
 * A crowded server's answer to a sign-in (503 with `{ queuePosition, retryAfterSeconds,
 * queueTicket }`): the hashing of passwords is backed up, so instead of letting the sign-in wait
 * past the 30 s request limit it says where the student is in line and when to come back. The
 * ticket keeps that place when the page tries again.
 */
export interface QueuePlace {
  queuePosition: number;
  retryAfterSeconds: number;
  queueTicket?: string;
}

export function queuePlaceOf(error: unknown): QueuePlace | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  const data = error.data as Partial<QueuePlace> | undefined;
  if (typeof data?.queuePosition !== 'number' || typeof data.retryAfterSeconds !== 'number') return undefined;
  return {
    queuePosition: data.queuePosition,
    // Never hammer the server, never wait longer than a minute at a time.
    retryAfterSeconds: Math.min(60, Math.max(1, Math.ceil(data.retryAfterSeconds))),
    queueTicket: typeof data.queueTicket === 'string' ? data.queueTicket : undefined,
  };
}
