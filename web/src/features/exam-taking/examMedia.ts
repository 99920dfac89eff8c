import { i18n } from '../../i18n';
import { mediaKindOf } from './messages';
/**
 * The camera (and microphone) stream the student granted on the start screen, kept for the whole
 * attempt so the proctor can open it at any time. One exam screen per tab, so one stream.
 */
let current: MediaStream | null = null;

export const examMedia = {
  get: (): MediaStream | null => (current && current.getTracks().some((t) => t.readyState === 'live') ? current : null),
  set(stream: MediaStream): void {
    if (current && current !== stream) current.getTracks().forEach((t) => t.stop());
    current = stream;
  },
  /** Turns the camera off (leaving the exam screen): the browser's recording indicator goes out. */
  stop(): void {
    current?.getTracks().forEach((t) => t.stop());
    current = null;
  },
};

export type MediaFailure = 'denied' | 'not-found' | 'unsupported' | 'other';

/** Asks the browser for the devices the exam needs; the failure kind decides what the student is told. */
export async function requestExamMedia(needs: { video: boolean; audio: boolean }): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MediaError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({ video: needs.video, audio: needs.audio });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new MediaError('denied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') throw new MediaError('not-found');
    throw new MediaError('other');
  }
}

export class MediaError extends Error {
  constructor(readonly kind: MediaFailure) {
    super(kind);
    this.name = 'MediaError';
  }
}

const FAILURE_KEYS: Record<MediaFailure, string> = { denied: 'denied', 'not-found': 'notFound', unsupported: 'unsupported', other: 'other' };

export function mediaFailureText(kind: MediaFailure, needs: { video: boolean; audio: boolean }): string {
  return i18n.t(`examTaking:media.${FAILURE_KEYS[kind]}.${mediaKindOf(needs)}`);
}
