import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CAMERA_EVENTS, PROCTOR_EVENTS, SOCKET_EVENTS } from '@exam/shared';

/** The event-name constants the server code refers to, so `SOCKET_EVENTS.join` reads as 'attempt:join'. */
const CONSTANTS: Record<string, Record<string, string>> = { SOCKET_EVENTS, PROCTOR_EVENTS, CAMERA_EVENTS };
/** Socket.IO's own events, not part of our protocol. */
const RESERVED = new Set(['connect', 'connection', 'disconnect', 'disconnecting', 'error']);

export interface Found {
  name: string;
  at: string;
}

export interface EventsInCode {
  handled: Found[];
  emitted: Found[];
  /** Calls whose event name could not be read (a variable): only the hub's generic emit may be one. */
  unread: Found[];
}

/** The arguments of the call whose '(' is at `open`, split at top-level commas. */
function callArgs(src: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote = '';
  let start = open + 1;
  for (let i = open + 1; i < src.length; i++) {
    const c = src[i]!;
    if (quote) {
      if (c === quote && src[i - 1] !== '\\') quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) {
        args.push(src.slice(start, i).trim());
        return args;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      args.push(src.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

function eventName(arg: string | undefined): string | undefined {
  if (!arg) return undefined;
  const literal = /^'([^']+)'$/.exec(arg);
  if (literal) return literal[1];
  const constant = /^([A-Z_]+)\.(\w+)$/.exec(arg);
  return constant ? CONSTANTS[constant[1]!]?.[constant[2]!] : undefined;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
    .map((f) => path.join(f.parentPath, f.name))
    .filter((f) => !f.includes(`${path.sep}test${path.sep}`) && !f.includes(`${path.sep}protocolDocs${path.sep}`));
}

/**
 * Reads the server's source for the events it handles (`onAck(socket, log, EVENT, …)`,
 * `socket.on(EVENT, …)`) and emits (`.emit(EVENT, …)` to a socket or room, `.emit(room, EVENT, …)`
 * through the hub), so a new event cannot slip past the protocol table.
 */
export function eventsInCode(serverSrc: string): EventsInCode {
  const out: EventsInCode = { handled: [], emitted: [], unread: [] };
  for (const file of sourceFiles(serverSrc)) {
    const src = readFileSync(file, 'utf8');
    const where = (index: number) => `${path.relative(serverSrc, file)}:${src.slice(0, index).split('\n').length}`;
    for (const m of src.matchAll(/\bonAck\s*\(|\bsocket\.on\s*\(/g)) {
      const args = callArgs(src, m.index + m[0].length - 1);
      const arg = m[0].startsWith('onAck') ? args[2] : args[0];
      const name = eventName(arg);
      if (name && RESERVED.has(name)) continue;
      if (name) out.handled.push({ name, at: where(m.index) });
      else out.unread.push({ name: `handler ${arg}`, at: where(m.index) });
    }
    for (const m of src.matchAll(/\.emit\s*\(/g)) {
      const args = callArgs(src, m.index + m[0].length - 1);
      const name = eventName(args[0]) ?? eventName(args[1]);
      if (name) out.emitted.push({ name, at: where(m.index) });
      else out.unread.push({ name: `emit ${args.slice(0, 2).join(', ')}`, at: where(m.index) });
    }
  }
  return out;
}
