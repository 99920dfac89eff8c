import type { HallPart, ProctorRow } from '@exam/shared';

/** The exam a fake `proctor:watch` acknowledges. */
export const BOARD_EXAM = { _id: 'e1', title: 'Physics', startAt: '2030-01-01T00:00:00.000Z', endAt: '2030-01-01T02:00:00.000Z', duration: 60, totalQuestions: 5 };

/** What the fake server answers a watch with: the hall's rows and, for a shared hall, the watcher's part. */
export interface FakeHall {
  students: ProctorRow[];
  part?: HallPart | null;
}

/**
 * Just enough of a Socket.IO client for the board's tests: `proctor:watch` is answered with a
 * snapshot of `hall()` (read at each watch), other acknowledged calls with `acks[event]`; every
 * call is recorded, and `fire` plays an event from the server.
 */
export class FakeBoardSocket {
  connected = false;
  calls: { event: string; payload: unknown }[] = [];
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();

  constructor(
    private readonly hall: () => FakeHall,
    private readonly acks: Record<string, unknown> = {},
  ) {}

  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  off() {
    return this;
  }
  emit(event: string, payload: unknown) {
    this.calls.push({ event, payload });
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
      emitWithAck: async (event: string, payload?: unknown) => {
        this.calls.push({ event, payload });
        if (event in this.acks) return this.acks[event];
        if (event !== 'proctor:watch') return { ok: false, code: 'invalid', message: 'unexpected' };
        const { students, part } = this.hall();
        this.fire('proctor:snapshot', { examId: 'e1', snapshotId: 'snapshot-1', students });
        return { ok: true, data: { snapshotId: 'snapshot-1', total: students.length, serverNow: new Date().toISOString(), exam: BOARD_EXAM, ...(part === undefined ? {} : { part }) } };
      },
    };
  }
}
