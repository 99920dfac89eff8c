import type { Server } from 'socket.io';

/**
 * Empties each write buffer Engine.IO has just sent. On every flush Engine.IO gives a socket a
 * new buffer and drops the old one, which by then has usually lived in the old generation since
 * the socket's previous message. V8's scavenges keep whatever an old object points to without
 * asking whether that object is still reachable, so a dropped buffer kept its packets, their
 * encoded text and the acknowledgement's data alive until they were promoted, and then until
 * the next full collection: at 10,000 students about a third of what the old generation gained.
 * An emptied buffer points at nothing. Measured in docs/benchmarks.md, "Design notes".
 *
 * Engine.IO's server emits `flush` with the buffer just before sending it and `drain` once
 * `transport.send` has encoded and written it, both synchronously, so the buffer is no longer
 * needed when `drain` comes.
 */
export function emptyFlushedBuffers(io: Server): void {
  let sender: unknown;
  let sent: unknown[] | undefined;
  io.engine.on('flush', (socket: unknown, buffer: unknown[]) => {
    sender = socket;
    sent = buffer;
  });
  io.engine.on('drain', (socket: unknown) => {
    if (sent && socket === sender) sent.length = 0;
    sender = sent = undefined;
  });
}
