import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../api/socket';
import { HallTiles } from './HallTiles';
import { rowView } from './rows';
import { buildRow } from './testRows';

function fakeSocket() {
  const handlers = new Map<string, Set<(p: unknown) => void>>();
  return {
    connected: true,
    on: (e: string, h: (p: unknown) => void) => handlers.set(e, (handlers.get(e) ?? new Set()).add(h)),
    off: (e: string, h: (p: unknown) => void) => handlers.get(e)?.delete(h),
    emit: vi.fn(),
    deliver: (e: string, p?: unknown) => handlers.get(e)?.forEach((h) => h(p)),
  };
}

const NOW = Date.parse('2030-01-01T00:10:00.000Z');
const views = [rowView(buildRow({ id: 's1', name: ['Ada', 'Lovelace'] }), NOW), rowView(buildRow({ id: 's2', name: ['Alan', 'Turing'] }), NOW)];

describe('the hall tiles with camera pictures', () => {
  it("shows each student's latest picture in their tile, and a click on it opens their camera", () => {
    const socket = fakeSocket();
    const onAction = vi.fn();
    const { unmount } = render(
      <MantineProvider env="test">
        <HallTiles views={views} onAction={onAction} socket={socket as unknown as AppSocket} examId="e1" />
      </MantineProvider>,
    );
    expect(socket.emit).toHaveBeenCalledWith('proctor:tiles', { examId: 'e1', on: true }, expect.any(Function));
    expect(screen.queryByTestId('hall-thumb')).toBeNull();

    act(() => socket.deliver('proctor:thumb', { attemptId: 'a-s1', jpeg: 'AAAA', at: '2030-01-01T00:10:00.000Z' }));
    const picture = screen.getByAltText('Camera of Ada Lovelace');
    expect(picture.getAttribute('src')).toBe('data:image/jpeg;base64,AAAA');
    expect(screen.getAllByTestId('hall-thumb')).toHaveLength(1);

    fireEvent.click(picture);
    expect(onAction).toHaveBeenCalledWith('camera', views[0]!.key);
    // Without a picture the tile still opens the timeline.
    fireEvent.click(screen.getByText('Alan Turing'));
    expect(onAction).toHaveBeenCalledWith('timeline', views[1]!.key);

    unmount();
    expect(socket.emit).toHaveBeenLastCalledWith('proctor:tiles', { examId: 'e1', on: false }, expect.any(Function));
  });
});
