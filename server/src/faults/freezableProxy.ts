import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL at 127.0.0.1:5432 in the tests) that
 * can freeze: while frozen it forwards nothing and closes nothing, and new connections are accepted
 * and left waiting, as when the server's process is stopped (SIGSTOP) or its host stops answering
 * without a reset. Thawed, everything held is delivered. Unlike stopping the shared server, it
 * freezes this test's connections only.
 */
export interface FreezableProxy {
  port: number;
  /** `target` with its host and port replaced by the proxy's. */
  url(target: string): string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function freezableProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<FreezableProxy> {
  let frozen = false;
  const sockets = new Set<Socket>();
  /** Ends seen while frozen, delivered on thaw (a stopped server only reads them once it runs again). */
  let held: (() => void)[] = [];
  const whenThawed = (fn: () => void) => (frozen ? held.push(fn) : fn());

  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
      if (frozen) s.pause();
    }
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    client.on('close', () => whenThawed(() => upstream.destroy()));
    upstream.on('close', () => whenThawed(() => client.destroy()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    url(target) {
      const u = new URL(target);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    freeze() {
      frozen = true;
      // Paused sockets read nothing: what either side sends waits in the kernel's buffers.
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
      const ends = held;
      held = [];
      for (const end of ends) end();
    },
    async close() {
      frozen = false;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
