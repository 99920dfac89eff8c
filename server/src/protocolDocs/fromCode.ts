import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as shared from '@exam/shared';

/**
 * The event-name constants the server code refers to, so `SOCKET_EVENTS.join` reads as
 * 'attempt:join' and `DASHBOARD_CHANGED_EVENT` as 'dashboard:changed': the shared package's
 * `*_EVENTS` tables and `*_EVENT` strings.
 */
const TABLES: Record<string, Record<string, string>> = Object.fromEntries(
  Object.entries(shared).filter(([k, v]) => k.endsWith('_EVENTS') && v && typeof v === 'object') as [string, Record<string, string>][],
);
const NAMES: Record<string, string> = Object.fromEntries(Object.entries(shared).filter(([k, v]) => k.endsWith('_EVENT') && typeof v === 'string') as [string, string][]);
/** Socket.IO's own events, not part of our protocol. */
const RESERVED = new Set(['connect', 'connection', 'disconnect', 'disconnecting', 'error']);

export interface Found {
  name: string;
  at: string;
}

export interface EventsInCode {
  handled: Found[];
  emitted: Found[];
  /**
   * Messages between server processes (`serverSideEmit`, `toOtherNodes`, and their listeners
   * `io.on`, `onNodeEvent`): never seen by a client, so held to their own table.
   */
  betweenNodes: Found[];
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

/** An event name as written: a literal, a shared constant, or a constant declared in the same file. */
function eventName(arg: string | undefined, local: Record<string, string>): string | undefined {
  if (!arg) return undefined;
  const literal = /^'([^']+)'$/.exec(arg);
  if (literal) return literal[1];
  const member = /^([A-Z_]+)\.(\w+)$/.exec(arg);
  if (member) return TABLES[member[1]!]?.[member[2]!];
  return /^[A-Z_]+$/.test(arg) ? (NAMES[arg] ?? local[arg]) : undefined;
}

/** `const RESYNC_ALL = 'sockets:resync';` at the top level of a file. */
function localConstants(src: string): Record<string, string> {
  return Object.fromEntries([...src.matchAll(/^(?:export )?const ([A-Z_]+) = '([^']+)';/gm)].map((m) => [m[1]!, m[2]!]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && !f.name.endsWith('.test.ts'))
    .map((f) => path.join(f.parentPath, f.name))
    .filter((f) => !f.includes(`${path.sep}test${path.sep}`) && !f.includes(`${path.sep}protocolDocs${path.sep}`));
}

/**
 * Reads the server's source for the events it handles (`onAck(handlers, deps, EVENT, …)`,
 * `socket.on(EVENT, …)`) and emits (`.emit(EVENT, …)` to a socket or room, `.emit(room, EVENT, …)`
 * through the hub), so a new event cannot slip past the protocol table.
 */
export function eventsInCode(serverSrc: string): EventsInCode {
  const out: EventsInCode = { handled: [], emitted: [], betweenNodes: [], unread: [] };
  for (const file of sourceFiles(serverSrc)) {
    const src = readFileSync(file, 'utf8');
    const local = localConstants(src);
    const name = (arg: string | undefined) => eventName(arg, local);
    const where = (index: number) => `${path.relative(serverSrc, file)}:${src.slice(0, index).split('\n').length}`;
    for (const m of src.matchAll(/\bonAck\s*\(|\bsocket\.on\s*\(/g)) {
      const args = callArgs(src, m.index + m[0].length - 1);
      const arg = m[0].startsWith('onAck') ? args[2] : args[0];
      const found = name(arg);
      if (found && RESERVED.has(found)) continue;
      if (found) out.handled.push({ name: found, at: where(m.index) });
      else out.unread.push({ name: `handler ${arg}`, at: where(m.index) });
    }
    for (const m of src.matchAll(/\.emit\s*\(/g)) {
      const args = callArgs(src, m.index + m[0].length - 1);
      const found = name(args[0]) ?? name(args[1]);
      if (found) out.emitted.push({ name: found, at: where(m.index) });
      else out.unread.push({ name: `emit ${args.slice(0, 2).join(', ')}`, at: where(m.index) });
    }
    for (const m of src.matchAll(/\b(?:serverSideEmit|toOtherNodes|onNodeEvent)\s*\(|\bio\??\.on\s*\(/g)) {
      const arg = callArgs(src, m.index + m[0].length - 1)[0];
      const found = name(arg);
      if (found && RESERVED.has(found)) continue;
      if (found) out.betweenNodes.push({ name: found, at: where(m.index) });
      else out.unread.push({ name: `node event ${arg}`, at: where(m.index) });
    }
  }
  return out;
}
