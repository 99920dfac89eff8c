import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createActor, createMachine, sendTo } from 'xstate';
import type { AppSocket } from '../../api/socket';
import type { SessionCommand } from './examTakingMachine';
import type { Outbox, OutboxRecord } from './outbox';
import { submitOverSocket } from './liveSubmit';
import { createSessionActor } from './sessionActor';

const ATTEMPT = 'attempt-1';
const JOIN = { attemptId: ATTEMPT, status: 'in_progress', serverNow: '2030-01-01T00:00:00.000Z', deadlineAt: '2030-01-01T00:30:00.000Z', answers: {}, seqs: {} };

type Reply = (event: string, payload: Record<string, unknown>) => unknown;

/** Just enough of a Socket.IO client: emits are logged and answered by `reply`. */
class FakeSocket {
  connected = false;
  active = true;
  /** Fire-and-forget emits (save health). */
  emitted: { event: string; payload: Record<string, unknown> }[] = [];
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  constructor(
    private log: string[],
    public reply: Reply,
  ) {}
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  /** While set, every handshake is refused with this message (the server's connect_error). */
  refuseWith: string | undefined;
  connects = 0;
  connect() {
    this.connects++;
    if (this.refuseWith) return this.refuse(this.refuseWith);
    this.connected = true;
    this.fire('connect');
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  refuse(message: string) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
  disconnect() {
    this.connected = false;
  }
  emit(event: string, payload: Record<string, unknown>) {
    this.emitted.push({ event, payload });
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
  }
  timeout() {
    return {
      emitWithAck: async (event: string, payload: Record<string, unknown>) => {
        this.log.push(`emit ${event} ${String(payload.questionId ?? payload.type ?? '')}#${String(payload.seq ?? '')}`);
        return this.reply(event, payload);
      },
    };
  }
}

function memoryOutbox(log: string[]): Outbox & { rows: Map<string, OutboxRecord> } {
  const rows = new Map<string, OutboxRecord>();
  return {
    rows,
    async put(r) {
      log.push(`put ${r.questionId}#${r.seq}`);
      const old = rows.get(r.questionId);
      if (!old || old.seq <= r.seq) rows.set(r.questionId, r);
    },
    async acknowledge(_a, q, seq) {
      log.push(`ack ${q}#${seq}`);
      if ((rows.get(q)?.seq ?? 0) <= seq) rows.delete(q);
    },
    async list() {
      return [...rows.values()];
    },
    async clear() {
      rows.clear();
    },
  };
}

const okReplies: Reply = (event) => {
  if (event === 'attempt:join') return { ok: true, data: JOIN };
  if (event === 'violation') return { ok: true, counts: { tabSwitches: 1, fullscreenExits: 0 }, submitted: false };
  return { ok: true, savedAt: '2030-01-01T00:01:00.000Z' };
};

function harness({ reply = okReplies, refresh = async () => true }: { reply?: Reply; refresh?: () => Promise<boolean> } = {}) {
  const log: string[] = [];
  const socket = new FakeSocket(log, reply);
  const outbox = memoryOutbox(log);
  const received: { type: string; [k: string]: unknown }[] = [];
  const parent = createMachine({
    types: {} as { events: { type: 'command'; command: SessionCommand } | { type: string } },
    invoke: { id: 'session', src: 'session', input: { attemptId: ATTEMPT } },
    on: {
      command: { actions: sendTo('session', ({ event }) => (event as { command: SessionCommand }).command) },
      '*': { actions: ({ event }) => void received.push(event as { type: string }) },
    },
  }).provide({
    actors: { session: createSessionActor({ createSocket: () => socket as unknown as AppSocket, outbox, refreshToken: refresh }) },
  });
  const actor = createActor(parent).start();
  const send = (command: SessionCommand) => actor.send({ type: 'command', command });
  const types = () => received.map((e) => e.type);
  return { socket, outbox, log, received, types, send, actor };
}

const save = (questionId: string, seq: number, answer: string | null = 'x') => ({ questionId, answer, seq, order: seq });

describe('socket session actor', () => {
  it('joins on every connect and reports the server state', async () => {
    const { types, received } = harness();
    await vi.waitFor(() => expect(types()).toEqual(['socket.connected', 'socket.joined']));
    expect(received[1]).toMatchObject({ data: JOIN });
  });

  it('writes a save to the outbox before emitting it, and forgets it only after the ack', async () => {
    const { send, log, outbox, types } = harness();
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    send({ type: 'session.save', saves: [save('q1', 1), save('q2', 1)] });
    await vi.waitFor(() => expect(types().filter((t) => t === 'save.acked')).toHaveLength(2));
    const saves = log.filter((l) => !l.startsWith('emit attempt:join'));
    expect(saves.indexOf('put q1#1')).toBeLessThan(saves.indexOf('emit answer:save q1#1'));
    expect(saves.indexOf('emit answer:save q1#1')).toBeLessThan(saves.indexOf('ack q1#1'));
    expect(saves.indexOf('emit answer:save q1#1')).toBeLessThan(saves.indexOf('emit answer:save q2#1'));
    expect(outbox.rows.size).toBe(0);
  });

  it('submits over its joined socket with the time and flags, and offers nothing once offline or stopped', async () => {
    const sent: Record<string, unknown>[] = [];
    const { socket, types, actor } = harness({
      reply: (event, payload) => {
        if (event !== 'attempt:submit') return okReplies(event, payload);
        sent.push(payload);
        return { ok: true, submissionId: ATTEMPT, reason: 'student' };
      },
    });
    const input = { examId: 'exam-1', attemptId: ATTEMPT, answers: {}, timeSpent: 61, securityFlags: { tabSwitches: 1, fullscreenExited: 0, warningsReceived: 1 } };
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    await expect(submitOverSocket(input)).resolves.toEqual({ submissionId: ATTEMPT, reason: 'student' });
    expect(sent).toEqual([{ attemptId: ATTEMPT, timeSpent: 61, securityFlags: input.securityFlags }]);

    // Offline, the caller submits over HTTP instead.
    socket.drop();
    await expect(submitOverSocket(input)).resolves.toBeUndefined();
    actor.stop();
    await expect(submitOverSocket(input)).resolves.toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('leaves a refused submission to HTTP, which gives the reason', async () => {
    const { types } = harness({
      reply: (event, payload) => (event === 'attempt:submit' ? { ok: false, code: 'error', message: 'busy' } : okReplies(event, payload)),
    });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    await expect(
      submitOverSocket({ examId: 'exam-1', attemptId: ATTEMPT, answers: {}, timeSpent: 1, securityFlags: { tabSwitches: 0, fullscreenExited: 0, warningsReceived: 0 } }),
    ).resolves.toBeUndefined();
  });

  it('keeps a save made offline in the outbox without emitting it', async () => {
    const { socket, send, log, outbox, types } = harness();
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    socket.drop();
    send({ type: 'session.save', saves: [save('q1', 2)] });
    await vi.waitFor(() => expect(outbox.rows.get('q1')?.seq).toBe(2));
    expect(log.some((l) => l.startsWith('emit answer:save'))).toBe(false);
    expect(types()).toContain('socket.disconnected');
  });

  it('passes on a refusal and drops the save from the outbox unless it was a server hiccup', async () => {
    const { send, outbox, received, types } = harness({
      reply: (event, payload) =>
        event === 'answer:save'
          ? payload.questionId === 'q1'
            ? { ok: false, code: 'attempt-closed', message: 'closed' }
            : { ok: false, code: 'error', message: 'retry' }
          : okReplies(event, payload),
    });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    send({ type: 'session.save', saves: [save('q1', 1), save('q2', 1)] });
    await vi.waitFor(() => expect(types().filter((t) => t === 'save.rejected')).toHaveLength(2));
    expect(received.filter((e) => e.type === 'save.rejected').map((e) => e.code)).toEqual(['attempt-closed', 'error']);
    expect([...outbox.rows.keys()]).toEqual(['q2']);
  });

  it('says a save failed when no ack comes back', async () => {
    const { send, types } = harness({ reply: (event, p) => (event === 'answer:save' ? Promise.reject(new Error('timeout')) : okReplies(event, p)) });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    send({ type: 'session.save', saves: [save('q1', 1)] });
    await vi.waitFor(() => expect(types()).toContain('save.failed'));
  });

  it('holds violations seen offline and reports them after the next join', async () => {
    const { socket, send, types, received } = harness();
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    socket.drop();
    send({ type: 'session.violation', violationType: 'tab-switch', at: 1 });
    expect(types()).not.toContain('violation.acked');
    socket.connect();
    await vi.waitFor(() => expect(types()).toContain('violation.acked'));
    expect(received.find((e) => e.type === 'violation.acked')).toMatchObject({ violationType: 'tab-switch', counts: { tabSwitches: 1 }, submitted: false });
  });

  it('sends a flag of the checks on the device with its confidence, duration and id, also when it waited offline', async () => {
    const sent: Record<string, unknown>[] = [];
    const { socket, send, types } = harness({
      reply: (event, payload) => {
        if (event === 'violation') sent.push(payload);
        return okReplies(event, payload);
      },
    });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    socket.drop();
    const flag = { confidence: 0.92, durationMs: 5200, flagId: '33333333-3333-4333-8333-333333333333' };
    send({ type: 'session.violation', violationType: 'face-missing', at: 7, flag });
    socket.connect();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ attemptId: ATTEMPT, type: 'face-missing', at: 7, ...flag });
  });

  it('passes on a proctor’s waiver of a check', async () => {
    const { socket, received } = harness();
    socket.fire('proctor:waiver', { examId: '11111111-1111-4111-8111-111111111111', studentId: '22222222-2222-4222-8222-222222222222', check: 'face', reason: 'no camera at home', granted: true });
    socket.fire('proctor:waiver', { check: 'nonsense', granted: true });
    expect(received.filter((e) => e.type === 'proctor.waiver')).toEqual([{ type: 'proctor.waiver', check: 'face', granted: true }]);
  });

  it('passes on the server’s time and its word that the attempt was submitted', async () => {
    const { socket, received } = harness();
    socket.fire('attempt:time', { serverNow: JOIN.serverNow, deadlineAt: '2030-01-01T00:40:00.000Z' });
    socket.fire('attempt:submitted', { attemptId: 'someone-else', reason: 'proctor' });
    socket.fire('attempt:submitted', { attemptId: ATTEMPT, reason: 'proctor' });
    expect(received.filter((e) => e.type.startsWith('server.'))).toEqual([
      { type: 'server.time', serverNow: JOIN.serverNow, deadlineAt: '2030-01-01T00:40:00.000Z' },
      { type: 'server.submitted', reason: 'proctor' },
    ]);
  });

  it('passes on proctor messages and the reinstatement of this attempt only', () => {
    const { socket, received } = harness();
    socket.fire('proctor:message', { text: 'Five minutes left', at: '2030-01-01T00:25:00.000Z' });
    socket.fire('attempt:reinstated', { attemptId: 'someone-else' });
    socket.fire('attempt:reinstated', { attemptId: ATTEMPT });
    expect(received.filter((e) => e.type.startsWith('proctor.') || e.type === 'server.reinstated')).toEqual([
      { type: 'proctor.message', text: 'Five minutes left', at: '2030-01-01T00:25:00.000Z' },
      { type: 'server.reinstated' },
    ]);
  });

  it('tells the proctor how many saves wait for an ack: on joining, then on changes at most every 2 s', async () => {
    const { socket, send, types } = harness({ reply: (event, p) => (event === 'answer:save' ? new Promise(() => undefined) : okReplies(event, p)) });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    const health = () => socket.emitted.filter((e) => e.event === 'attempt:health').map((e) => e.payload.pending);
    expect(health()).toEqual([0]);
    send({ type: 'session.save', saves: [save('q1', 1), save('q2', 1)] });
    await new Promise((r) => setTimeout(r, 50));
    expect(health()).toEqual([0]);
    await vi.waitFor(() => expect(health()).toEqual([0, 2]), { timeout: 3000 });
  });

  it('refreshes the token after an Unauthorized handshake and reconnects; gives up when that fails', async () => {
    let ok = true;
    const { socket, types } = harness({ refresh: async () => ok });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    socket.refuse('Unauthorized');
    await vi.waitFor(() => expect(types().filter((t) => t === 'socket.joined')).toHaveLength(2));
    ok = false;
    socket.refuse('Unauthorized');
    await vi.waitFor(() => expect(types()).toContain('socket.unauthorized'));
  });

  it('keeps retrying, more and more slowly, while the server cannot check the session; never ends it', async () => {
    const refresh = vi.fn(async () => true);
    const { socket, types } = harness({ refresh });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    // The database goes down: the connection drops and every handshake is refused as unavailable.
    socket.refuseWith = 'Unavailable';
    socket.drop();
    socket.refuse('Unavailable');
    const before = socket.connects;
    await vi.advanceTimersByTimeAsync(60_000);
    const retries = socket.connects - before;
    // Backing off from 2 s towards 15 s: a handful of tries a minute, not one every 2 s.
    expect(retries).toBeGreaterThanOrEqual(5);
    expect(retries).toBeLessThanOrEqual(12);
    expect(refresh).not.toHaveBeenCalled();
    expect(types()).not.toContain('socket.unauthorized');
    // The database is back: the next try joins again.
    socket.refuseWith = undefined;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(types().filter((t) => t === 'socket.joined')).toHaveLength(2);
  });

  it('stops knocking and says why when the student already holds too many connections', async () => {
    const refresh = vi.fn(async () => true);
    const { socket, types, received } = harness({ refresh });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    socket.drop();
    socket.active = false;
    const before = socket.connects;
    const refusal = Object.assign(new Error('TooManyConnections'), { data: { code: 'too-many-connections', message: 'Close some other tabs.' } });
    socket.fire('connect_error', refusal);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    // No retry loop, no token refresh: the message instead (the machine shows it with a Retry button).
    expect(socket.connects).toBe(before);
    expect(refresh).not.toHaveBeenCalled();
    expect(received.filter((e) => e.type === 'socket.tooMany')).toEqual([{ type: 'socket.tooMany', message: 'Close some other tabs.' }]);
  });

  it('keeps a save the server refused because the session ended, for after the next sign-in', async () => {
    const { send, outbox, types } = harness({ reply: (event, p) => (event === 'answer:save' ? { ok: false, code: 'unauthorized', message: 'Session expired. Please login again.' } : okReplies(event, p)) });
    await vi.waitFor(() => expect(types()).toContain('socket.joined'));
    send({ type: 'session.save', saves: [save('q1', 1)] });
    await vi.waitFor(() => expect(types()).toContain('save.rejected'));
    expect(outbox.rows.get('q1')).toMatchObject({ seq: 1 });
  });

  describe('rest breaks', () => {
    const REAL_ATTEMPT = ATTEMPT;
    const state = { state: 'on-break', requestedAt: null, startedAt: '2030-01-01T00:05:00.000Z', endsAt: '2030-01-01T00:15:00.000Z', usedMs: 0, allowanceMs: 600_000, automatic: true };

    it('asks for a break and passes on the state the server answers with', async () => {
      const sent: Record<string, unknown>[] = [];
      const { send, received, types } = harness({
        reply: (event, payload) => {
          if (event !== 'attempt:break') return okReplies(event, payload);
          sent.push(payload);
          return { ok: true, serverNow: '2030-01-01T00:05:00.000Z', break: state };
        },
      });
      await vi.waitFor(() => expect(types()).toContain('socket.joined'));
      send({ type: 'session.break', action: 'request' });
      await vi.waitFor(() => expect(types()).toContain('server.break'));
      expect(sent).toEqual([{ attemptId: REAL_ATTEMPT, action: 'request' }]);
      expect(received.find((e) => e.type === 'server.break')).toEqual({ type: 'server.break', serverNow: '2030-01-01T00:05:00.000Z', break: state });
    });

    it("passes on the server's reason for refusing, and says so when offline without sending", async () => {
      const { socket, send, received, types, log } = harness({
        reply: (event, payload) => (event === 'attempt:break' ? { ok: false, code: 'conflict', message: 'You have used all your rest-break time.' } : okReplies(event, payload)),
      });
      await vi.waitFor(() => expect(types()).toContain('socket.joined'));
      send({ type: 'session.break', action: 'request' });
      await vi.waitFor(() => expect(types()).toContain('break.failed'));
      expect(received.find((e) => e.type === 'break.failed')?.message).toBe('You have used all your rest-break time.');
      socket.drop();
      send({ type: 'session.break', action: 'end' });
      await vi.waitFor(() => expect(types().filter((t) => t === 'break.failed')).toHaveLength(2));
      expect(received.filter((e) => e.type === 'break.failed').at(-1)?.message).toBe('You are offline: try again once the connection is back.');
      expect(log.filter((l) => l.startsWith('emit attempt:break'))).toHaveLength(1);
    });

    it("passes on this attempt's break changes, a refusal included, and the accommodation a teacher changed", async () => {
      const { socket, received, types } = harness();
      await vi.waitFor(() => expect(types()).toContain('socket.joined'));
      socket.fire('attempt:break', { attemptId: 'someone-else', serverNow: '2030-01-01T00:05:00.000Z', break: state });
      const none = { ...state, state: 'none', startedAt: null, endsAt: null, automatic: false };
      socket.fire('attempt:break', { attemptId: REAL_ATTEMPT, serverNow: '2030-01-01T00:06:00.000Z', break: none, refused: true });
      socket.fire('attempt:break', { attemptId: REAL_ATTEMPT, serverNow: 'not a time', break: none });
      expect(received.filter((e) => e.type === 'server.break')).toEqual([{ type: 'server.break', serverNow: '2030-01-01T00:06:00.000Z', break: none, refused: true }]);
      const accommodation = { timeMultiplier: 1, restBreakMinutes: 10, breaksAutomatic: false, waivedChecks: [], reducedDistraction: false, largerText: true };
      socket.fire('attempt:accommodation', { attemptId: REAL_ATTEMPT, accommodation });
      socket.fire('attempt:accommodation', { attemptId: 'someone-else', accommodation: null });
      expect(received.filter((e) => e.type === 'server.accommodation')).toEqual([{ type: 'server.accommodation', accommodation }]);
    });

    it('keeps a save refused during a break in the outbox, for after the break', async () => {
      const { send, outbox, received, types } = harness({
        reply: (event, payload) => (event === 'answer:save' ? { ok: false, code: 'on-break', message: 'You are on a rest break' } : okReplies(event, payload)),
      });
      await vi.waitFor(() => expect(types()).toContain('socket.joined'));
      send({ type: 'session.save', saves: [save('q1', 4)] });
      await vi.waitFor(() => expect(types()).toContain('save.rejected'));
      expect(received.find((e) => e.type === 'save.rejected')).toMatchObject({ code: 'on-break', seq: 4 });
      expect(outbox.rows.get('q1')?.seq).toBe(4);
    });
  });
});
