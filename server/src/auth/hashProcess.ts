import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { HashOptions } from 'argon2';
import type { HashReply, HashRequest } from './hashProtocol';

/*
 * Why a process of its own: argon2 costs a core for ~27 ms per sign-in, and during the 9:00 storm
 * that is a core for a minute. On libuv's threadpool it competed with the event loop and
 * PostgreSQL as an equal, and the saves of students already sitting an exam waited (p99 83 ms
 * against 50). Linux can only lower the priority of a whole process portably, so hashing runs in
 * a child at a higher nice value: whenever the live session wants a core it gets one, and hashing
 * takes what is left (on an idle core it runs at full speed). Measured (docs/benchmarks.md): with
 * PostgreSQL over its Unix socket, 19 keeps the storm's saves under 50 ms and sign-ins near 1 s;
 * at 10 saves still waited behind hashing.
 */
export const HASH_NICE = 19;

const CHILD = fileURLToPath(new URL('./hashChild.ts', import.meta.url));
// The child is TypeScript like the rest of the server; tsx is resolved from here, not the cwd.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

type Unsent = HashRequest extends infer R ? (R extends HashRequest ? Omit<R, 'id'> : never) : never;
type Pending = { req: HashRequest; resolve: (v: string | boolean) => void; reject: (e: Error) => void; tries: number };

export class HashProcess {
  private child: ChildProcess | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly nice = HASH_NICE) {}

  /** The child's pid once it runs (for health and tests). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  hash(password: string, options: HashOptions): Promise<string> {
    return this.send({ op: 'hash', password, options }) as Promise<string>;
  }

  verify(hash: string, password: string): Promise<boolean> {
    return this.send({ op: 'verify', hash, password }) as Promise<boolean>;
  }

  /** Starts the child ahead of the first sign-in, so that one does not wait for it. */
  warm(): void {
    this.ensureChild();
  }

  stop(): void {
    this.child?.kill();
    this.child = undefined;
  }

  private send(body: Unsent): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      const req = { ...body, id: this.nextId++ } as HashRequest;
      this.pending.set(req.id, { req, resolve, reject, tries: 0 });
      this.dispatch(req.id);
    });
  }

  private dispatch(id: number): void {
    const p = this.pending.get(id)!;
    p.tries++;
    const child = this.ensureChild();
    // While work is in flight the channel keeps the parent alive; idle, it must not (scripts end).
    child.channel?.ref();
    child.send(p.req, (err) => err && this.childGone(child));
  }

  private ensureChild(): ChildProcess {
    if (this.child && this.child.exitCode === null && this.child.connected) return this.child;
    const child = fork(CHILD, [], {
      execArgv: ['--import', TSX],
      // The parent bounds concurrency (WorkQueue); the child's threadpool needs no more than that.
      env: { ...process.env, UV_THREADPOOL_SIZE: '4' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child = child;
    child.unref();
    child.channel?.unref();
    if (child.pid) {
      try {
        os.setPriority(child.pid, this.nice);
      } catch {
        // Not allowed here (a locked-down container): hashing still works, at equal priority.
      }
    }
    child.on('message', (msg: HashReply | { ready: true }) => 'id' in msg && this.settle(msg));
    child.on('exit', () => this.childGone(child));
    child.on('error', () => this.childGone(child));
    return child;
  }

  private settle(reply: HashReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (!this.pending.size) this.child?.channel?.unref();
    if ('error' in reply) p.reject(new Error(reply.error));
    else p.resolve(reply.value);
  }

  /** A crashed or killed hasher: its work is sent once more to a fresh one (hashing is idempotent). */
  private childGone(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = undefined;
    for (const [id, p] of this.pending) {
      if (p.tries < 2) this.dispatch(id);
      else {
        this.pending.delete(id);
        p.reject(new Error('The password hasher stopped twice while checking this password'));
      }
    }
  }
}
