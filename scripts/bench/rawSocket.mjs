// A simulated student's connection: the Socket.IO protocol (Socket.IO 5 over Engine.IO 4, the
// WebSocket transport, the default namespace) spoken straight over a `ws` WebSocket.
//
// Ten thousand students' browsers are ten thousand machines; here they share the server's two cores.
// Through socket.io-client each save cost the load generators about as much CPU as it cost
// PostgreSQL, time taken from the server being measured. This speaks the same frames with a
// fraction of the work: the server cannot tell the two apart (the live session's tests use
// socket.io-client itself), and the latency measured is still from the send to the acknowledgement
// read off the socket.
import WebSocket from 'ws';

const OPEN = '0';
const CLOSE = '1';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
// Socket.IO packet types inside an Engine.IO message.
const CONNECT = '0';
const DISCONNECT = '1';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';

/** Every socket's acknowledgements still awaited, checked once a second for the ones past their time. */
const waiting = new Set();
let sweeper;
function watch(socket) {
  waiting.add(socket);
  sweeper ??= setInterval(() => {
    const now = performance.now();
    for (const s of waiting) s.expire(now);
  }, 1000).unref();
}

export class RawSocket {
  /** Opens a connection and signs in with `auth`; resolves null when the server refuses or it fails. */
  static connect(url, auth, timeoutMs) {
    return new Promise((resolve) => {
      const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false, skipUTF8Validation: true });
      const socket = new RawSocket(ws, auth);
      const timer = setTimeout(() => done(null), timeoutMs);
      const done = (value) => {
        clearTimeout(timer);
        socket.onConnect = undefined;
        if (!value) socket.close();
        resolve(value);
      };
      socket.onConnect = (ok) => done(ok ? socket : null);
      ws.on('error', () => done(null));
      ws.on('close', () => {
        socket.closed();
        done(null);
      });
      ws.on('message', (data) => socket.receive(data.toString()));
    });
  }

  constructor(ws, auth) {
    this.ws = ws;
    this.auth = auth;
    this.nextId = 0;
    /** ack id -> { resolve, reject, until } */
    this.pending = new Map();
    watch(this);
  }

  receive(text) {
    const type = text[0];
    if (type === MESSAGE) {
      const kind = text[1];
      if (kind === ACK) {
        const open = text.indexOf('[', 2);
        const id = Number(text.slice(2, open));
        const entry = this.pending.get(id);
        if (!entry) return;
        this.pending.delete(id);
        entry.resolve(JSON.parse(text.slice(open))[0]);
      } else if (kind === CONNECT) this.onConnect?.(true);
      else if (kind === CONNECT_ERROR) this.onConnect?.(false);
      else if (kind === DISCONNECT) this.close();
      // Events the server sends a student (the clock, a proctor's message) are not this bench's concern.
    } else if (type === PING) this.ws.send(PONG);
    else if (type === OPEN) this.ws.send(`${MESSAGE}${CONNECT}${JSON.stringify(this.auth)}`);
    else if (type === CLOSE) this.close();
  }

  /** Sends an event and resolves with its acknowledgement, or rejects after `timeoutMs` or when the connection goes. */
  emitWithAck(event, data, timeoutMs) {
    return new Promise((resolve, reject) => {
      if (this.ws.readyState !== WebSocket.OPEN) return reject(new Error('not connected'));
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject, until: performance.now() + timeoutMs });
      this.ws.send(`${MESSAGE}${EVENT}${id}${JSON.stringify([event, data])}`);
    });
  }

  expire(now) {
    for (const [id, entry] of this.pending) {
      if (entry.until > now) continue;
      this.pending.delete(id);
      entry.reject(new Error('operation has timed out'));
    }
  }

  closed() {
    waiting.delete(this);
    for (const entry of this.pending.values()) entry.reject(new Error('socket closed'));
    this.pending.clear();
  }

  close() {
    this.ws.close();
    this.closed();
  }
}
