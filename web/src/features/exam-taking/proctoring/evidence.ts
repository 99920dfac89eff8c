import { MAX_EVIDENCE_BYTES } from '@exam/shared';

/** A playing video element, or a live stream (a frame is then read from a video element of our own). */
export type FrameSource = HTMLVideoElement | MediaStream;

/** Each picture is drawn this size: enough to see a person or a window, too small for a document. */
export const EVIDENCE_WIDTH = 320;
export const EVIDENCE_HEIGHT = 240;
const QUALITIES = [0.7, 0.6, 0.5, 0.4, 0.3, 0.2];
const FRAME_TIMEOUT_MS = 3000;

export class EvidenceError extends Error {
  constructor(readonly reason: 'no-source' | 'too-large' | 'no-frame') {
    super(reason);
    this.name = 'EvidenceError';
  }
}

/** Encodes at falling qualities until the picture fits: the first that fits is the sharpest allowed. */
export async function encodeWithin(encode: (quality: number) => Promise<Blob>, maxBytes = MAX_EVIDENCE_BYTES): Promise<Blob> {
  for (const quality of QUALITIES) {
    const blob = await encode(quality);
    if (blob.size <= maxBytes) return blob;
  }
  throw new EvidenceError('too-large');
}

/** The camera on the left and the screen on the right, each 320×240, in one JPEG of at most 60 KB. */
export async function captureJpeg(sources: { video: FrameSource | null; screen: FrameSource | null }): Promise<Blob> {
  const present = [sources.video, sources.screen].filter((s): s is FrameSource => s !== null && isLive(s));
  if (present.length === 0) throw new EvidenceError('no-source');
  const frames = await Promise.all(present.map(frameOf));
  try {
    const canvas = makeCanvas(EVIDENCE_WIDTH * frames.length, EVIDENCE_HEIGHT);
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
    if (!ctx) throw new EvidenceError('no-frame');
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    frames.forEach((frame, i) => drawContained(ctx, frame.video, i * EVIDENCE_WIDTH));
    return await encodeWithin((quality) => toJpeg(canvas, quality));
  } finally {
    frames.forEach((f) => f.release());
  }
}

function isLive(source: FrameSource): boolean {
  if (source instanceof MediaStream) return source.getVideoTracks().some((t) => t.readyState === 'live');
  return source.videoWidth > 0;
}

function drawContained(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, video: HTMLVideoElement, left: number): void {
  const scale = Math.min(EVIDENCE_WIDTH / video.videoWidth, EVIDENCE_HEIGHT / video.videoHeight);
  const w = video.videoWidth * scale;
  const h = video.videoHeight * scale;
  ctx.drawImage(video, left + (EVIDENCE_WIDTH - w) / 2, (EVIDENCE_HEIGHT - h) / 2, w, h);
}

async function frameOf(source: FrameSource): Promise<{ video: HTMLVideoElement; release(): void }> {
  if (!(source instanceof MediaStream)) return { video: source, release: () => undefined };
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = source;
  const release = () => {
    video.pause();
    video.srcObject = null;
  };
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        video.addEventListener('loadeddata', () => resolve(), { once: true });
        video.play().catch(reject);
      }),
    );
    return { video, release };
  } catch {
    release();
    throw new EvidenceError('no-frame');
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new EvidenceError('no-frame')), FRAME_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function makeCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function toJpeg(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if (canvas instanceof HTMLCanvasElement) {
    return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new EvidenceError('no-frame'))), 'image/jpeg', quality));
  }
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
}
