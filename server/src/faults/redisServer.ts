import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const haveRedisServer = existsSync(REDIS_SERVER);

/**
 * A redis-server of the test's own, on its own port, that the test may stop and start again
 * (never the shared one CI uses). No persistence: a restart comes back empty, as a lost Redis would.
 */
export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGKILL: connections drop at once, as when Redis crashes or its host goes away. */
  stop(): Promise<void>;
  /** SIGSTOP: Redis hangs. Connections stay open and new ones are accepted, but nothing is answered. */
  freeze(): void;
  /** SIGCONT: Redis answers again, everything sent meanwhile included. */
  thaw(): void;
  dispose(): Promise<void>;
}

export function ownRedis(port: number): OwnRedis {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exam-redis-'));
  let child: ChildProcess | undefined;
  const stop = () =>
    new Promise<void>((resolve) => {
      const c = child;
      child = undefined;
      if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
      const deadline = Date.now() + 10_000;
      while (!(await pong(port))) {
        if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode}`);
        if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop,
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

/**
 * A free port below Linux's ephemeral range (32768+), so no server listening on port 0 elsewhere
 * in the run can take it while this test's Redis is stopped.
 */
export async function redisPort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    const free = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
