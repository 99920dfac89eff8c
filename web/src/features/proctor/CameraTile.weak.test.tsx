import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../api/socket';

/** A simple-peer stand-in whose stats report a link carrying `kbps`. */
const peers: { handlers: Map<string, (v: unknown) => void>; destroy: ReturnType<typeof vi.fn>; bytes: number }[] = [];
let kbps = 800;
vi.mock('../../api/peer', async (actual) => ({
  ...(await actual<typeof import('../../api/peer')>()),
  createPeer: () => {
    const peer = {
      handlers: new Map<string, (v: unknown) => void>(),
      destroy: vi.fn(),
      bytes: 0,
      on(event: string, fn: (v: unknown) => void) {
        peer.handlers.set(event, fn);
      },
      signal: vi.fn(),
      getStats(cb: (err: Error | null, reports: Record<string, unknown>[]) => void) {
        peer.bytes += (kbps * 1000) / 8;
        cb(null, [{ type: 'inbound-rtp', kind: 'video', bytesReceived: peer.bytes, packetsReceived: 0, packetsLost: 0 }]);
      },
    };
    peers.push(peer);
    return peer;
  },
}));

const { CameraTile } = await import('./CameraTile');

function fakeSocket() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  return {
    connected: true,
    id: 'board',
    on: (e: string, h: (p: unknown) => void) => handlers.set(e, (handlers.get(e) ?? new Set()).add(h)),
    off: (e: string, h: (p: unknown) => void) => handlers.get(e)?.delete(h),
    emit: vi.fn(),
    timeout: () => ({ emitWithAck: async () => ({ ok: true, iceServers: [] }) }),
    deliver: (e: string, p?: unknown) => handlers.get(e)?.forEach((h) => h(p)),
  };
}

const presence = { online: true, inProgress: true, lastSeenAt: null };

beforeEach(() => {
  vi.useFakeTimers();
  peers.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

async function liveTile(socket: ReturnType<typeof fakeSocket>) {
  render(
    <MantineProvider env="test">
      <CameraTile socket={socket as unknown as AppSocket} attemptId="a1" examId="e1" name="Ada Lovelace" presence={presence} serverNow={0} onClose={() => undefined} />
    </MantineProvider>,
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
    socket.deliver('rtc:signal', { attemptId: 'a1', from: 'student', data: { type: 'offer', sdp: 'x' } });
  });
  await act(async () => {
    peers[0]!.handlers.get('stream')!({ getAudioTracks: () => [] });
  });
}

describe('a live camera on a weak link', () => {
  it('stays live on a good link', async () => {
    kbps = 800;
    const socket = fakeSocket();
    await liveTile(socket);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.queryByTestId('camera-weak')).toBeNull();
    expect(peers[0]!.destroy).not.toHaveBeenCalled();
  });

  it('drops to the student’s pictures after 5 s under 150 kbit/s, and Retry goes live again', async () => {
    kbps = 60;
    const socket = fakeSocket();
    await liveTile(socket);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.queryByTestId('camera-weak')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByText('Slow connection: pictures every few seconds')).toBeTruthy();
    expect(peers[0]!.destroy).toHaveBeenCalled();
    expect(socket.emit).toHaveBeenCalledWith('camera:stop', { attemptId: 'a1', source: 'camera' });
    expect(socket.emit).toHaveBeenCalledWith('proctor:tiles', { examId: 'e1', on: true }, expect.any(Function));

    act(() => socket.deliver('proctor:thumb', { attemptId: 'a1', jpeg: 'AAAA', at: '2030-01-01T00:00:00.000Z' }));
    expect(screen.getByAltText('Camera of Ada Lovelace').getAttribute('src')).toBe('data:image/jpeg;base64,AAAA');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.queryByTestId('camera-weak')).toBeNull();
    expect(socket.emit).toHaveBeenCalledWith('proctor:tiles', { examId: 'e1', on: false }, expect.any(Function));
  });
});
