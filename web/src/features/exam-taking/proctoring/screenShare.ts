/**
 * The student's shared screen, kept for the whole attempt like the camera (examMedia): the proctor
 * may open it live, and the checks watch that it stays shared. Only a whole monitor counts: a
 * window or a tab would hide the rest of the desktop, which is what the proctor needs to see.
 */

export type ScreenShareFailure = 'denied' | 'not-whole' | 'unsupported' | 'other';

export class ScreenShareError extends Error {
  constructor(readonly kind: ScreenShareFailure) {
    super(kind);
    this.name = 'ScreenShareError';
  }
}

type Listener = (stream: MediaStream | null) => void;

let current: MediaStream | null = null;
const listeners = new Set<Listener>();
const live = (stream: MediaStream | null) => !!stream && stream.getVideoTracks().some((t) => t.readyState === 'live');

export const screenShare = {
  get: (): MediaStream | null => (live(current) ? current : null),
  set(stream: MediaStream): void {
    if (current && current !== stream) current.getTracks().forEach((t) => t.stop());
    current = stream;
    for (const listener of [...listeners]) listener(stream);
  },
  stop(): void {
    current?.getTracks().forEach((t) => t.stop());
    current = null;
    for (const listener of [...listeners]) listener(null);
  },
  /** Called with each newly shared stream (or null when stopped here); returns the unsubscribe. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether a shared stream shows a whole monitor (browsers that do not say are given the benefit of the doubt). */
export function isWholeScreen(stream: MediaStream): boolean {
  const track = stream.getVideoTracks()[0];
  if (!track) return false;
  const surface = (track.getSettings() as MediaTrackSettings & { displaySurface?: string }).displaySurface;
  return surface === undefined || surface === 'monitor';
}

/**
 * Asks the browser to share the screen, offering the whole monitor first. Must run inside a click:
 * browsers only allow it as the answer to a user gesture. A window or tab is refused and stopped.
 */
export async function requestScreenShare(): Promise<MediaStream> {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!media?.getDisplayMedia) throw new ScreenShareError('unsupported');
  let stream: MediaStream;
  try {
    stream = await media.getDisplayMedia({ video: { displaySurface: 'monitor' } as MediaTrackConstraints, audio: false });
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    throw new ScreenShareError(name === 'NotAllowedError' || name === 'SecurityError' || name === 'AbortError' ? 'denied' : 'other');
  }
  if (!isWholeScreen(stream)) {
    stream.getTracks().forEach((t) => t.stop());
    throw new ScreenShareError('not-whole');
  }
  return stream;
}

/** Calls `onEnded` once when the stream's video ends (the student pressed "Stop sharing"); returns the unsubscribe. */
export function onShareEnded(stream: MediaStream, onEnded: () => void): () => void {
  const track = stream.getVideoTracks()[0];
  if (!track) return () => undefined;
  if (track.readyState === 'ended') {
    onEnded();
    return () => undefined;
  }
  const handler = () => onEnded();
  track.addEventListener('ended', handler, { once: true });
  return () => track.removeEventListener('ended', handler);
}
