import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { emitWithAckWhileHeard, handshakeRetryDelay, keepConnected, SocketCallError, type AppSocket } from './socket';

vi.mock('./http', () => ({ http: { get: vi.fn(async () => ({})) } }));
vi.mock('./storedSession', () => ({ readToken: () => 'token' }));

/** The parts of a Socket.IO client keepConnected uses; every handshake is refused with `refuseWith`. */
class RefusingSocket {
  active = false;
  connects = 0;
  refuseWith: string | undefined = 'Unavailable';
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  off() {
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  connect() {
    this.connects++;
    if (this.refuseWith) this.fire('connect_error', new Error(this.refuseWith));
    else this.fire('connect');
  }
}

describe('keeping a screen socket connected', () => {
  it('retries a handshake refused as unavailable for as long as it takes, and never gives the session up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const socket = new RefusingSocket();
    const gaveUp = vi.fn();
    keepConnected(socket as unknown as AppSocket, gaveUp);
    socket.connect();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(socket.connects).toBeGreaterThan(15);
    expect(gaveUp).not.toHaveBeenCalled();
  });

  it('gives up after repeated Unauthorized refusals (the session really ended)', async () => {
    const socket = new RefusingSocket();
    socket.refuseWith = 'Unauthorized';
    const gaveUp = vi.fn();
    keepConnected(socket as unknown as AppSocket, gaveUp);
    socket.connect();
    await vi.waitFor(() => expect(gaveUp).toHaveBeenCalled());
  });

  it('stops knocking when the person already holds too many connections, and gives the reason once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const socket = new RefusingSocket();
    const gaveUp = vi.fn();
    const tooMany = vi.fn();
    keepConnected(socket as unknown as AppSocket, gaveUp, tooMany);
    socket.connects++;
    socket.fire('connect_error', Object.assign(new Error('TooManyConnections'), { data: { code: 'too-many-connections', message: 'Cierra otras pestañas.' } }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(socket.connects).toBe(1);
    expect(tooMany.mock.calls).toEqual([['Cierra otras pestañas.']]);
    expect(gaveUp).not.toHaveBeenCalled();

    // Without the server's text, the app's own.
    const bare = new RefusingSocket();
    bare.refuseWith = 'TooManyConnections';
    const said = vi.fn();
    keepConnected(bare as unknown as AppSocket, undefined, said);
    bare.connect();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(bare.connects).toBe(1);
    expect(said).toHaveBeenCalledTimes(1);
    expect(said.mock.calls[0]![0]).toMatch(/too many exam or live pages open/);
  });

  it('waits longer after each refusal, up to 15 s, spread at random', () => {
    expect(handshakeRetryDelay(1, () => 0.5)).toBe(2000);
    expect(handshakeRetryDelay(2, () => 0.5)).toBe(3000);
    expect(handshakeRetryDelay(20, () => 0.5)).toBe(15000);
    expect(handshakeRetryDelay(1, () => 0)).toBe(1500);
    expect(handshakeRetryDelay(1, () => 1)).toBe(2500);
  });
});

/** A connected socket whose acknowledgement comes when the test says. */
function slowSocket() {
  let answer: (ack: unknown) => void = () => undefined;
  const socket = {
    connected: true,
    timeout: () => ({ emitWithAck: () => new Promise((resolve) => (answer = resolve)) }),
  };
  return { socket: socket as unknown as AppSocket, answer: (ack: unknown) => answer(ack) };
}

describe('a call whose answer shows it is on its way', () => {
  it('waits as long as it keeps hearing from the answer, and gives up after a silence', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());

    // A large snapshot: a page every 4 s for 30 s, then the acknowledgement.
    const slow = slowSocket();
    const call = emitWithAckWhileHeard(slow.socket, 'proctor:watch', {}, { silenceMs: 10_000, maxMs: 120_000 });
    for (let t = 0; t < 30_000; t += 4_000) {
      await vi.advanceTimersByTimeAsync(4_000);
      call.heard();
    }
    slow.answer({ ok: true });
    await expect(call.ack).resolves.toEqual({ ok: true });

    // Nothing heard for 10 s: the call is given up as timed out.
    const silent = emitWithAckWhileHeard(slowSocket().socket, 'proctor:watch', {}, { silenceMs: 10_000, maxMs: 120_000 });
    const outcome = silent.ack.catch((err: unknown) => err);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toEqual(new SocketCallError('timeout'));
  });
});
