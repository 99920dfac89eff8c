import { describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../api/socket';

const created: { options: Record<string, unknown>; destroy: ReturnType<typeof vi.fn>; signal: ReturnType<typeof vi.fn> }[] = [];
vi.mock('../../api/peer', async (actual) => ({
  ...(await actual<typeof import('../../api/peer')>()),
  createPeer: (options: Record<string, unknown>) => {
    const peer = { options, destroy: vi.fn(), on: vi.fn(), signal: vi.fn() };
    created.push(peer);
    return peer;
  },
}));

const { cameraResponder } = await import('./cameraResponder');

/** Just enough of a socket.io client to deliver server events to the responder. */
function fakeSocket() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  return {
    connected: true,
    on: (e: string, h: (p: unknown) => void) => handlers.set(e, (handlers.get(e) ?? new Set()).add(h)),
    off: (e: string, h: (p: unknown) => void) => handlers.get(e)?.delete(h),
    emit: vi.fn(),
    deliver: (e: string, p: unknown) => handlers.get(e)?.forEach((h) => h(p)),
  };
}

const stream = {} as MediaStream;
const ICE = [{ urls: 'turn:turn.school.test:3478', username: 'hall', credential: 'pw' }];

describe('the student’s camera responder', () => {
  it('offers the stream to each asking proctor with the server’s STUN/TURN servers', () => {
    created.length = 0;
    const socket = fakeSocket();
    cameraResponder(() => stream, vi.fn())(socket as unknown as AppSocket, 'a1');
    socket.deliver('camera:request', { attemptId: 'a1', proctorSocketId: 'p1', iceServers: ICE });
    expect(created).toHaveLength(1);
    expect(created[0]!.options).toMatchObject({ initiator: true, stream, config: { iceServers: ICE } });
  });

  it('closes every proctor’s connection and turns the camera off when the attempt ends', () => {
    created.length = 0;
    const socket = fakeSocket();
    const stopCamera = vi.fn();
    cameraResponder(() => stream, stopCamera)(socket as unknown as AppSocket, 'a1');
    socket.deliver('camera:request', { attemptId: 'a1', proctorSocketId: 'p1' });
    socket.deliver('camera:request', { attemptId: 'a1', proctorSocketId: 'p2' });
    socket.deliver('camera:closed', { attemptId: 'other', reason: 'student' });
    expect(stopCamera).not.toHaveBeenCalled();
    socket.deliver('camera:closed', { attemptId: 'a1', reason: 'proctor' });
    expect(created.map((p) => p.destroy.mock.calls.length)).toEqual([1, 1]);
    expect(stopCamera).toHaveBeenCalledTimes(1);
  });

  it('offers the shared screen, not the camera, to a proctor who asks for the screen, and routes each tile’s signals to its own peer', () => {
    created.length = 0;
    const socket = fakeSocket();
    const screen = { id: 'screen' } as unknown as MediaStream;
    cameraResponder(() => stream, vi.fn(), () => screen, vi.fn())(socket as unknown as AppSocket, 'a1');
    socket.deliver('camera:request', { attemptId: 'a1', proctorSocketId: 'p1' });
    socket.deliver('camera:request', { attemptId: 'a1', proctorSocketId: 'p1', source: 'screen' });
    expect(created.map((p) => p.options.stream)).toEqual([stream, screen]);
    socket.deliver('rtc:signal', { attemptId: 'a1', from: 'p1', source: 'screen', data: { type: 'answer', sdp: 's' } });
    socket.deliver('rtc:signal', { attemptId: 'a1', from: 'p1', source: 'camera', data: { type: 'answer', sdp: 'c' } });
    expect(created[1]!.signal).toHaveBeenCalledWith({ type: 'answer', sdp: 's' });
    expect(created[0]!.signal).toHaveBeenCalledWith({ type: 'answer', sdp: 'c' });
    // Closing the screen tile leaves the camera tile open.
    socket.deliver('camera:stop', { attemptId: 'a1', proctorSocketId: 'p1', source: 'screen' });
    expect(created.map((p) => p.destroy.mock.calls.length)).toEqual([0, 1]);
  });

  it('leaves a screen request unanswered when no screen is shared, and stops the share when the attempt ends', () => {
    created.length = 0;
    const socket = fakeSocket();
    const stopScreen = vi.fn();
    cameraResponder(() => stream, vi.fn(), () => null, stopScreen)(socket as unknown as AppSocket, 'a1');
    socket.deliver('camera:request', { attemptId: 'a1', proctorSocketId: 'p1', source: 'screen' });
    expect(created).toHaveLength(0);
    socket.deliver('camera:closed', { attemptId: 'a1', reason: 'student' });
    expect(stopScreen).toHaveBeenCalledTimes(1);
  });
});
