import type { Redis } from 'ioredis';

/** What the health and readiness payloads say about Redis (an admin screen can show it). */
export interface RedisStatus {
  status: 'up' | 'down' | 'connecting';
  /** When the current outage began (ISO), or null. */
  downSince: string | null;
  /** Outages seen since this node started. */
  outages: number;
}

/**
 * Every Redis connection of a node, and whether Redis is reachable. Redis is never required to
 * serve: while it is down, rate limits fall back to memory, broadcasts reach this node's sockets
 * only, and the clients keep reconnecting with backoff for as long as it takes. The outage is
 * logged once when it begins and once when it ends, and whoever registered `onRecovered` (the
 * proctor boards' resync) hears of the recovery.
 */
export interface RedisLink {
  /** For commands (rate limits, readiness): fails fast while Redis is unreachable instead of queueing. */
  client: Redis;
  /** A publisher and a subscriber for the Socket.IO adapter, hardened against outages. */
  adapterClients(): { pub: Redis; sub: Redis };
  status(): RedisStatus;
  onRecovered(listener: () => void): void;
  /**
   * Resolves once every connection is ready or Redis is known to be down, or after `ms`: a node
   * starting next to a healthy Redis uses it from its first request, and one whose Redis is down
   * starts anyway.
   */
  settled(ms: number): Promise<void>;
  close(): Promise<void>;
}
