import type { FaceSample } from './faceRules';
import type { FaceWorkerReply, FaceWorkerRequest } from './faceWorker';

export type FaceReading = Omit<FaceSample, 'at'>;

export interface FaceClient {
  /** Resolves when the model is loaded (from our origin or the browser's cache). */
  ready(): Promise<void>;
  /** The faces in the video's current frame. */
  detect(video: HTMLVideoElement): Promise<FaceReading>;
  terminate(): void;
}

export interface WorkerLike {
  postMessage(message: FaceWorkerRequest, transfer?: Transferable[]): void;
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** Frames wider than this are scaled down before they cross to the worker: the detector looks at 256 px anyway. */
const MAX_FRAME_WIDTH = 640;

const spawnFaceWorker = (): WorkerLike => new Worker(new URL('./faceWorker.ts', import.meta.url), { type: 'module' });

export function createFaceClient(spawn: () => WorkerLike = spawnFaceWorker, grab: (video: HTMLVideoElement) => Promise<ImageBitmap> = grabFrame): FaceClient {
  const worker = spawn();
  const pending = new Map<number, { resolve(r: FaceReading): void; reject(e: Error): void }>();
  let nextId = 1;
  let settleReady!: { resolve(): void; reject(e: Error): void };
  const readyPromise = new Promise<void>((resolve, reject) => {
    settleReady = { resolve, reject };
  });
  // A failed load is reported to whoever waits on it; unobserved, it must not become an unhandled rejection.
  readyPromise.catch(() => undefined);

  const failAll = (error: Error) => {
    settleReady.reject(error);
    pending.forEach((p) => p.reject(error));
    pending.clear();
  };
  worker.addEventListener('message', (event) => {
    const reply = (event as MessageEvent<FaceWorkerReply>).data;
    if (reply.type === 'ready') return settleReady.resolve();
    if (reply.type === 'error') {
      const error = new Error(reply.message);
      if (reply.id === undefined) return failAll(error);
      pending.get(reply.id)?.reject(error);
      pending.delete(reply.id);
      return;
    }
    const { id, type: _type, ...reading } = reply;
    pending.get(id)?.resolve(reading);
    pending.delete(id);
  });
  worker.addEventListener('error', (event) => failAll(new Error((event as ErrorEvent).message || 'face worker failed')));
  worker.postMessage({ type: 'load' });

  return {
    ready: () => readyPromise,
    async detect(video) {
      await readyPromise;
      const frame = await grab(video);
      const id = nextId++;
      return new Promise<FaceReading>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ type: 'detect', id, frame }, [frame]);
      });
    },
    terminate() {
      failAll(new Error('face worker stopped'));
      worker.terminate();
    },
  };
}

function grabFrame(video: HTMLVideoElement): Promise<ImageBitmap> {
  const width = video.videoWidth;
  if (width <= MAX_FRAME_WIDTH) return createImageBitmap(video);
  return createImageBitmap(video, { resizeWidth: MAX_FRAME_WIDTH, resizeHeight: Math.round((video.videoHeight * MAX_FRAME_WIDTH) / width), resizeQuality: 'low' });
}

/**
 * Samples the camera at most once per `everyMs`: a frame is skipped while the previous one is still
 * in the worker, so a slow device samples less often instead of queueing work. Returns the stop.
 */
export function sampleFaces(options: {
  client: FaceClient;
  /** The camera stream, or a video element already showing it. */
  source: MediaStream | HTMLVideoElement;
  everyMs: number;
  onSample(sample: FaceSample): void;
  onError?(error: unknown): void;
}): () => void {
  const { client, everyMs, onSample } = options;
  const own = !(options.source instanceof HTMLVideoElement);
  const video = options.source instanceof HTMLVideoElement ? options.source : playStream(options.source);
  let inFlight = false;
  let stopped = false;

  const timer = setInterval(() => {
    // Fewer than 2 (HAVE_CURRENT_DATA): no frame to look at yet.
    if (inFlight || stopped || video.readyState < 2) return;
    inFlight = true;
    const at = performance.now();
    client
      .detect(video)
      .then((reading) => {
        if (!stopped) onSample({ at, ...reading });
      })
      .catch((error: unknown) => {
        if (!stopped) options.onError?.(error);
      })
      .finally(() => {
        inFlight = false;
      });
  }, everyMs);

  return () => {
    stopped = true;
    clearInterval(timer);
    if (own) {
      video.pause();
      video.srcObject = null;
    }
  };
}

/** A video element of our own, never shown, that plays the stream so frames can be read from it. */
function playStream(stream: MediaStream): HTMLVideoElement {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  void Promise.resolve()
    .then(() => video.play())
    .catch(() => undefined);
  return video;
}
