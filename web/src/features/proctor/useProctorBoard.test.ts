import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildRow } from './testRows';
import { useProctorBoard } from './useProctorBoard';

/** Just enough of a Socket.IO client: `proctor:watch` is answered with the current snapshot, in pages of two rows. */
class FakeSocket {
  connected = false;
  watches = 0;
  snapshot = [buildRow({ id: 's1' })];
  /** Deltas the server sends while it reads the next snapshot, before acknowledging it. */
  duringWatch: (() => void)[] = [];
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  connect() {
    this.connected = true;
    this.fire('connect');
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (event: string) => {
        if (event !== 'proctor:watch') return { ok: false, code: 'invalid', message: 'unexpected' };
        this.watches += 1;
        const exam = { _id: 'e1', title: 'Physics', startAt: '2030-01-01T00:00:00.000Z', endAt: '2030-01-01T02:00:00.000Z', duration: 60, totalQuestions: 5 };
        // The rows come first, in pages, then the acknowledgement that names them.
        const snapshotId = `snapshot-${this.watches}`;
        for (let i = 0; i < this.snapshot.length; i += 2) this.fire('proctor:snapshot', { examId: 'e1', snapshotId, students: this.snapshot.slice(i, i + 2) });
        for (const change of this.duringWatch.splice(0)) change();
        return { ok: true, data: { snapshotId, total: this.snapshot.length, serverNow: new Date().toISOString(), exam } };
      },
    };
  }
}

const socket = new FakeSocket();
vi.mock('../../api/socket', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/socket')>()),
  createSocket: () => socket,
  keepConnected: () => () => undefined,
}));

describe('useProctorBoard', () => {
  it('re-reads the snapshot when the server says live events may have been lost (Redis outage)', async () => {
    const { result } = renderHook(() => useProctorBoard('e1'));
    await waitFor(() => expect(result.current.connection).toBe('live'));
    expect(result.current.state.rows.get('s1')?.violations.other).toBe(0);

    // Violations raised on another node while Redis was down never arrived as events; the database has them.
    socket.snapshot = [buildRow({ id: 's1', violations: { tabSwitches: 1, fullscreenExits: 0, other: 4 } })];
    act(() => socket.fire('proctor:resync', {}));
    await waitFor(() => expect(result.current.state.rows.get('s1')?.violations).toEqual({ tabSwitches: 1, fullscreenExits: 0, other: 4 }));
    expect(socket.watches).toBe(2);
  });

  it('builds the board from the snapshot pages, keeping a submission that happened while they were read', async () => {
    socket.snapshot = [buildRow({ id: 's1' }), buildRow({ id: 's2', name: ['Ana', 'Ortiz'] }), buildRow({ id: 's3', name: ['Bo', 'Li'] })];
    // The pages were read before s2 submitted; the row change reaches the board before the acknowledgement.
    socket.duringWatch.push(() => socket.fire('proctor:row', buildRow({ id: 's2', name: ['Ana', 'Ortiz'], status: 'submitted', submitReason: 'student' })));
    const { result } = renderHook(() => useProctorBoard('e1'));
    await waitFor(() => expect(result.current.connection).toBe('live'));
    expect([...result.current.state.rows.keys()]).toEqual(['s1', 's2', 's3']);
    expect(result.current.state.rows.get('s2')).toMatchObject({ status: 'submitted', submitReason: 'student' });
    expect(result.current.failure).toBeNull();
  });
});
