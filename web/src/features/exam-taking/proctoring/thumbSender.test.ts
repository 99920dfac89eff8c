import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../api/socket';
import { fitJpeg, thumbSender } from './thumbSender';

/** Just enough of a socket.io client to deliver server events and record what is sent. */
function fakeSocket() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  return {
    connected: true,
    on: (e: string, h: (p: unknown) => void) => handlers.set(e, (handlers.get(e) ?? new Set()).add(h)),
    off: (e: string, h: (p: unknown) => void) => handlers.get(e)?.delete(h),
    emit: vi.fn(),
    deliver: (e: string, p: unknown) => handlers.get(e)?.forEach((h) => h(p)),
    sent: function (this: { emit: ReturnType<typeof vi.fn> }) {
      return this.emit.mock.calls.filter(([e]) => e === 'attempt:thumb').map(([, p]) => p as { attemptId: string; jpeg: string });
    },
  };
}

const camera = {} as MediaStream;

function sending(getCamera: () => MediaStream | null = () => camera) {
  const socket = fakeSocket();
  const capture = vi.fn(async () => 'SlBFRw==');
  const detach = thumbSender({ getCamera, capture })(socket as unknown as AppSocket, 'a1');
  return { socket, capture, detach };
}

describe('the student’s hall thumbnails', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing until a board asks, then a picture at once and one every interval', async () => {
    const { socket } = sending();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(socket.sent()).toHaveLength(0);
    socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    expect(socket.sent()).toEqual([{ attemptId: 'a1', jpeg: 'SlBFRw==' }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sent()).toHaveLength(3);
  });

  it('keeps its pace through the board’s renewals', async () => {
    const { socket } = sending();
    socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(4000);
    socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.sent()).toHaveLength(2);
  });

  it('stops when told, when the attempt ends, and when the exam is left', async () => {
    const first = sending();
    first.socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    first.socket.deliver('attempt:thumbs', { intervalMs: null });
    await vi.advanceTimersByTimeAsync(0);
    const afterStop = first.socket.sent().length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(first.socket.sent()).toHaveLength(afterStop);

    const second = sending();
    second.socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    second.socket.deliver('camera:closed', { attemptId: 'other', reason: 'student' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(second.socket.sent()).toHaveLength(2);
    second.socket.deliver('camera:closed', { attemptId: 'a1', reason: 'student' });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(second.socket.sent()).toHaveLength(2);

    const third = sending();
    third.socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(0);
    third.detach();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(third.socket.sent()).toHaveLength(1);
  });

  it('sends nothing without a camera', async () => {
    const { socket, capture } = sending(() => null);
    socket.deliver('attempt:thumbs', { intervalMs: 5000 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(capture).not.toHaveBeenCalled();
    expect(socket.sent()).toHaveLength(0);
  });
});

describe('fitting a picture into 8 KB', () => {
  const blobOf = (size: number) => new Blob([new Uint8Array(size).fill(65)]);

  it('steps the quality down until the picture fits', async () => {
    const tried: number[] = [];
    const jpeg = await fitJpeg(async (q) => {
      tried.push(q);
      return blobOf(q > 0.4 ? 9000 : 3);
    });
    expect(tried).toEqual([0.7, 0.5, 0.35]);
    expect(jpeg).toBe(btoa('AAA'));
  });

  it('gives up rather than send a picture that never fits', async () => {
    expect(await fitJpeg(async () => blobOf(9000))).toBeNull();
  });
});
