import { CAMERA_EVENTS, PROCTOR_EVENTS, SOCKET_EVENTS, THUMB_MAX_BYTES } from '@exam/shared';
import type { AppSocket } from '../../../api/socket';
import { attemptOf } from '../cameraResponder';
import { examMedia } from '../examMedia';

/** The tile's picture size: enough to see a face, small enough for 300 tiles on a laptop. */
export const THUMB_WIDTH = 160;
export const THUMB_HEIGHT = 120;
/** JPEG qualities tried in turn until the picture fits THUMB_MAX_BYTES. */
export const THUMB_QUALITIES = [0.7, 0.5, 0.35, 0.2, 0.1] as const;

/**
 * The first encoding, best quality first, that fits `maxBytes`, as base64; null when none does
 * (a picture that cannot be made small enough is skipped, never sent oversize).
 */
export async function fitJpeg(encode: (quality: number) => Promise<Blob | null>, maxBytes = THUMB_MAX_BYTES): Promise<string | null> {
  for (const quality of THUMB_QUALITIES) {
    const blob = await encode(quality);
    if (blob && blob.size <= maxBytes) return toBase64(blob);
  }
  return null;
}

/** A blob's bytes as plain base64 (FileReader: the one reader every browser, and jsdom, has). */
function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable picture'));
    reader.readAsDataURL(blob);
  });
}

/** One hidden video element per camera stream: drawing needs a playing element, not the stream. */
const players = new WeakMap<MediaStream, HTMLVideoElement>();
function playerOf(stream: MediaStream): HTMLVideoElement {
  let video = players.get(stream);
  if (!video) {
    video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    players.set(stream, video);
  }
  return video;
}

/** The camera's current frame as a 160×120 JPEG of at most 8 KB, base64; null before the camera shows a frame. */
export async function captureThumb(stream: MediaStream): Promise<string | null> {
  const video = playerOf(stream);
  if (video.readyState < 2) return null;
  const canvas = document.createElement('canvas');
  canvas.width = THUMB_WIDTH;
  canvas.height = THUMB_HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.drawImage(video, 0, 0, THUMB_WIDTH, THUMB_HEIGHT);
  return fitJpeg((quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)));
}

export interface ThumbSenderDeps {
  getCamera: () => MediaStream | null;
  capture: (stream: MediaStream) => Promise<string | null>;
}

const intervalOf = (raw: unknown): number | null | undefined => {
  const value = raw && typeof raw === 'object' ? (raw as { intervalMs?: unknown }).intervalMs : undefined;
  if (value === null) return null;
  return typeof value === 'number' && value > 0 ? value : undefined;
};

/**
 * The student's side of the hall's tiles: while a board shows them (`attempt:thumbs` with an
 * interval) a small camera picture goes out at that interval; `null`, the attempt's end or leaving
 * the exam stops it. Same shape as the camera responder, so the session attaches both alike.
 */
export function thumbSender(deps: ThumbSenderDeps = { getCamera: examMedia.get, capture: captureThumb }) {
  return (socket: AppSocket, attemptId: string): (() => void) => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let busy = false;
    let intervalMs: number | null = null;

    const sendOne = async () => {
      const stream = deps.getCamera();
      // No camera, or the last picture still encoding: skip this turn rather than queue pictures.
      if (!stream || busy || !socket.connected) return;
      busy = true;
      try {
        const jpeg = await deps.capture(stream);
        // The ack is not awaited: a dropped picture is replaced by the next one.
        if (jpeg && timer !== undefined && socket.connected) socket.emit(PROCTOR_EVENTS.thumb, { attemptId, jpeg }, () => undefined);
      } catch {
        // A frame that cannot be drawn is only a tile that stays on its last picture.
      } finally {
        busy = false;
      }
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
      intervalMs = null;
    };
    const onThumbs = (raw: unknown) => {
      const next = intervalOf(raw);
      if (next === undefined) return;
      if (next === null) return stop();
      // A renewal at the same pace keeps the running timer, so renewals never bunch pictures up.
      if (next === intervalMs && timer !== undefined) return;
      stop();
      intervalMs = next;
      timer = setInterval(() => void sendOne(), next);
      void sendOne();
    };
    const onEnded = (raw: unknown) => {
      if (attemptOf(raw) === attemptId) stop();
    };

    socket.on(PROCTOR_EVENTS.thumbs, onThumbs);
    socket.on(CAMERA_EVENTS.closed, onEnded);
    socket.on(SOCKET_EVENTS.submitted, onEnded);
    return () => {
      socket.off(PROCTOR_EVENTS.thumbs, onThumbs);
      socket.off(CAMERA_EVENTS.closed, onEnded);
      socket.off(SOCKET_EVENTS.submitted, onEnded);
      stop();
    };
  };
}
