import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** The real server as its own OS process (so it can be killed with SIGKILL), ready when /api/ready says so. */
export async function startServerProcess(env: Record<string, string>, nodeArgs: string[] = []): Promise<ServerProcess> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', SERVER_MAIN], {
    // Every simulated student (benchmarks, fault runs) connects from loopback: one address, thousands of sockets.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', SOCKETS_PER_ADDRESS: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    const ok = await fetch(`${url}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return { url, child, output: () => out };
    if (Date.now() > deadline) {
      // Not handed to the caller, so nobody else would ever stop it.
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function killHard(p: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
    p.child.once('exit', () => resolve());
    p.child.kill('SIGKILL');
  });
}
