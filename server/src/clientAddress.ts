/*
 * Which address a request comes from, for per-address limits on HTTP and on socket handshakes
 * alike. Each proxy appends the address of whoever connected to it to X-Forwarded-For; entries to
 * the left of those were written by the client and can be anything. With `hops` trusted proxies
 * in front, the client is the entry `hops` places from the right (the one the outermost trusted
 * proxy appended); with none, the header is ignored and the peer of the TCP connection is the
 * client. Koa reads the same entry when given `proxy` and `maxIpsCount` (koaProxyOptions).
 */

/** Koa's options for `hops` trusted proxies: ctx.ip is then clientAddress's answer. */
export function koaProxyOptions(hops: number): { proxy: boolean; maxIpsCount: number } {
  return { proxy: hops > 0, maxIpsCount: hops };
}

/**
 * The client's address from the X-Forwarded-For header(s) and the connection's peer. A header
 * with fewer entries than `hops` (a proxy that did not append) falls back to its leftmost entry,
 * as Koa does.
 */
export function clientAddress(forwardedFor: string | string[] | undefined, peer: string | undefined, hops: number): string {
  if (hops > 0 && forwardedFor) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map((v) => v.trim());
    const trusted = entries.slice(-hops);
    if (trusted[0]) return trusted[0];
  }
  return peer ?? '';
}
