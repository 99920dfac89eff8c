import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../api/socket';
import { useHallThumbs } from './useHallThumbs';

/** Just enough of a socket.io client: records emits, delivers server events. */
function fakeSocket() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  return {
    connected: true,
    on: (e: string, h: (p: unknown) => void) => handlers.set(e, (handlers.get(e) ?? new Set()).add(h)),
    off: (e: string, h: (p: unknown) => void) => handlers.get(e)?.delete(h),
    emit: vi.fn(),
    deliver: (e: string, p?: unknown) => handlers.get(e)?.forEach((h) => h(p)),
    asked(this: { emit: ReturnType<typeof vi.fn> }) {
      return this.emit.mock.calls.filter(([e]) => e === 'proctor:tiles').map(([, p]) => (p as { on: boolean }).on);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the hall tiles’ thumbnails', () => {
  it('asks for thumbnails while shown, renews every 20 s, and says so on leaving', () => {
    const socket = fakeSocket();
    const { rerender, unmount } = renderHook(({ on }) => useHallThumbs(socket as unknown as AppSocket, 'e1', on), { initialProps: { on: false } });
    expect(socket.asked()).toEqual([]);
    rerender({ on: true });
    expect(socket.emit).toHaveBeenCalledWith('proctor:tiles', { examId: 'e1', on: true }, expect.any(Function));
    act(() => void vi.advanceTimersByTime(40_000));
    expect(socket.asked()).toEqual([true, true, true]);
    rerender({ on: false });
    expect(socket.asked()).toEqual([true, true, true, false]);
    act(() => void vi.advanceTimersByTime(40_000));
    expect(socket.asked()).toHaveLength(4);
    unmount();
  });

  it('asks again after a reconnect', () => {
    const socket = fakeSocket();
    renderHook(() => useHallThumbs(socket as unknown as AppSocket, 'e1', true));
    act(() => socket.deliver('connect'));
    expect(socket.asked()).toEqual([true, true]);
  });

  it("keeps each student's latest picture as a data URL, and drops them on leaving", () => {
    const socket = fakeSocket();
    const { result, rerender } = renderHook(({ on }) => useHallThumbs(socket as unknown as AppSocket, 'e1', on), { initialProps: { on: true } });
    act(() => socket.deliver('proctor:thumb', { attemptId: 'a1', jpeg: 'AAAA', at: '2030-01-01T00:00:00.000Z' }));
    act(() => socket.deliver('proctor:thumb', { attemptId: 'a2', jpeg: 'BBBB', at: '2030-01-01T00:00:00.000Z' }));
    act(() => socket.deliver('proctor:thumb', { attemptId: 'a1', jpeg: 'CCCC', at: '2030-01-01T00:00:05.000Z' }));
    expect(result.current.get('a1')).toBe('data:image/jpeg;base64,CCCC');
    expect(result.current.get('a2')).toBe('data:image/jpeg;base64,BBBB');
    rerender({ on: false });
    expect(result.current.size).toBe(0);
  });
});
