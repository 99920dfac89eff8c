import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFaceClient, sampleFaces, type WorkerLike } from './faceClient';
import type { FaceSample } from './faceRules';
import type { FaceWorkerReply, FaceWorkerRequest } from './faceWorker';

/** A worker that answers when the test says so. */
class FakeWorker extends EventTarget implements WorkerLike {
  requests: FaceWorkerRequest[] = [];
  terminated = false;
  postMessage(message: FaceWorkerRequest) {
    this.requests.push(message);
  }
  reply(data: FaceWorkerReply) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  terminate() {
    this.terminated = true;
  }
}

const frame = () => Promise.resolve({ close() {} } as ImageBitmap);
const playingVideo = () => Object.assign(document.createElement('video'), {}) as HTMLVideoElement;

describe('face client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the model first and routes each answer to its frame', async () => {
    const worker = new FakeWorker();
    const client = createFaceClient(() => worker, frame);
    expect(worker.requests).toEqual([{ type: 'load' }]);
    worker.reply({ type: 'ready' });
    const reading = client.detect(playingVideo());
    await vi.waitFor(() => expect(worker.requests).toHaveLength(2));
    const { id } = worker.requests[1] as { id: number };
    worker.reply({ type: 'result', id, faces: 2, score: 0.8, yaw: 0.1, pitch: 0 });
    await expect(reading).resolves.toEqual({ faces: 2, score: 0.8, yaw: 0.1, pitch: 0 });
  });

  it('reports a model that fails to load to whoever waits for it', async () => {
    const worker = new FakeWorker();
    const client = createFaceClient(() => worker, frame);
    worker.reply({ type: 'error', message: 'model not found' });
    await expect(client.ready()).rejects.toThrow('model not found');
  });

  it('samples at most once per interval and skips a frame while one is still being looked at', async () => {
    const worker = new FakeWorker();
    const client = createFaceClient(() => worker, frame);
    worker.reply({ type: 'ready' });
    const video = playingVideo();
    Object.defineProperty(video, 'readyState', { value: 4 });
    const samples: FaceSample[] = [];
    const stop = sampleFaces({ client, source: video, everyMs: 500, onSample: (s) => samples.push(s) });
    await vi.advanceTimersByTimeAsync(2000);
    const detects = worker.requests.filter((r) => r.type === 'detect');
    expect(detects).toHaveLength(1);
    worker.reply({ type: 'result', id: (detects[0] as { id: number }).id, faces: 1, score: 0.9, yaw: 0, pitch: 0 });
    await vi.advanceTimersByTimeAsync(500);
    expect(samples).toHaveLength(1);
    expect(worker.requests.filter((r) => r.type === 'detect')).toHaveLength(2);
    stop();
  });
});
