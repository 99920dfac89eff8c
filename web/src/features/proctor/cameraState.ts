import { i18n } from '../../i18n';

/**
 * What a camera tile tells the proctor, from its connection's phase and the student's presence on
 * the board. Pure, so every wording is tested without WebRTC.
 */

export type CameraPhase =
  | { kind: 'connecting' }
  | { kind: 'live' }
  /** The student's device never offered its stream. */
  | { kind: 'no-answer' }
  /** ICE found no route between the two browsers (a strict NAT, no TURN relay). */
  | { kind: 'ice-failed' }
  /** The server closed the camera: the attempt ended. */
  | { kind: 'ended' }
  | { kind: 'error'; message: string };

export interface StudentPresence {
  inProgress: boolean;
  online: boolean;
  lastSeenAt: string | null;
}

export interface TileNotice {
  text: string;
  tone: 'gray' | 'orange' | 'red';
  /** Offer the Retry button (nothing to retry once the attempt has ended). */
  retry: boolean;
}

/** An offline student seen this recently is taken to be reloading or on a blip, not gone. */
export const RECONNECT_GRACE_MS = 30_000;

/** The tile's words, in the language on screen when called. */
export const cameraText = (key: string, values?: Record<string, unknown>) => i18n.t(`proctor:camera.${key}`, values);

export const noAnswerText = () => cameraText('noAnswer');
export const iceFailedText = () => cameraText('iceFailed');

/** Errors simple-peer raises when ICE finds no working pair of candidates. */
const ICE_FAILURE_CODES = new Set(['ERR_ICE_CONNECTION_FAILURE', 'ERR_CONNECTION_FAILURE']);

export function phaseOfPeerError(error: unknown): CameraPhase {
  const code = error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  return ICE_FAILURE_CODES.has(code) ? { kind: 'ice-failed' } : { kind: 'error', message: cameraText('failed') };
}

export function tileNotice(phase: CameraPhase, presence: StudentPresence, name: string, serverNow: number): TileNotice | null {
  if (phase.kind === 'ended' || !presence.inProgress) return { text: cameraText('ended', { name }), tone: 'gray', retry: false };
  if (!presence.online) {
    const seen = presence.lastSeenAt ? Date.parse(presence.lastSeenAt) : Number.NaN;
    const recent = !Number.isNaN(seen) && serverNow - seen < RECONNECT_GRACE_MS;
    return { text: cameraText(recent ? 'reconnecting' : 'left', { name }), tone: 'orange', retry: true };
  }
  switch (phase.kind) {
    case 'connecting':
    case 'live':
      return null;
    case 'no-answer':
      return { text: noAnswerText(), tone: 'red', retry: true };
    case 'ice-failed':
      return { text: iceFailedText(), tone: 'red', retry: true };
    case 'error':
      return { text: phase.message, tone: 'red', retry: true };
  }
}
