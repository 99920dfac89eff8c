import { Human, type Config } from '@vladmandic/human';

/**
 * The face detector, in a module worker so the exam's page never waits on it. It is given one
 * frame at a time and answers with counts and angles only: no picture leaves this worker.
 * Models and the wasm runtime come from our own origin (/proctor-models/<versions>/) and are kept in the
 * browser's IndexedDB after the first load.
 */

export type FaceWorkerRequest = { type: 'load' } | { type: 'detect'; id: number; frame: ImageBitmap };
export type FaceWorkerReply =
  | { type: 'ready' }
  | { type: 'error'; id?: number; message: string }
  | { type: 'result'; id: number; faces: number; score: number; yaw: number | null; pitch: number | null };

const config: Partial<Config> = {
  backend: 'wasm',
  wasmPath: `${__PROCTOR_MODELS__}tfjs/`,
  modelBasePath: __PROCTOR_MODELS__,
  cacheModels: true,
  // Every sample must be a fresh look: a cached answer could hide a face that just left.
  cacheSensitivity: 0,
  warmup: 'none',
  debug: false,
  async: true,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { maxDetected: 4, minConfidence: 0.5, rotation: false, skipFrames: 0, skipTime: 0 },
    // The mesh gives the head's yaw and pitch; iris, emotion and the rest are never loaded.
    mesh: { enabled: true },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    attention: { enabled: false },
  } as Config['face'],
};

const scope = self as unknown as { postMessage(message: FaceWorkerReply): void; addEventListener(type: 'message', listener: (e: MessageEvent<FaceWorkerRequest>) => void): void };
const human = new Human(config);
let loading: Promise<void> | null = null;
const load = () => (loading ??= human.load().then(() => undefined));

scope.addEventListener('message', (event) => {
  const request = event.data;
  if (request.type === 'load') {
    load().then(
      () => scope.postMessage({ type: 'ready' }),
      (error: unknown) => scope.postMessage({ type: 'error', message: String(error) }),
    );
    return;
  }
  void detect(request.id, request.frame);
});

async function detect(id: number, frame: ImageBitmap): Promise<void> {
  try {
    await load();
    const result = await human.detect(frame);
    const faces = result.face;
    const best = faces.reduce<(typeof faces)[number] | null>((a, f) => (!a || f.score > a.score ? f : a), null);
    const score = faces.length ? faces.reduce((sum, f) => sum + f.score, 0) / faces.length : 0;
    const angle = best?.rotation?.angle;
    scope.postMessage({ type: 'result', id, faces: faces.length, score, yaw: angle?.yaw ?? null, pitch: angle?.pitch ?? null });
  } catch (error) {
    scope.postMessage({ type: 'error', id, message: String(error) });
  } finally {
    frame.close();
  }
}
